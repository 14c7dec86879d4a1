import { apiPaths, ErrorBody, HealthResponse } from "@pharmacompare/contract";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Liveness plus a real round trip to the database, for load balancers and `npm start` checks. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.health,
    {
      schema: {
        tags: ["health"],
        summary: "Service and database health",
        response: { 200: HealthResponse, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      try {
        await app.database.db.execute(sql`select 1`);
        return { status: "ok" as const, database: app.database.kind };
      } catch (err) {
        request.log.error({ err }, "health check: database unreachable");
        return reply.code(503).send({ error: "Database unavailable" });
      }
    },
  );
};
