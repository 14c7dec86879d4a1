import type { FastifyInstance } from "fastify";
import { refuse } from "../domain/refusal.ts";

/** The sentence every request gets while the database cannot be used (error-handler.ts says it too). */
export const DATABASE_UNAVAILABLE =
  "Service unavailable: the database cannot be reached. Please try again shortly.";

/**
 * While the database says it is unavailable (the embedded database's files gone: db/pglite-directory.ts)
 * every request is refused with 503 before it can read or write, and /health names the database.
 * A database that cannot say so (PostgreSQL) fails on its own connections instead.
 */
export function refuseWhileDatabaseUnavailable(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (app.database.available?.() !== false || request.method === "OPTIONS") return;
    const health = request.url === "/health" || request.url.startsWith("/health?");
    request.log.error("request refused: the embedded database's files are missing");
    throw refuse(503, health ? "Database unavailable" : DATABASE_UNAVAILABLE, {
      headers: { "Retry-After": "1" },
    });
  });
}
