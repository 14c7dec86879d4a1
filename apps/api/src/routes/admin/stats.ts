import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";

export const adminStatsRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.dashboardCounts, async () => app.services.adminStats.counts());

  // The dashboard's last 30 days and what waits now (issue 31, decision 044).
  registerEndpoint(app, adminEndpoints.serviceHealth, async () => app.services.serviceHealth.read());

  // Click-outs by pharmacy and month: the figures invoices are made from.
  registerEndpoint(app, adminEndpoints.clickOutMonths, async (request) =>
    app.services.serviceHealth.months(request.query),
  );
};
