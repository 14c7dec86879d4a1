import type { IncomingMessage, ServerResponse } from "node:http";
import { answerBeforeFramework, logEarlyAnswer } from "@pharmacompare/http-serving";
import type { FastifyInstance } from "fastify";
import { writeCachedAnswer } from "./register-response-cache.ts";
import { cacheKey } from "./response-cache.ts";

/**
 * Answers a public read found fresh in the response cache as the HTTP request arrives, before
 * Fastify builds its request and reply, routes, and runs the hooks and the logger's child: at
 * these sizes that per-request work is most of the time a hit takes (docs/performance.md).
 *
 * Only what the full path would answer the same way is answered here: a GET or HEAD without an
 * Origin (CORS headers depend on it), from an entry filled by such a request (its headers are the
 * hooks' own), while the database is available and the API is not closing. Everything else goes
 * to Fastify untouched, so its answers, refusals and logs stay as they were (decision 027).
 * An early hit skips every onRequest hook: one added later that must see every public read (a
 * rate limit, say) belongs in these conditions too.
 */
export function answerCacheHitsEarly(app: FastifyInstance, options: { trustProxy: unknown }): void {
  const cache = app.responseCache;
  if (!cache) return;

  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });

  const answerEarly = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (closing || (request.method !== "GET" && request.method !== "HEAD")) return false;
    if (request.headers.origin !== undefined) return false;
    // A forwarded request without a declared proxy: Fastify's hook warns of it (undeclared-proxy.ts).
    if (!options.trustProxy && request.headers["x-forwarded-for"] !== undefined) return false;
    if (app.database.available?.() === false) return false;
    const key = cacheKey(request.url);
    if (key === null) return false;
    const entry = cache.get(key);
    if (!entry?.headers) return false;
    const started = performance.now();
    writeCachedAnswer(request, response, entry, entry.headers);
    logEarlyAnswer(app.log, request, response, started);
    return true;
  };

  answerBeforeFramework(app.server, answerEarly, (error) =>
    app.log.warn({ err: error }, "answering a cache hit early failed; Fastify answers instead"),
  );
}
