import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { Pharmacy } from "../../entities.ts";
import { IdParams, TopRatedPharmaciesQuery } from "../../public-api.ts";

export const listPharmacies = defineEndpoint({
  method: "GET",
  path: "/api/pharmacies",
  access: "public",
  tag: "pharmacies",
  summary: "Active pharmacies by name",
  cache: "public",
  responses: { 200: z.array(Pharmacy) },
});

export const topRatedPharmacies = defineEndpoint({
  method: "GET",
  path: "/api/pharmacies/top/rated",
  access: "public",
  tag: "pharmacies",
  summary: "Best-rated active pharmacies, ties by name",
  cache: "public",
  query: TopRatedPharmaciesQuery,
  responses: { 200: z.array(Pharmacy), ...refusals(400) },
});

export const getPharmacy = defineEndpoint({
  method: "GET",
  path: "/api/pharmacies/:id",
  access: "public",
  tag: "pharmacies",
  summary: "One active pharmacy",
  cache: "public",
  params: IdParams,
  responses: { 200: Pharmacy, ...refusals(400, 404) },
});
