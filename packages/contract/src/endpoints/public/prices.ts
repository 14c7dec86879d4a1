import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { Price } from "../../entities.ts";
import {
  DosageQuery,
  IdParams,
  OptionalDosageQuery,
  PriceMatrix,
  RecentPriceUpdate,
  RecentPriceUpdatesQuery,
} from "../../public-api.ts";

export const listPricesForMedication = defineEndpoint({
  method: "GET",
  path: "/api/prices/medication/:id",
  access: "public",
  tag: "prices",
  summary: "A medication's prices with their pharmacies, cheapest first, optionally for one dosage",
  description: "An unknown dosage matches no price and answers an empty list.",
  cache: "public",
  params: IdParams,
  query: OptionalDosageQuery,
  responses: { 200: z.array(Price), ...refusals(400, 404) },
});

export const lowestPrice = defineEndpoint({
  method: "GET",
  path: "/api/prices/lowest/:id",
  access: "public",
  tag: "prices",
  summary: "The cheapest in-stock price for a medication and dosage",
  cache: "public",
  params: IdParams,
  query: DosageQuery,
  responses: { 200: Price, ...refusals(400, 404) },
});

export const priceMatrix = defineEndpoint({
  method: "GET",
  path: "/api/prices/matrix/:id",
  access: "public",
  tag: "prices",
  summary: "A medication's prices as a dosage × pharmacy grid",
  cache: "public",
  params: IdParams,
  responses: { 200: PriceMatrix, ...refusals(400, 404) },
});

export const recentPriceUpdates = defineEndpoint({
  method: "GET",
  path: "/api/prices/recent-updates",
  access: "public",
  tag: "prices",
  summary: "The most recently updated prices, newest first",
  cache: "public",
  query: RecentPriceUpdatesQuery,
  responses: { 200: z.array(RecentPriceUpdate), ...refusals(400) },
});
