import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/** The back-office's view of visitors' price alerts (back-office §2, §4, §7). */
export const adminPriceAlertRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.listPriceAlerts, async (request) =>
    app.services.adminPriceAlerts.list(request.query),
  );

  registerEndpoint(app, adminEndpoints.updatePriceAlertStatus, async (request) => ({
    alert: await app.services.adminPriceAlerts.setStatus(
      actorContext(request),
      request.params.id,
      request.body.status,
    ),
  }));

  registerEndpoint(app, adminEndpoints.deletePriceAlert, async (request) => {
    await app.services.adminPriceAlerts.remove(actorContext(request), request.params.id);
    return { message: "Price alert deleted" };
  });
};
