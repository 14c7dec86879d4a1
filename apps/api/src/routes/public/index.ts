import type { FastifyPluginAsync } from "fastify";
import { categoryRoutes } from "./categories.ts";

/** Read-only routes any visitor may call. */
export const publicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(categoryRoutes);
};
