import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { notFound } from "../../domain/refusal.ts";
import { registerEndpoint } from "../register-endpoint.ts";

export const categoryRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.listCategories, async () => app.services.categories.listPublic());

  registerEndpoint(app, publicEndpoints.getCategory, async (request) => {
    const category = await app.services.categories.getPublic(request.params.id);
    if (!category) throw notFound(`Category "${request.params.id}" not found`);
    return category;
  });

  registerEndpoint(app, publicEndpoints.getSubcategory, async (request) => {
    const { id, subId } = request.params;
    const subcategory = await app.services.categories.getPublicSubcategory(id, subId);
    if (!subcategory) throw notFound(`Subcategory "${subId}" not found in category "${id}"`);
    return subcategory;
  });
};
