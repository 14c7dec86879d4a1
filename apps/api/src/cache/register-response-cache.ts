import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { chooseEncoding } from "@pharmacompare/http-serving";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DatabaseHandle } from "../db/client.ts";
import { CACHE_TAG_HEADER, type CacheTag } from "./cache-tags.ts";
import { onPublicDataCommitted, readPublicDataVersion } from "./data-version.ts";
import { entityTagMatches } from "./entity-tags.ts";
import {
  type CachedResponse,
  cacheKey,
  DEFAULT_RESPONSE_CACHE,
  ResponseCache,
  type ResponseCacheOptions,
} from "./response-cache.ts";
import { listenForDataVersions } from "./version-listener.ts";

/** The longest a write waits to hear its own NOTIFY back before answering anyway. */
const NOTIFY_WAIT_MS = 250;

declare module "fastify" {
  interface FastifyInstance {
    /** The public-read response cache; null when this API runs without one. */
    responseCache: ResponseCache | null;
  }
  interface FastifyRequest {
    /** A cacheable read that missed: its key and the data version it is computed under. */
    responseCacheKey: string | null;
    responseCacheVersion: number;
    /** The headers the hooks set for that read, when it carries no Origin (CachedResponse.headers). */
    responseCacheHeaders: OutgoingHttpHeaders | null;
    /** Set on the read that computes an answer others may wait for: tells them it is done. */
    responseCacheSettle: (() => void) | null;
  }
}

/**
 * Part one, before the compression plugin: the cache itself, kept in step with the public data
 * version (a write committed in this process at once; on PostgreSQL other processes' writes
 * through LISTEN/NOTIFY), and filled by {@link rememberAnswer} from the HTTP cache's onSend hook.
 * PGlite is one process (it locks its directory), so its own commits are all there is to hear.
 */
export function registerResponseCache(
  app: FastifyInstance,
  database: DatabaseHandle,
  options: { databaseUrl?: string; cache?: ResponseCacheOptions | false },
): void {
  const cache = options.cache === false ? null : new ResponseCache(options.cache ?? DEFAULT_RESPONSE_CACHE);
  app.decorate("responseCache", cache);
  app.decorateRequest("responseCacheKey", null);
  app.decorateRequest("responseCacheVersion", -1);
  app.decorateRequest("responseCacheHeaders", null);
  app.decorateRequest("responseCacheSettle", null);
  if (!cache) return;

  const listener = options.databaseUrl ? listenForDataVersions(options.databaseUrl, cache, app.log) : null;
  // A write here is seen here at once; on PostgreSQL it answers once its NOTIFY has gone round.
  const unsubscribe = onPublicDataCommitted(database.db, (version, tags) => {
    cache.observe(version, tags);
    return listener?.heard(version, NOTIFY_WAIT_MS);
  });
  app.addHook("onReady", async () => {
    if (listener) return listener.ready;
    // Before any request: a fresh database may not have its tables yet, so a failure waits for the first write.
    cache.observe(await readPublicDataVersion(database.db).catch(() => 0));
  });
  app.addHook("onClose", async () => {
    unsubscribe();
    await listener?.stop();
  });
}

/** How long a read waits for another's computation of the same answer before computing it too. */
const COMPUTE_WAIT_MS = 10_000;

/**
 * Part two, after every other onRequest hook (security headers, CORS, the database check, the
 * access guard): a cacheable GET or HEAD found fresh in the cache is answered from memory there
 * and then, before parsing, validation, the handler, serialisation, hashing or compression.
 *
 * One computation per answer at a time (issue 33, decision 051's addendum): a read that misses
 * while another read of the same key and version is being computed waits for it and is answered
 * from what it stored, so a write that empties the cache costs one query per answer, not one per
 * visitor asking at that moment. A computation that stores nothing releases its waiters to compute.
 */
