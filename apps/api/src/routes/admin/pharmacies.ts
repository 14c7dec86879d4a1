import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/** The back-office's pharmacies (back-office §2, §7): every write audited; a delete takes its prices through the price-write path. */
export const adminPharmacyRoutes: FastifyPluginAsync = async (app) => {
  const pharmacies = app.services.adminPharmacies;

  registerEndpoint(app, adminEndpoints.listAdminPharmacies, async (request) =>
    pharmacies.list(request.query),
  );

  registerEndpoint(app, adminEndpoints.getAdminPharmacy, async (request) => ({
    pharmacy: await pharmacies.get(request.params.id),
  }));

  registerEndpoint(app, adminEndpoints.createPharmacy, async (request) =>
    pharmacies.create(actorContext(request), request.body),
  );

  registerEndpoint(app, adminEndpoints.updatePharmacy, async (request) => ({
    pharmacy: await pharmacies.update(actorContext(request), request.params.id, request.body),
  }));

  registerEndpoint(app, adminEndpoints.deletePharmacy, async (request) =>
    pharmacies.remove(actorContext(request), request.params.id),
  );
};
