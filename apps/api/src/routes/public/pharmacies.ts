import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { pharmacyTag } from "../../cache/cache-tags.ts";
import { notFound } from "../../domain/refusal.ts";
import { tagAnswer } from "../../plugins/http-cache.ts";
import { registerEndpoint } from "../register-endpoint.ts";

export const pharmacyRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.listPharmacies, async () => app.services.pharmacies.listPublic());

  registerEndpoint(app, publicEndpoints.topRatedPharmacies, async (request) =>
    app.services.pharmacies.topRated(request.query.limit),
  );

  registerEndpoint(app, publicEndpoints.getPharmacy, async (request) => {
    tagAnswer(request, [pharmacyTag(request.params.id)]);
    const pharmacy = await app.services.pharmacies.getPublic(request.params.id);
    if (!pharmacy) throw notFound(`Pharmacy "${request.params.id}" not found`);
    return pharmacy;
  });
};
