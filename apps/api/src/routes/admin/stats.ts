import { AdminStats, adminAuthPaths, ErrorBody } from "@pharmacompare/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    adminAuthPaths.stats,
    {
      schema: {
        tags: ["admin dashboard"],
        summary: "Row counts for the dashboard cards",
        response: { 200: AdminStats, 401: ErrorBody },
      },
    },
    async () => app.services.adminStats.counts(),
  );
};
