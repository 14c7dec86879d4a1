import { CatalogueFigures } from "../../claims.ts";
import { defineEndpoint } from "../../endpoint.ts";

export const catalogueFigures = defineEndpoint({
  method: "GET",
  path: "/api/pages/figures",
  access: "public",
  tag: "pages",
  summary: "The live catalogue's figures behind the home and About pages' claims",
  description:
    "Pharmacies and medications a visitor can compare now (with at least one visible price), and the " +
    "largest saving on one pack between in-stock offers, in whole percent of the dearest. The web " +
    "turns them into claims with the contract's `catalogueClaims`.",
  cache: "public",
  responses: { 200: CatalogueFigures },
});
