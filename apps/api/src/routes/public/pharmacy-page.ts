import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { pharmacyTag } from "../../cache/cache-tags.ts";
import { notFound } from "../../domain/refusal.ts";
import { tagAnswer } from "../../plugins/http-cache.ts";
import { registerEndpoint } from "../register-endpoint.ts";

/** The web's pharmacy page in one call. */
export const pharmacyPageRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.pharmacyPage, async (request) => {
    tagAnswer(request, [pharmacyTag(request.params.id)]);
    const page = await app.services.pharmacyPages.load(request.params.id);
    if (!page) throw notFound(`Pharmacy "${request.params.id}" not found`);
    return page;
  });
};
