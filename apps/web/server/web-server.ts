import type { OutgoingHttpHeaders } from "node:http";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import { publicEndpoints } from "@pharmacompare/contract";
import {
  answerBeforeFramework,
  isPlainHost,
  isStaticAssetRequest,
  logEarlyAnswer,
  oneLinePerRequest,
} from "@pharmacompare/http-serving";
import { type FastifyInstance, type FastifyServerOptions, fastify } from "fastify";
import type { ServerBuild } from "react-router";
import { webConfig } from "../app/config.server.ts";
import { createApiClient } from "../app/lib/api-client.ts";
import { apiFailureCount } from "../app/lib/api-health.ts";
import { CSP_NONCE_HEADER } from "../app/lib/csp-nonce.ts";
import { followRender } from "../app/lib/render-tags.server.ts";
import { handOverServerLog } from "../app/lib/server-log.server.ts";
import { limitRequestBodies, WEB_BODY_LIMIT_BYTES, WEB_BODY_TIMEOUT_MS } from "./body-limit.ts";
import {
  contentSecurityPolicy,
  newNonce,
  type PolicyInput,
  reportingEndpoints,
} from "./content-security-policy.ts";
import { type CachedPage, pageAsSent, registerPageCache } from "./page-cache.ts";
import { wholeBody } from "./whole-body.ts";

/** This package's production build, located from this file so the caller's cwd does not matter. */
const serverBuildPath = fileURLToPath(new URL("../build/server/index.js", import.meta.url));
const clientBuildDirectory = fileURLToPath(new URL("../build/client", import.meta.url));

/** Sent with every page; the API sets its own. */
const htmlSecurityHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  // No other window keeps a handle on ours (pharmacy links open with noopener anyway).
  "cross-origin-opener-policy": "same-origin",
} as const;

/** Browsers keep to https for a year once they have seen the site over https (never on http://localhost). */
const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

export interface WebServerOptions {
  /** Fastify's logger option: `false` (default) or a pino configuration. */
  logger?: FastifyServerOptions["logger"];
  /** The largest request body, in bytes (tests make it small). */
  bodyLimit?: number;
  /** How long a request body may take to arrive, in milliseconds (tests make it short). */
  bodyTimeoutMs?: number;
  /** Serve anonymous visitors' pages from memory until the public data changes (default on). */
  pageCache?: boolean;
  /**
   * How many of the pages a change drops are rendered again at once, in the background (issue 47;
   * default RENDER_AHEAD_PAGES; tests of the tag purge itself turn it off).
   */
  renderAheadPages?: number;
}

/**
 * Pages rendered ahead after a change: the most recently used of those it dropped. About 20 renders
 * of 10–20 ms each per change and process, one at a time, so a burst of changes cannot starve visitors.
 */
const RENDER_AHEAD_PAGES = 20;

/**
 * Public pages anyone may share and a shared cache may keep for a minute, revalidating in the
 * background for half a minute more; a purge by tag on write (their `xkey`, decision 063) makes
 * them fresh at once, so the minute only bounds what depends on the clock ("checked … ago"). The
 * browser itself always revalidates (max-age=0), since prices change.
 */
const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=30";
/** Pages for one visitor (a cookie, the back-office, an unknown query) are kept by nobody. */
const PRIVATE_PAGE_CACHE_CONTROL = "private, no-store";

/** The methods the site answers (POST: the public forms' actions). */
const SITE_METHODS = new Set(["GET", "HEAD", "POST"]);

/** Compression of pages, by the plugin and by early answers alike. */
const COMPRESSION_THRESHOLD = 1024;
/** Brotli at quality 4: close to gzip -9 in size at a fraction of the CPU of the default (11, meant for prebuilt files). */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
/** Bodies up to this size are compressed in one call; larger ones (none of the site's pages) stream. */
const PAGE_SYNC_COMPRESSION_LIMIT = 1024 * 1024;

/**
 * The public web server: React Router's production build (`react-router build` must have run)
 * behind Fastify, with static assets from `build/client`. It does not listen: the caller does.
 */
