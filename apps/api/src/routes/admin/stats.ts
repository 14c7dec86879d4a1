import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";

export const adminStatsRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.dashboardCounts, async () => app.services.adminStats.counts());
};
