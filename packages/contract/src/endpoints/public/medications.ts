import { z } from "zod";
import { MedicationComparison } from "../../comparison.ts";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { Medication } from "../../entities.ts";
import { DosageQuery, IdParams, MedicationListQuery, MedicationSearchParams } from "../../public-api.ts";
import { PUBLIC_API_LIMITS } from "../../public-api-limits.ts";

export const listMedications = defineEndpoint({
  method: "GET",
  path: "/api/medications",
  access: "public",
  tag: "medications",
  summary: "Active medications by name, optionally of one category or subcategory, paged",
  cache: "public",
  query: MedicationListQuery,
  responses: { 200: z.array(Medication), ...refusals(400) },
});

export const listMedicationsBySubcategory = defineEndpoint({
  method: "GET",
  path: "/api/medications/by-subcategory/:id",
  access: "public",
  tag: "medications",
  summary: "Active medications of one active subcategory (condition), by name",
  cache: "public",
  params: IdParams,
  responses: { 200: z.array(Medication), ...refusals(400, 404) },
});

export const searchMedications = defineEndpoint({
  method: "GET",
  path: "/api/medications/search/:query",
  access: "public",
  tag: "medications",
  summary: `Search suggestions: name or generic name contains the term, at most ${PUBLIC_API_LIMITS.search.maxResults}`,
  description:
    "Case-insensitive; the term is trimmed and must have at least " +
    `${PUBLIC_API_LIMITS.search.minLength} characters. Names starting with the term come first.`,
  cache: "public",
  params: MedicationSearchParams,
  responses: { 200: z.array(Medication), ...refusals(400) },
});

/** An empty term leaves no path segment; without this the path would read as medication "search". */
export const searchMedicationsWithoutTerm = defineEndpoint({
  method: "GET",
  path: "/api/medications/search",
  access: "public",
  tag: "medications",
  summary: "Search with an empty term: always refused",
  responses: { 200: z.never(), ...refusals(400) },
});

export const getMedication = defineEndpoint({
  method: "GET",
  path: "/api/medications/:id",
  access: "public",
  tag: "medications",
  summary: "One active medication",
  cache: "public",
  params: IdParams,
  responses: { 200: Medication, ...refusals(400, 404) },
});

export const compareMedication = defineEndpoint({
  method: "GET",
  path: "/api/medications/:id/comparison",
  access: "public",
  tag: "medications",
  summary: "A medication with every price for one of its dosages, cheapest first, Best marked",
  cache: "public",
  params: IdParams,
  query: DosageQuery,
  responses: { 200: MedicationComparison, ...refusals(400, 404) },
});
