import { apiPaths, Category } from "@pharmacompare/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.categories,
    {
      schema: {
        tags: ["categories"],
        summary: "Active categories with their active subcategories",
        response: { 200: z.array(Category) },
      },
    },
    async () => app.services.categories.listPublic(),
  );
};
