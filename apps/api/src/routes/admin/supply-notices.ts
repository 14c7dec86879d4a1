import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/** The back-office's supply notices (decision 060): every write audited in its transaction. */
export const adminSupplyNoticeRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.listSupplyNotices, async (request) =>
    app.services.supplyNotices.list(request.query),
  );

  registerEndpoint(app, adminEndpoints.createSupplyNotice, async (request) =>
    app.services.supplyNotices.create(actorContext(request), request.body),
  );

  registerEndpoint(app, adminEndpoints.updateSupplyNotice, async (request) =>
    app.services.supplyNotices.update(actorContext(request), request.params.id, request.body),
  );

  registerEndpoint(app, adminEndpoints.endSupplyNotice, async (request) =>
    app.services.supplyNotices.end(actorContext(request), request.params.id),
  );

  registerEndpoint(app, adminEndpoints.deleteSupplyNotice, async (request) => {
    await app.services.supplyNotices.remove(actorContext(request), request.params.id);
    return { message: "Supply notice deleted" };
  });
};
