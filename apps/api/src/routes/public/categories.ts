import {
  Category,
  ErrorBody,
  IdParams,
  publicApiRoutes,
  Subcategory,
  SubcategoryParams,
} from "@pharmacompare/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../plugins/error-handler.ts";

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    publicApiRoutes.categories,
    {
      config: { cache: "public" },
      schema: {
        tags: ["categories"],
        summary: "Active categories with their active subcategories",
        response: { 200: z.array(Category) },
      },
    },
    async () => app.services.categories.listPublic(),
  );

  app.get(
    publicApiRoutes.category,
    {
      config: { cache: "public" },
      schema: {
        tags: ["categories"],
        summary: "One active category with its active subcategories",
        params: IdParams,
        response: { 200: Category, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const category = await app.services.categories.getPublic(request.params.id);
      if (!category) throw notFound(`Category "${request.params.id}" not found`);
      return category;
    },
  );

  app.get(
    publicApiRoutes.subcategory,
    {
      config: { cache: "public" },
      schema: {
        tags: ["categories"],
        summary: "One active subcategory (condition) of a category",
        params: SubcategoryParams,
        response: { 200: Subcategory, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { id, subId } = request.params;
      const subcategory = await app.services.categories.getPublicSubcategory(id, subId);
      if (!subcategory) throw notFound(`Subcategory "${subId}" not found in category "${id}"`);
      return subcategory;
    },
  );
};
