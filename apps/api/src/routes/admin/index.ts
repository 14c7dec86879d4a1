import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { bearerToken } from "../../auth/tokens.ts";
import { adminAuditRoutes } from "./audit.ts";
import { adminLoginRoutes, adminSessionRoutes } from "./auth.ts";
import { adminStatsRoutes } from "./stats.ts";

function deny(reply: FastifyReply, error: string) {
  return reply.code(401).header("WWW-Authenticate", 'Bearer realm="admin"').send({ error });
}

/**
 * The back-office routes. Everything registered inside `guarded` — and only there — answers
 * 401 unless `Authorization: Bearer <token>` names a live session; sign-in is the one exception.
 * Route families added later register inside `guarded` with their full paths:
 * `/api/admin/*`, `/api/blog/admin/*`, `/admin/admin-messages*`, `/admin/subscriptions*`.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  // Tokens and admin data must never sit in a shared or browser cache.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  await app.register(adminLoginRoutes);

  await app.register(async (guarded) => {
    guarded.decorateRequest("admin", null);
    guarded.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) guarded.adminRoutes.push({ method, url: route.url });
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
    });
    guarded.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) return deny(reply, "Authentication required");
      const result = await guarded.services.auth.authenticate(token);
      if (result.outcome === "expired") return deny(reply, "Session expired");
      if (result.outcome !== "ok") return deny(reply, "Authentication required");
      request.admin = result.principal;
    });

    await guarded.register(adminSessionRoutes);
    await guarded.register(adminAuditRoutes);
    await guarded.register(adminStatsRoutes);
  });
};
