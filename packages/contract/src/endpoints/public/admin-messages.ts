import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { PublicAdminMessage } from "../../entities.ts";
import { MedicationIdParams } from "../../public-api.ts";

/** No /api prefix: the specification's path (public site §7). */
export const adminMessagesForMedication = defineEndpoint({
  method: "GET",
  path: "/admin-messages/medication/:medicationId",
  access: "public",
  tag: "admin messages",
  summary: "Messages showing now on a medication's page, highest priority first, then newest",
  description:
    "Active messages whose start date has passed and whose end date (if any) has not. A message " +
    "with a pharmacyId belongs in that pharmacy's price row; one without is a page banner.",
  cache: "public",
  params: MedicationIdParams,
  responses: { 200: z.array(PublicAdminMessage), ...refusals(400, 404) },
});
