import {
  adminEndpoints,
  CSRF_REFUSAL_MESSAGE,
  ErrorBody,
  isSafeMethod,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  SECOND_FACTOR_REQUIRED_MESSAGE,
} from "@pharmacompare/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { refuse } from "../../domain/refusal.ts";
import { bearerToken } from "../../modules/auth/index.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** "public" lets anyone call a route that is not a registry entry (/docs, /openapi.json). */
    access?: "public";
  }
}

/** The guard's refusal: 401 in the one error shape, with the challenge a bearer client expects. */
function deny(error: "Authentication required" | "Session expired") {
  return refuse(401, error, {
    code: error === "Session expired" ? "session_expired" : "unauthenticated",
    headers: { "WWW-Authenticate": 'Bearer realm="admin"' },
  });
}

type RouteConfig = { endpoint?: { access: string }; access?: "public" } | undefined;

/**
 * All an account may do while it still has a generated password (issue 12): see who it is, change
 * the password, sign out, and see or end its sessions. Compared by identity with the registry.
 */
const ALLOWED_BEFORE_PASSWORD_CHANGE: ReadonlySet<unknown> = new Set([
  adminEndpoints.currentAdmin,
  adminEndpoints.changePassword,
  adminEndpoints.logout,
  adminEndpoints.listAdminSessions,
  adminEndpoints.endAdminSession,
  adminEndpoints.endOtherAdminSessions,
]);

/**
 * All an account without a second factor may do while one is required (REQUIRE_SECOND_FACTOR,
 * decision 030): the same as before a password change, plus setting the factor up.
 */
const ALLOWED_BEFORE_ENROLMENT: ReadonlySet<unknown> = new Set([
  ...ALLOWED_BEFORE_PASSWORD_CHANGE,
  adminEndpoints.secondFactorStatus,
  adminEndpoints.startSecondFactorSetup,
  adminEndpoints.confirmSecondFactorSetup,
]);

/** Public only when the route says so: a registry entry marked public, or `config.access`. */
function isPublicRoute(config: RouteConfig): boolean {
  if (config?.endpoint) return config.endpoint.access === "public";
  return config?.access === "public";
}

/** An open-API route (decision 062): its own key check (routes/open/key-guard.ts) decides, not a session. */
function isKeyedRoute(config: RouteConfig): boolean {
  return config?.endpoint?.access === "api-key";
}

/** Marks every route registered in this scope public (for plugins that register their own). */
export function markRoutesPublic(scope: FastifyInstance): void {
  scope.addHook("onRoute", (route: RouteOptions) => {
    route.config = { ...(route.config ?? {}), access: "public" };
  });
}

/**
 * Deny by default (ASVS 4.1.3): every route answers 401 unless `Authorization: Bearer <token>` or
 * the back-office session cookie names a live session — except routes explicitly marked public. Keyed by each route's own flag,
 * not by where or under which path it was registered, so a route added anywhere without a flag is
 * guarded. Installed on the root instance before any route is registered.
 */
export function registerAccessGuard(app: FastifyInstance): void {
  app.decorate("adminRoutes", []);
  app.decorateRequest("admin", null);

  app.addHook("onRoute", (route) => {
    if (isPublicRoute(route.config as RouteConfig) || isKeyedRoute(route.config as RouteConfig)) return;
    for (const method of [route.method].flat()) app.adminRoutes.push({ method, url: route.url });
    // Every guarded route documents the guard's answer and its two ways in (OpenAPI): a bearer
    // token, or the back-office's session cookie (decision 028).
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    route.schema = {
      ...route.schema,
      // 403: an account that must still replace a generated password, or set up a required second
      // factor, may call little else, and a cookie write without the back-office's proof is refused
      // (code csrf).
      response: { 403: ErrorBody, ...response, 401: ErrorBody },
      security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    };
  });

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    // No route matched: there is nothing to protect, and the 404 says so. CORS preflights carry
    // no credentials by design and are answered without running any route's handler.
    if (request.is404 || request.method === "OPTIONS") return;
    const config = request.routeOptions.config as RouteConfig;
    if (isPublicRoute(config) || isKeyedRoute(config)) return;
    const credential = presentedCredential(app, request);
    if (!credential) throw deny("Authentication required");
    // A cookie is sent by the browser whoever's page asks, so a write on one must prove it came
    // from the back-office (decision 028); checked before the lookup, so a forged request does
    // not even slide the session's idle expiry. A bearer token is never added by a browser itself.
    if (
      credential.via === "cookie" &&
      !isSafeMethod(request.method) &&
      !app.browserSession.fromBackOffice(request)
    ) {
      throw refuse(403, CSRF_REFUSAL_MESSAGE, { code: "csrf" });
    }
    const result = await app.services.auth.authenticate(credential.token);
    if (result.outcome !== "ok") {
      // A cookie the API no longer accepts is of no use to the browser: it is told to drop it.
      if (credential.via === "cookie") app.browserSession.close(reply);
      throw deny(result.outcome === "expired" ? "Session expired" : "Authentication required");
    }
    request.admin = result.principal;
    const endpoint = (request.routeOptions.config as RouteConfig)?.endpoint;
    if (result.principal.user.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(endpoint)) {
      throw refuse(403, PASSWORD_CHANGE_REQUIRED_MESSAGE, { code: "password_change_required" });
    }
    if (result.principal.user.mustEnrolSecondFactor && !ALLOWED_BEFORE_ENROLMENT.has(endpoint)) {
      throw refuse(403, SECOND_FACTOR_REQUIRED_MESSAGE, { code: "second_factor_required" });
    }
  });
}

/**
 * The session a request presents: `Authorization: Bearer` (API clients) when the header is there
 * at all — a malformed one is not overlooked in favour of a cookie — else the session cookie
 * (the back-office in a browser, decision 028).
 */
function presentedCredential(
  app: FastifyInstance,
  request: FastifyRequest,
): { token: string; via: "bearer" | "cookie" } | null {
  if (request.headers.authorization !== undefined) {
    const token = bearerToken(request.headers.authorization);
    return token ? { token, via: "bearer" } : null;
  }
  const token = app.browserSession.tokenFrom(request);
  return token ? { token, via: "cookie" } : null;
}
