import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { requireMedication } from "./lookups.ts";

/** The notices administrators post on a medication's page, as visitors see them. */
export const publicAdminMessageRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.adminMessagesForMedication, async (request) => {
    const medication = await requireMedication(app, request.params.medicationId, request);
    return app.services.adminMessages.showingForMedication(medication.id);
  });
};
