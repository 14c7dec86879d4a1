import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { conditionTag, SITE_TAG } from "../../cache/cache-tags.ts";
import { notFound } from "../../domain/refusal.ts";
import { tagAnswer } from "../../plugins/http-cache.ts";
import { registerEndpoint } from "../register-endpoint.ts";

export const categoryRoutes: FastifyPluginAsync = async (app) => {
  // The category tree: site-wide, read by every page's header (decision 063).
  registerEndpoint(app, publicEndpoints.listCategories, async (request) => {
    tagAnswer(request, [SITE_TAG]);
    return app.services.categories.listPublic();
  });

  registerEndpoint(app, publicEndpoints.getCategory, async (request) => {
    tagAnswer(request, [SITE_TAG]);
    const category = await app.services.categories.getPublic(request.params.id);
    if (!category) throw notFound(`Category "${request.params.id}" not found`);
    return category;
  });

  registerEndpoint(app, publicEndpoints.getSubcategory, async (request) => {
    const { id, subId } = request.params;
    tagAnswer(request, [conditionTag(subId)]);
    const subcategory = await app.services.categories.getPublicSubcategory(id, subId);
    if (!subcategory) throw notFound(`Subcategory "${subId}" not found in category "${id}"`);
    return subcategory;
  });
};
