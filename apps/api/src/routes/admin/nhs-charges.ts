import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/** The back-office's NHS charges (decision 056): every write audited in its transaction. */
export const adminNhsChargeRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.listNhsCharges, async (request) =>
    app.services.nhsRoute.list(request.query),
  );

  registerEndpoint(app, adminEndpoints.createNhsCharge, async (request) =>
    app.services.nhsRoute.create(actorContext(request), request.body),
  );

  registerEndpoint(app, adminEndpoints.updateNhsCharge, async (request) =>
    app.services.nhsRoute.update(actorContext(request), request.params.id, request.body),
  );

  registerEndpoint(app, adminEndpoints.deleteNhsCharge, async (request) => {
    await app.services.nhsRoute.remove(actorContext(request), request.params.id);
    return { message: "NHS charge deleted" };
  });
};
