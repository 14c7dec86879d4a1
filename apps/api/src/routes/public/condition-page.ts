import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { conditionTag } from "../../cache/cache-tags.ts";
import { notFound } from "../../domain/refusal.ts";
import { tagAnswer } from "../../plugins/http-cache.ts";
import { registerEndpoint } from "../register-endpoint.ts";

/** The web's condition page in one call (decision 012). */
export const conditionPageRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.conditionPage, async (request) => {
    tagAnswer(request, [conditionTag(request.params.subcategoryId)]);
    const page = await app.services.conditionPages.load(request.params.subcategoryId, request.query);
    if (!page) throw notFound(`Condition "${request.params.subcategoryId}" not found`);
    return page;
  });
};
