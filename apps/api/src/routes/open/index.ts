import { openEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { requireDosage, requireMedication } from "../public/lookups.ts";
import { registerEndpoint } from "../register-endpoint.ts";

/**
 * The read-only open API (decision 062). Each route's entry says `access: "api-key"`, so the key
 * check (key-guard.ts) has counted the request against its key's quotas before a handler runs.
 */
export const openRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, openEndpoints.openPriceIndex, async (request) =>
    app.services.openData.priceIndex(request.params.month),
  );

  registerEndpoint(app, openEndpoints.openDailyLowest, async (request) => {
    const medication = await requireMedication(app, request.query.medication);
    const dosage = requireDosage(medication, request.query.dosage);
    return app.services.openData.dailyLowest(medication.id, dosage, request.query);
  });
};
