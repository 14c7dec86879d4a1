import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { medicationTag } from "../../cache/cache-tags.ts";
import { notFound } from "../../domain/refusal.ts";
import { tagAnswer } from "../../plugins/http-cache.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { requireDosage, requireMedication } from "./lookups.ts";

export const priceRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.listPricesForMedication, async (request) => {
    tagAnswer(request, [medicationTag(request.params.id)]);
    const medication = await requireMedication(app, request.params.id);
    return app.services.prices.forMedication(medication.id, request.query.dosage);
  });

  registerEndpoint(app, publicEndpoints.lowestPrice, async (request) => {
    tagAnswer(request, [medicationTag(request.params.id)]);
    const medication = await requireMedication(app, request.params.id);
    const dosage = requireDosage(medication, request.query.dosage);
    const lowest = await app.services.prices.lowest(medication.id, dosage);
    if (!lowest) throw notFound(`No in-stock price for ${medication.name} ${dosage}`);
    return lowest;
  });

  registerEndpoint(app, publicEndpoints.priceMatrix, async (request) => {
    tagAnswer(request, [medicationTag(request.params.id)]);
    return app.services.prices.matrix(await requireMedication(app, request.params.id));
  });

  registerEndpoint(app, publicEndpoints.recentPriceUpdates, async (request) =>
    app.services.prices.recentUpdates(request.query.limit),
  );
};