export function serveCachedResponses(app: FastifyInstance): void {
  const computing = new Map<string, Promise<void>>();

  const waitFor = async (flight: Promise<void>) => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      flight,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, COMPUTE_WAIT_MS);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  };

  app.addHook("onRequest", (request, reply, done) => {
    const cache = app.responseCache;
    if (!cache || request.routeOptions.config.cache !== "public") return done();
    if (request.method !== "GET" && request.method !== "HEAD") return done();
    const key = cacheKey(request.url);
    if (key === null) return done();
    const answer = (entry: CachedResponse) => {
      reply.hijack();
      // Node accepts numbers for any header (content-length); the types only for some.
      writeCachedAnswer(request.raw, reply.raw, entry, reply.getHeaders() as OutgoingHttpHeaders);
      done();
    };
    const compute = () => {
      const version = cache.version;
      const flightKey = `${version} ${key}`;
      if (version >= 0 && !computing.has(flightKey)) {
        let settle = () => {};
        const flight = new Promise<void>((resolve) => {
          settle = () => {
            if (computing.get(flightKey) === flight) computing.delete(flightKey);
            resolve();
          };
        });
        computing.set(flightKey, flight);
        request.responseCacheSettle = settle;
      }
      request.responseCacheKey = key;
      request.responseCacheVersion = version;
      request.responseCacheHeaders =
        request.headers.origin === undefined ? { ...(reply.getHeaders() as OutgoingHttpHeaders) } : null;
      done();
    };
    const entry = cache.get(key);
    if (entry) return answer(entry);
    const flight = computing.get(`${cache.version} ${key}`);
    if (!flight) return compute();
    void waitFor(flight).then(() => {
      try {
        const stored = cache.get(key);
        if (stored) answer(stored);
        else compute();
      } catch (error) {
        // As the hit path's failures go: to the error handler, or a half-sent answer's socket closed.
        if (reply.raw.headersSent) reply.raw.destroy();
        else done(error as Error);
      }
    });
  });

  // The computation ends when its answer is sent or its visitor is gone, stored or not.
  const computed = async (request: FastifyRequest) => {
    request.responseCacheSettle?.();
    request.responseCacheSettle = null;
  };
  app.addHook("onResponse", computed);
  app.addHook("onRequestAbort", computed);
}

/**
 * Sends a cached answer as the route would have: 304 to a matching If-None-Match, else the body
 * in the negotiated encoding (none for HEAD), after `headers`, the hooks' headers for the request.
 */
export function writeCachedAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  entry: CachedResponse,
  hookHeaders: Readonly<OutgoingHttpHeaders>,
): void {
  const headers: OutgoingHttpHeaders = {
    ...hookHeaders,
    etag: entry.etag,
    "cache-control": entry.cacheControl,
    [CACHE_TAG_HEADER]: entry.tags.join(" "),
  };
  if (entityTagMatches(request.headers["if-none-match"], entry.etag)) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  const encoding = entry.bodies.br ? chooseEncoding(request.headers["accept-encoding"]) : "identity";
  const body = entry.bodies[encoding] ?? entry.bodies.identity;
  headers["content-type"] = entry.contentType;
  headers["content-length"] = body.length;
  if (encoding !== "identity") {
    // As the compression plugin does: only a compressed answer says it varies.
    const vary = headers.vary;
    headers.vary = vary ? `${vary}, accept-encoding` : "accept-encoding";
    headers["content-encoding"] = encoding;
  }
  response.writeHead(200, headers);
  response.end(request.method === "HEAD" ? undefined : body);
}

/**
 * Called by the HTTP cache's onSend hook with a public read's 200 answer and its tag: stores it
 * under the key and version its request was given on arrival (nothing when it was found fresh).
 */
export function rememberAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: string | Buffer,
  etag: string,
  cacheControl: string,
  tags: readonly CacheTag[],
): void {
  const cache = request.server.responseCache;
  const key = request.responseCacheKey;
  if (!cache || key === null || request.method !== "GET") return;
  // Public reads only: never a token-bearing answer (issue 42), whatever set its key.
  if (request.routeOptions.config.cache !== "public") return;
  const contentType = reply.getHeader("content-type");
  if (typeof contentType !== "string") return;
  const body = typeof payload === "string" ? Buffer.from(payload) : payload;
  cache.put(key, request.responseCacheVersion, {
    body,
    etag,
    contentType,
    cacheControl,
    tags,
    headers: request.responseCacheHeaders,
  });
  // Stored: the reads waiting for it are answered now, before this one's body is even sent.
  request.responseCacheSettle?.();
  request.responseCacheSettle = null;
}
