import { publicEndpoints } from "@pharmacompare/contract";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { refuse } from "../domain/refusal.ts";
import { registerEndpoint } from "./register-endpoint.ts";

/** Liveness plus a real round trip to the database, for load balancers and `npm start` checks. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.health, async (request) => {
    try {
      await app.database.db.execute(sql`select 1`);
    } catch (err) {
      request.log.error({ err }, "health check: database unreachable");
      // Names the dependency that is down (the only one a request needs: mail waits in the outbox).
      throw refuse(503, "Database unavailable", {
        headers: { "Retry-After": "1" },
      });
    }
    return { status: "ok" as const, database: app.database.kind };
  });
};
