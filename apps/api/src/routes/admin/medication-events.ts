import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/** The back-office's price events (decision 059): every write audited in its transaction. */
export const adminMedicationEventRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.listMedicationEvents, async (request) =>
    app.services.priceEvents.list(request.query),
  );

  registerEndpoint(app, adminEndpoints.createMedicationEvent, async (request) =>
    app.services.priceEvents.create(actorContext(request), request.body),
  );

  registerEndpoint(app, adminEndpoints.updateMedicationEvent, async (request) =>
    app.services.priceEvents.update(actorContext(request), request.params.id, request.body),
  );

  registerEndpoint(app, adminEndpoints.deleteMedicationEvent, async (request) => {
    await app.services.priceEvents.remove(actorContext(request), request.params.id);
    return { message: "Price event deleted" };
  });
};
