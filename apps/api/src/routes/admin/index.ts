import { ErrorBody } from "@pharmacompare/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { bearerToken } from "../../auth/tokens.ts";
import { refuse } from "../../plugins/refusal.ts";
import { adminMessageRoutes } from "./admin-messages.ts";
import { adminAuditRoutes } from "./audit.ts";
import { adminLoginRoutes, adminSessionRoutes } from "./auth.ts";
import { adminBlogRoutes } from "./blog.ts";
import { adminCategoryRoutes } from "./categories.ts";
import { adminContactRoutes } from "./contacts.ts";
import { adminMedicationRoutes } from "./medications.ts";
import { adminPharmacyRoutes } from "./pharmacies.ts";
import { adminPriceAlertRoutes } from "./price-alerts.ts";
import { adminPriceSheetRoutes } from "./price-sheets.ts";
import { adminPriceRoutes } from "./prices.ts";
import { adminStatsRoutes } from "./stats.ts";
import { adminSubscriptionRoutes } from "./subscriptions.ts";
import { unknownAdminPathRoutes } from "./unknown-paths.ts";

/** The guard's refusal: 401 in the one error shape, with the challenge a bearer client expects. */
function deny(error: "Authentication required" | "Session expired") {
  return refuse(401, error, {
    code: error === "Session expired" ? "session_expired" : "unauthenticated",
    headers: { "WWW-Authenticate": 'Bearer realm="admin"' },
  });
}

/**
 * The back-office routes. Everything registered inside `guarded` — and only there — answers
 * 401 unless `Authorization: Bearer <token>` names a live session; sign-in is the one exception.
 * Every `access: "admin"` registry entry registers inside it (registerEndpoint refuses one
 * registered anywhere else), whatever its path: `/api/admin/*`, `/api/blog/admin/*`,
 * `/admin/admin-messages*`, `/admin/subscriptions*`.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  // Tokens and admin data must never sit in a shared or browser cache.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  await app.register(adminLoginRoutes);

  await app.register(async (guarded) => {
    guarded.decorateRequest("admin", null);
    // Every guarded route documents the guard's answer and the bearer requirement (OpenAPI).
    guarded.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) guarded.adminRoutes.push({ method, url: route.url });
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      route.schema = {
        ...route.schema,
        response: { ...response, 401: ErrorBody },
        security: [{ bearerAuth: [] }],
      };
    });
    guarded.addHook("onRequest", async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw deny("Authentication required");
      const result = await guarded.services.auth.authenticate(token);
      if (result.outcome === "expired") throw deny("Session expired");
      if (result.outcome !== "ok") throw deny("Authentication required");
      request.admin = result.principal;
    });

    await guarded.register(adminSessionRoutes);
    await guarded.register(adminAuditRoutes);
    await guarded.register(adminStatsRoutes);
    await guarded.register(adminMessageRoutes);
    await guarded.register(adminBlogRoutes);
    await guarded.register(adminContactRoutes);
    await guarded.register(adminPriceAlertRoutes);
    await guarded.register(adminSubscriptionRoutes);
    await guarded.register(adminMedicationRoutes);
    await guarded.register(adminPharmacyRoutes);
    await guarded.register(adminPriceRoutes);
    await guarded.register(adminPriceSheetRoutes);
    await guarded.register(adminCategoryRoutes);
    // Last: every other path under the admin prefixes answers 401, or 404 behind the guard.
    await guarded.register(unknownAdminPathRoutes);
  });
};
