import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { requireDosage, requireMedication } from "./lookups.ts";

export const priceHistoryRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.priceHistory, async (request) => {
    const medication = await requireMedication(app, request.params.medicationId, request);
    const dosage = requireDosage(medication, request.query.dosage);
    return app.services.priceHistory.forDosage(medication.id, dosage, request.query.days);
  });
};
