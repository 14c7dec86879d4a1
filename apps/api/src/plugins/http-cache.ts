import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { entityTagMatches } from "../cache/entity-tags.ts";
import { rememberAnswer } from "../cache/register-response-cache.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * "public": a visitor read that browsers and shared caches may keep briefly (see below);
     * "no-store": an answer to a request carrying an email link's token, kept by no cache.
     */
    cache?: "public" | "no-store";
  }
}

/** Short enough that a price change shows within a minute; stale copies cover slow revalidation. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/** A strong validator: the same serialised body always gives the same tag, on every process. */
function entityTag(body: string | Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/**
 * HTTP caching for routes with `config: { cache: "public" }`: a 200 JSON answer to GET or HEAD
 * gets Cache-Control and an ETag, and a request whose If-None-Match already holds that tag gets
 * 304 with no body. Routes with `config: { cache: "no-store" }` (the email-link routes) say
 * `no-store` on every answer. Everything else (errors, admin routes, /health) passes through untouched.
 */
export function registerHttpCache(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    // Token-bearing routes (issue 42, ASVS 8.2.1): every answer, refusals too, as the pages say.
    if (request.routeOptions.config.cache === "no-store") {
      reply.header("cache-control", "no-store");
      return payload;
    }
    if (request.routeOptions.config.cache !== "public") return payload;
    if (request.method !== "GET" && request.method !== "HEAD") return payload;
    if (reply.statusCode !== 200) return payload;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;

    const tag = entityTag(payload);
    reply.header("cache-control", PUBLIC_CACHE_CONTROL);
    reply.header("etag", tag);
    // The response cache (cache/) keeps the answer, so the next request skips all of this.
    rememberAnswer(request, reply, payload, tag, PUBLIC_CACHE_CONTROL);
    if (!entityTagMatches(request.headers["if-none-match"], tag)) return payload;
    reply.code(304);
    reply.removeHeader("content-type");
    // HEAD keeps the payload so Fastify's own HEAD handler can state the 200's length and drop it.
    return request.method === "HEAD" ? payload : null;
  });
}
