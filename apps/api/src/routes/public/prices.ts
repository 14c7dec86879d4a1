import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { notFound } from "../../domain/refusal.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { requireDosage, requireMedication } from "./lookups.ts";

export const priceRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.listPricesForMedication, async (request) => {
    const medication = await requireMedication(app, request.params.id, request);
    return app.services.publicPrices.forMedication(medication.id, request.query.dosage);
  });

  registerEndpoint(app, publicEndpoints.lowestPrice, async (request) => {
    const medication = await requireMedication(app, request.params.id, request);
    const dosage = requireDosage(medication, request.query.dosage);
    const lowest = await app.services.publicPrices.lowest(medication.id, dosage);
    if (!lowest) throw notFound(`No in-stock price for ${medication.name} ${dosage}`);
    return lowest;
  });

  registerEndpoint(app, publicEndpoints.priceMatrix, async (request) => {
    return app.services.publicPrices.matrix(await requireMedication(app, request.params.id, request));
  });

  registerEndpoint(app, publicEndpoints.recentPriceUpdates, async (request) =>
    app.services.publicPrices.recentUpdates(request.query.limit),
  );
};