export async function createWebServer(options: WebServerOptions = {}): Promise<FastifyInstance> {
  // One line per request (decision 050), static files' at debug (issue 41: a page's assets would
  // push start-up's one-time password off the terminal).
  const app = fastify({
    logger: options.logger ?? false,
    logController: oneLinePerRequest({ quiet: isStaticAssetRequest }),
  });
  // Loaders, actions and the render log through this server's logger and its redaction (decision 032).
  const releaseServerLog = handOverServerLog(app.log);
  app.addHook("onClose", async () => releaseServerLog());
  limitRequestBodies(
    app,
    options.bodyLimit ?? WEB_BODY_LIMIT_BYTES,
    options.bodyTimeoutMs ?? WEB_BODY_TIMEOUT_MS,
  );
  const config = webConfig();
  const https = config.siteUrl.startsWith("https:");
  const reportUrl = `${config.apiUrl}${publicEndpoints.reportCspViolation.path}`;
  const policyBase = {
    connectOrigins: [new URL(config.apiUrl).origin],
    upgradeInsecureRequests: https,
    reportUrl,
  };

  // The site answers GET and HEAD, and POST for its forms; anything else is refused here, since
  // React Router cannot even build a request for TRACE or CONNECT (issue 25: no 5xx for odd input).
  app.addHook("onRequest", async (request, reply) => {
    if (SITE_METHODS.has(request.method)) return;
    return reply
      .code(405)
      .header("allow", [...SITE_METHODS].join(", "))
      .type("text/plain; charset=utf-8")
      .send("Method not allowed.");
  });
  // What a POST must carry (a form that parses) is checked by the app's root middleware
  // (app/lib/unreadable-form.server.ts), so the refusal is the site's own page (issue 42).

  // React Router's request URL is built from the Host header: one that is missing (HTTP/1.0 may
  // leave it out), not a plain name or address, or given twice cannot make a URL, and is refused
  // here as any server would, rather than failing inside the render (issue 25).
  app.addHook("onRequest", async (request, reply) => {
    const hosts = hostHeaders(request.raw.rawHeaders ?? []);
    if (hosts.length === 1 && isPlainHost(hosts[0])) return;
    return reply
      .code(400)
      .type("text/plain; charset=utf-8")
      .send("Bad request: the Host header is not a host name.");
  });

  // React Router's request URL is this origin followed by the target as sent, so a target that is
  // not a path ("*", "*@", an absolute URL) makes no URL, or one naming another host; browsers and
  // proxies send a path (RFC 9112 §3.2.1), and anything else is refused here (issue 25).
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith("/")) return;
    return reply
      .code(400)
      .type("text/plain; charset=utf-8")
      .send("Bad request: the request target is not a path.");
  });

  // Like any proxy, pass the visitor's address on: loaders that call the API for a visitor forward
  // this header, and the API (trusting this server's address, TRUST_PROXY) counts the visitor.
  app.addHook("onRequest", async (request) => {
    const previous = request.headers["x-forwarded-for"];
    const address = request.socket.remoteAddress;
    if (address) request.raw.headers["x-forwarded-for"] = previous ? `${previous}, ${address}` : address;
  });

  // A new nonce for every request, handed to the render in a header a visitor cannot set (it is
  // always overwritten here); the page's scripts carry it and the policy names it (decision 016).
  app.addHook("onRequest", async (request) => {
    request.raw.headers[CSP_NONCE_HEADER] = newNonce();
  });

  /** The headers every HTML page gets: security headers, its CSP naming `nonce`, who may keep it. */
  const pageHeaders = (
    scripts: PolicyInput["scripts"],
    shared: boolean,
    backOffice = false,
  ): Record<string, string> => ({
    ...(https ? { "strict-transport-security": STRICT_TRANSPORT_SECURITY } : {}),
    ...htmlSecurityHeaders,
    // Shared only when the page cache judged it so: anonymous, and not built from fallback data.
    "cache-control": shared ? PUBLIC_PAGE_CACHE_CONTROL : PRIVATE_PAGE_CACHE_CONTROL,
    "content-security-policy": contentSecurityPolicy({ ...policyBase, scripts, trustedTypes: backOffice }),
    "reporting-endpoints": reportingEndpoints(reportUrl),
  });

  const api = createApiClient({ baseUrl: config.apiInternalUrl, timeoutMs: 2_000 });
  const pageCache =
    (options.pageCache ?? true)
      ? registerPageCache(app, {
          // What changed since the version the cache knows, by tag (decision 063).
          dataVersion: async (since) => {
            const answer = await api.call(
              publicEndpoints.dataVersion,
              since === null ? {} : { query: { since } },
            );
            return { version: answer.version, ...(answer.tags ? { tags: answer.tags } : {}) };
          },
          renderTags: (request) => request.renderTags ?? [],
          apiFailures: apiFailureCount,
          nonceHeader: CSP_NONCE_HEADER,
          newNonce,
          compress: (body, encoding) =>
            encoding === "br" ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body),
          compressionThreshold: COMPRESSION_THRESHOLD,
          versionCheckMs: config.pageCacheCheckMs,
          renderAheadPages: options.renderAheadPages ?? RENDER_AHEAD_PAGES,
        })
      : null;

  app.addHook("onSend", async (request, reply, payload) => {
    const type = reply.getHeader("content-type");
    if (typeof type !== "string" || !type.startsWith("text/html")) {
      reply.header("x-content-type-options", "nosniff");
      if (https) reply.header("strict-transport-security", STRICT_TRANSPORT_SECURITY);
      return payload;
    }
    const nonce = request.raw.headers[CSP_NONCE_HEADER];
    // A stored page names its scripts' hashes (decision 046); anything rendered now, its nonce.
    const scripts = request.cachedScriptHashes
      ? { hashes: request.cachedScriptHashes }
      : { nonce: typeof nonce === "string" ? nonce : newNonce() };
    const shared = ["hit", "miss"].includes(String(reply.getHeader("x-cache")));
    const backOffice = /^\/admin(?:[/?#]|$)/i.test(request.url);
    reply.headers(pageHeaders(scripts, shared, backOffice));
    // Compressed in one call, not a call per chunk of the render's stream (issue 33).
    return (await wholeBody(payload)) ?? payload;
  });

  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    threshold: COMPRESSION_THRESHOLD,
    // A whole page (read into one buffer above) is compressed in one synchronous call, about 0.7 ms
    // for a 100 KB page at this quality, rather than through a compression stream per response,
    // whose setup and native buffers halved the uncached pages' rate (issue 33).
    syncThreshold: PAGE_SYNC_COMPRESSION_LIMIT,
    brotliOptions: BROTLI_OPTIONS,
  });

  if (pageCache) {
    // A stored page for an anonymous visitor is answered as the request arrives, before Fastify
    // (decision 027): the same bytes, headers and compression as the hook's hit, without the
    // per-request work of the framework. Anything else, a stale version included, goes to Fastify.
    // Such a hit skips the onRequest hooks: one that must see every page belongs in this test too.
    /**
     * A stored page's headers as an early hit sends them, per encoding: the page's own, its CSP
     * naming its scripts' hashes, the security headers and the length, built on its first hit in
     * that encoding and kept with the page (issue 33: they were built again for every hit).
     */
    const builtHeaders = new WeakMap<CachedPage, Map<string, OutgoingHttpHeaders>>();
    const hitHeaders = (page: CachedPage, sent: ReturnType<typeof pageAsSent>): OutgoingHttpHeaders => {
      let byEncoding = builtHeaders.get(page);
      if (!byEncoding) {
        byEncoding = new Map();
        builtHeaders.set(page, byEncoding);
      }
      const encoding = sent.headers["content-encoding"] ?? "identity";
      let headers = byEncoding.get(encoding);
      if (!headers) {
        headers = {
          ...page.headers,
          "x-cache": "hit",
          ...pageHeaders({ hashes: page.scriptHashes }, true),
          ...sent.headers,
          "content-length": sent.body.length,
        };
        byEncoding.set(encoding, headers);
      }
      return headers;
    };
    let closing = false;
    app.addHook("preClose", (done) => {
      closing = true;
      done();
    });
    answerBeforeFramework(
      app.server,
      (request, response) => {
        if (closing) return false;
        const page = pageCache.pageBeforeFastify(request);
        if (!page) return false;
        const started = performance.now();
        const sent = pageAsSent(page, request.headers["accept-encoding"], COMPRESSION_THRESHOLD);
        response.writeHead(200, hitHeaders(page, sent));
        response.end(sent.body);
        logEarlyAnswer(app.log, request, response, started);
        return true;
      },
      (error) =>
        app.log.warn({ err: error }, "answering a stored page early failed; Fastify answers instead"),
    );
  }

  await app.register(fastifyReactRouter, {
    mode: "production",
    // The build itself, loaded once: given only its path, the adapter hands React Router a function
    // that imports it, and React Router then derives the route tree and its handlers again for every
    // request (4 % of an uncached render's CPU in the issue 47 profile, docs/performance.md).
    build: (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild,
    clientBuildDirectory,
    // Called synchronously as the render starts: a render the page cache may store is followed,
    // so the tags of the API answers its loaders use become the page's (decision 063).
    getLoadContext: (request) => {
      if (request.pageCache) {
        request.renderTags = new Set();
        followRender(request.renderTags);
      }
      return undefined;
    },
  });

  return app;
}

/**
 * Every Host header of a request, as sent. Read from `rawHeaders`, which Node's requests and
 * `app.inject()`'s (light-my-request, which has no `headersDistinct`) both carry.
 */
function hostHeaders(rawHeaders: string[]): string[] {
  const hosts: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    if (rawHeaders[index]?.toLowerCase() === "host") hosts.push(rawHeaders[index + 1] ?? "");
  }
  return hosts;
}
