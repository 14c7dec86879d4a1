import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { CACHE_TAG_HEADER, type CacheTag, PRICE_LISTS_TAG, SITE_TAG } from "../cache/cache-tags.ts";
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
  interface FastifyRequest {
    /** The data a public read's answer is built from, as its handler named it ({@link tagAnswer}). */
    cacheTags: Set<CacheTag> | null;
  }
}

/**
 * Browsers keep a read a minute (a price change shows within one, as before); a shared cache in
 * front keeps it a minute too and is purged by tag on every write (decision 063), so s-maxage only
 * bounds what depends on the clock (price history's window, message dates, "checked … ago"), and
 * stale-while-revalidate lets it answer while one request revalidates, half a minute at most.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=60, s-maxage=60, stale-while-revalidate=30";

/**
 * What a public read is tagged with when its handler names nothing: the whole site and every
 * price list, so any write that might change it drops it (decision 063).
 */
const DEFAULT_ANSWER_TAGS: readonly CacheTag[] = [PRICE_LISTS_TAG, SITE_TAG];

/**
 * Names the data this public read's answer is built from: its `xkey` header and its response
 * cache entry carry these tags, and a write naming one of them drops it (decision 063).
 */
export function tagAnswer(request: FastifyRequest, tags: Iterable<CacheTag>): void {
  request.cacheTags ??= new Set();
  for (const tag of tags) request.cacheTags.add(tag);
}

/** A strong validator: the same serialised body always gives the same tag, on every process. */
function entityTag(body: string | Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/**
 * HTTP caching for routes with `config: { cache: "public" }`: a 200 JSON answer to GET or HEAD
 * gets Cache-Control, an ETag and its tags (`xkey`), and a request whose If-None-Match already holds that tag gets
 * 304 with no body. Routes with `config: { cache: "no-store" }` (the email-link routes) say
 * `no-store` on every answer. Everything else (errors, admin routes, /health) passes through untouched.
 */
export function registerHttpCache(app: FastifyInstance): void {
  app.decorateRequest("cacheTags", null);
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
    const tags = request.cacheTags ? [...request.cacheTags].sort() : [...DEFAULT_ANSWER_TAGS];
    reply.header("cache-control", PUBLIC_CACHE_CONTROL);
    reply.header("etag", tag);
    reply.header(CACHE_TAG_HEADER, tags.join(" "));
    // The response cache (cache/) keeps the answer, so the next request skips all of this.
    rememberAnswer(request, reply, payload, tag, PUBLIC_CACHE_CONTROL, tags);
    if (!entityTagMatches(request.headers["if-none-match"], tag)) return payload;
    reply.code(304);
    reply.removeHeader("content-type");
    // HEAD keeps the payload so Fastify's own HEAD handler can state the 200's length and drop it.
    return request.method === "HEAD" ? payload : null;
  });
}
