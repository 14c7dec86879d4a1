import { ErrorBody, OPEN_API_POLICIES } from "@pharmacompare/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { refuse } from "../../domain/refusal.ts";
import type { QuotaState } from "../../modules/open-api/index.ts";

type RouteConfig = { endpoint?: { access: string } } | undefined;

const isKeyed = (config: RouteConfig) => config?.endpoint?.access === "api-key";

/** The challenge of every 401 here: the open API's keys, not the back-office's sessions. */
const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="open-data"' };

/** A key is 5 to 200 visible characters; anything else is no key at all. */
const KEY_SHAPE = /^Bearer +([\x21-\x7e]{5,200})\s*$/i;

function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== "string") return null;
  return KEY_SHAPE.exec(header)?.[1] ?? null;
}

/**
 * The quota headers of draft-ietf-httpapi-ratelimit-headers (-08 onwards, structured fields):
 * `RateLimit-Policy` names each quota (q requests in a window of w seconds) and `RateLimit` says
 * what is left of each (r) and in how many seconds its window ends (t).
 */
function rateLimitHeaders(quotas: QuotaState[]): Record<string, string> {
  return {
    "RateLimit-Policy": quotas.map((q) => `"${q.policy}";q=${q.quota};w=${q.windowSeconds}`).join(", "),
    RateLimit: quotas.map((q) => `"${q.policy}";r=${q.remaining};t=${q.resetSeconds}`).join(", "),
  };
}

/**
 * The open API's key check (decision 062), for every route whose registry entry says
 * `access: "api-key"`: `Authorization: Bearer <key>` with a key staff issued and have not revoked,
 * else 401; past the key's quota per minute or per UK day, 429 with Retry-After. Every answer it
 * lets through carries the RateLimit headers. Installed on the root instance before any route.
 */
export function registerApiKeyGuard(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (!isKeyed(route.config as RouteConfig)) return;
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    route.schema = {
      ...route.schema,
      response: { ...response, 401: ErrorBody, 429: ErrorBody },
      security: [{ openDataKey: [] }],
    };
  });

  app.addHook("onRequest", async (request, reply) => {
    if (request.is404 || request.method === "OPTIONS") return;
    if (!isKeyed(request.routeOptions.config as RouteConfig)) return;
    const key = presentedKey(request);
    if (!key)
      throw refuse(401, "An API key is required: Authorization: Bearer <key>", { headers: CHALLENGE });
    const admission = await app.services.apiKeys.admit(key);
    if (admission.outcome === "unknown" || admission.outcome === "revoked") {
      throw refuse(401, "This API key is not valid: it is unknown or has been revoked", {
        headers: CHALLENGE,
      });
    }
    const headers = rateLimitHeaders(admission.quotas);
    if (admission.outcome === "refused") {
      const which = admission.quotas[0]?.policy === OPEN_API_POLICIES.day ? "day" : "minute";
      throw refuse(429, `This API key has used its quota for the ${which}: try again later`, {
        headers: { ...headers, "Retry-After": String(admission.retryAfter) },
      });
    }
    reply.headers(headers);
  });
}
