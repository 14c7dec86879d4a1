import { PUBLIC_API_LIMITS, publicEndpoints, SEARCH_TOO_SHORT_MESSAGE } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { conditionTag } from "../../cache/cache-tags.ts";
import { badRequest, notFound } from "../../domain/refusal.ts";
import { tagAnswer } from "../../plugins/http-cache.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { requireDosage, requireMedication } from "./lookups.ts";

export const medicationRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.listMedications, async (request) =>
    app.services.medications.listPublic(request.query),
  );

  registerEndpoint(app, publicEndpoints.listMedicationsBySubcategory, async (request) => {
    tagAnswer(request, [conditionTag(request.params.id)]);
    const list = await app.services.medications.listBySubcategory(request.params.id);
    if (!list) throw notFound(`Subcategory "${request.params.id}" not found`);
    return list;
  });

  registerEndpoint(app, publicEndpoints.searchMedications, async (request) => {
    const term = request.params.query.trim();
    if (term.length < PUBLIC_API_LIMITS.search.minLength) throw badRequest(SEARCH_TOO_SHORT_MESSAGE, "query");
    return app.services.medications.search(term);
  });

  registerEndpoint(app, publicEndpoints.searchMedicationsWithoutTerm, async () => {
    throw badRequest(SEARCH_TOO_SHORT_MESSAGE, "query");
  });

  registerEndpoint(app, publicEndpoints.getMedication, async (request) => {
    return requireMedication(app, request.params.id, request);
  });

  registerEndpoint(app, publicEndpoints.compareMedication, async (request) => {
    const medication = await requireMedication(app, request.params.id, request);
    return app.services.publicPrices.compare(medication, requireDosage(medication, request.query.dosage));
  });
};
