import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { medicationTag } from "../../cache/cache-tags.ts";
import { tagAnswer } from "../../plugins/http-cache.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { requireMedication } from "./lookups.ts";

/** The notices administrators post on a medication's page, as visitors see them. */
export const publicAdminMessageRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.adminMessagesForMedication, async (request) => {
    tagAnswer(request, [medicationTag(request.params.medicationId)]);
    const medication = await requireMedication(app, request.params.medicationId);
    return app.services.adminMessages.showingForMedication(medication.id);
  });
};
