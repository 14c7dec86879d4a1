import {
  DosageQuery,
  ErrorBody,
  IdParams,
  Medication,
  MedicationComparison,
  MedicationListQuery,
  MedicationSearchParams,
  PUBLIC_API_LIMITS,
  publicApiRoutes,
  SEARCH_TOO_SHORT_MESSAGE,
} from "@pharmacompare/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, notFound } from "../../plugins/error-handler.ts";
import { requireDosage, requireMedication } from "./lookups.ts";

export const medicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    publicApiRoutes.medications,
    {
      config: { cache: "public" },
      schema: {
        tags: ["medications"],
        summary: "Active medications by name, optionally of one category or subcategory, paged",
        querystring: MedicationListQuery,
        response: { 200: z.array(Medication), 400: ErrorBody },
      },
    },
    async (request) => app.services.medications.listPublic(request.query),
  );

  app.get(
    publicApiRoutes.medicationsBySubcategory,
    {
      config: { cache: "public" },
      schema: {
        tags: ["medications"],
        summary: "Active medications of one active subcategory (condition), by name",
        params: IdParams,
        response: { 200: z.array(Medication), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const list = await app.services.medications.listBySubcategory(request.params.id);
      if (!list) throw notFound(`Subcategory "${request.params.id}" not found`);
      return list;
    },
  );

  app.get(
    publicApiRoutes.medicationSearch,
    {
      config: { cache: "public" },
      schema: {
        tags: ["medications"],
        summary: `Search suggestions: name or generic name contains the term, at most ${PUBLIC_API_LIMITS.search.maxResults}`,
        description:
          "Case-insensitive; the term is trimmed and must have at least " +
          `${PUBLIC_API_LIMITS.search.minLength} characters. Names starting with the term come first.`,
        params: MedicationSearchParams,
        response: { 200: z.array(Medication), 400: ErrorBody },
      },
    },
    async (request) => {
      const term = request.params.query.trim();
      if (term.length < PUBLIC_API_LIMITS.search.minLength) throw badRequest(SEARCH_TOO_SHORT_MESSAGE);
      return app.services.medications.search(term);
    },
  );

  // An empty term leaves no path segment; without this the path would read as medication "search".
  app.get("/api/medications/search", { schema: { hide: true, response: { 400: ErrorBody } } }, async () => {
    throw badRequest(SEARCH_TOO_SHORT_MESSAGE);
  });

  app.get(
    publicApiRoutes.medication,
    {
      config: { cache: "public" },
      schema: {
        tags: ["medications"],
        summary: "One active medication",
        params: IdParams,
        response: { 200: Medication, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => requireMedication(app, request.params.id),
  );

  app.get(
    publicApiRoutes.medicationComparison,
    {
      config: { cache: "public" },
      schema: {
        tags: ["medications"],
        summary: "A medication with every price for one of its dosages, cheapest first",
        params: IdParams,
        querystring: DosageQuery,
        response: { 200: MedicationComparison, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const medication = await requireMedication(app, request.params.id);
      return app.services.prices.compare(medication, requireDosage(medication, request.query.dosage));
    },
  );
};
