import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { Pharmacy } from "../../entities.ts";
import { IdParams, TopRatedPharmaciesQuery } from "../../public-api.ts";

export const listPharmacies = defineEndpoint({
  method: "GET",
  path: "/api/pharmacies",
  access: "public",
  tag: "pharmacies",
  summary: "Listed pharmacies (active and GPhC-registered) by name",
  cache: "public",
  responses: { 200: z.array(Pharmacy) },
});

export const topRatedPharmacies = defineEndpoint({
  method: "GET",
  path: "/api/pharmacies/top/rated",
  access: "public",
  tag: "pharmacies",
  summary: "Best-rated listed pharmacies (active and GPhC-registered), ties by name",
  cache: "public",
  query: TopRatedPharmaciesQuery,
  responses: { 200: z.array(Pharmacy), ...refusals(400) },
});

export const getPharmacy = defineEndpoint({
  method: "GET",
  path: "/api/pharmacies/:id",
  access: "public",
  tag: "pharmacies",
  summary: "One listed pharmacy (active and GPhC-registered); any other id answers 404",
  cache: "public",
  params: IdParams,
  responses: { 200: Pharmacy, ...refusals(400, 404) },
});
