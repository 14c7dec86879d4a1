import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";

/** The figures the home and About pages may claim. */
export const siteFigureRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.catalogueFigures, async () => app.services.figures.figures());
};
