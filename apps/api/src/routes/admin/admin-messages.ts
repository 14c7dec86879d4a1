import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/** The back-office's admin messages (back-office §2, §7): every write audited in its transaction. */
export const adminMessageRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.listAdminMessages, async (request) =>
    app.services.adminMessages.list(request.query),
  );

  registerEndpoint(app, adminEndpoints.createAdminMessage, async (request) =>
    app.services.adminMessages.create(actorContext(request), request.body),
  );

  registerEndpoint(app, adminEndpoints.updateAdminMessage, async (request) =>
    app.services.adminMessages.update(actorContext(request), request.params.id, request.body),
  );

  registerEndpoint(app, adminEndpoints.toggleAdminMessage, async (request) =>
    app.services.adminMessages.toggle(actorContext(request), request.params.id),
  );

  registerEndpoint(app, adminEndpoints.deleteAdminMessage, async (request) => {
    await app.services.adminMessages.remove(actorContext(request), request.params.id);
    return { message: "Message deleted" };
  });
};
