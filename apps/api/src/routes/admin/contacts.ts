import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/** The back-office's inbox of contact messages (back-office §2, §4, §7). */
export const adminContactRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.listContacts, async (request) =>
    app.services.adminContacts.list(request.query),
  );

  registerEndpoint(app, adminEndpoints.updateContactStatus, async (request) => ({
    contact: await app.services.adminContacts.setStatus(
      actorContext(request),
      request.params.id,
      request.body.status,
    ),
  }));

  registerEndpoint(app, adminEndpoints.deleteContact, async (request) => {
    await app.services.adminContacts.remove(actorContext(request), request.params.id);
    return { message: "Contact deleted" };
  });
};
