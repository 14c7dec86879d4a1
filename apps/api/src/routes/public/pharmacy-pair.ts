import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";

/** Two pharmacies side by side for one medication (decision 042). */
export const pharmacyPairRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.pharmacyPair, async (request) =>
    app.services.pharmacyPairs.load(request.query),
  );
};
