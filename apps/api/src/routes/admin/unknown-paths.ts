import type { FastifyPluginAsync } from "fastify";
import { refuse } from "../../domain/refusal.ts";

/**
 * Deny by default: every path under the admin prefixes that no route serves. Registered inside the
 * guarded scope, these catch-alls answer 401 without a valid token — an anonymous caller cannot
 * tell an unknown admin path from a real one — and a signed-in caller the 404 any unknown path gets.
 * The router prefers a static or parametric route to a wildcard, so no real route is shadowed.
 * A `*` suffix also covers the bare prefix, whose GET and POST are real routes for the two
 * spec paths without /api. OPTIONS is left to CORS, whose preflight answers every path alike.
 */
export const UNKNOWN_ADMIN_PATHS = [
  "/api/admin/*",
  "/api/admin",
  "/api/blog/admin/*",
  "/api/blog/admin",
  "/admin/admin-messages*",
  "/admin/subscriptions*",
] as const;

/** Every method a client might try (HEAD follows GET). */
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export const unknownAdminPathRoutes: FastifyPluginAsync = async (app) => {
  for (const url of UNKNOWN_ADMIN_PATHS) {
    app.route({
      method: METHODS,
      url,
      // Not an endpoint of the API: left out of the OpenAPI document and the registry.
      schema: { hide: true },
      handler: async (request) => {
        throw refuse(404, `No route for ${request.method} ${request.url.split("?")[0]}`);
      },
    });
  }
};
