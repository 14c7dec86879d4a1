import type { FastifyRequest } from "fastify";
import { refuse } from "../../domain/refusal.ts";
import type { ActorContext } from "../../modules/audit/index.ts";
import type { AdminPrincipal, ClientInfo } from "../../modules/auth/index.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the access guard on every route not marked public; null on public ones. */
    admin: AdminPrincipal | null;
  }
  interface FastifyInstance {
    /** Method and URL of every route behind the access guard (for tests and audits). */
    adminRoutes: AdminRouteEntry[];
  }
}

interface AdminRouteEntry {
  method: string;
  url: string;
}

/** The signed-in admin of a guarded route. */
export function principalOf(request: FastifyRequest): AdminPrincipal {
  if (!request.admin) throw refuse(401, "Authentication required", { code: "unauthenticated" });
  return request.admin;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers["user-agent"];
  return { ipAddress: request.ip || null, userAgent: userAgent ? userAgent.slice(0, 512) : null };
}

/** What an admin service needs to audit a write made by this request. */
export function actorContext(request: FastifyRequest): ActorContext {
  const { user } = principalOf(request);
  return { actor: { id: user.id, email: user.email }, ipAddress: request.ip || null };
}
