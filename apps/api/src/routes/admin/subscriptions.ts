import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/** The back-office's email subscriptions (back-office §2, §4, §7): read and delete only. */
export const adminSubscriptionRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.listSubscriptions, async (request) =>
    app.services.adminSubscriptions.list(request.query),
  );

  registerEndpoint(app, adminEndpoints.subscriptionStats, async () =>
    app.services.adminSubscriptions.stats(),
  );

  registerEndpoint(app, adminEndpoints.deleteSubscription, async (request) => {
    await app.services.adminSubscriptions.remove(actorContext(request), request.params.id);
    return { message: "Subscription deleted" };
  });
};
