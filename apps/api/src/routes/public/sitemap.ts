import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";

/** The web's sitemap.xml, from what is public now. */
export const sitemapRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.sitemapSources, async () => app.services.sitemap.sources());
};
