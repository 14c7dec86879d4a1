import { ErrorBody, MedicationIdParams, PublicAdminMessage, publicApiRoutes } from "@pharmacompare/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireMedication } from "./lookups.ts";

/** The notices administrators post on a medication's page, as visitors see them. */
export const publicAdminMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    publicApiRoutes.adminMessagesForMedication,
    {
      config: { cache: "public" },
      schema: {
        tags: ["admin messages"],
        summary: "Messages showing now on a medication's page, highest priority first, then newest",
        description:
          "Active messages whose start date has passed and whose end date (if any) has not. A message " +
          "with a pharmacyId belongs in that pharmacy's price row; one without is a page banner.",
        params: MedicationIdParams,
        response: { 200: z.array(PublicAdminMessage), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const medication = await requireMedication(app, request.params.medicationId);
      return app.services.adminMessages.showingForMedication(medication.id);
    },
  );
};
