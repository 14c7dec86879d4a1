import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import {
  chooseEncoding,
  isPlainHost,
  parseRequestTarget,
  remembered,
  sortedQuery,
} from "@pharmacompare/http-serving";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { markedScriptHashes } from "./marked-script-hashes.ts";
import { wholeBody } from "./whole-body.ts";

/**
 * The page cache for anonymous visitors (issue 14, decision 020): a public page rendered once is
 * served from memory until the public data it was built from changes (its tags, decision 063). It keeps nothing personal: only GET requests
 * without cookies or credentials, outside the back-office, whose query holds only keys the public
 * pages read, answered 200 with HTML and no Set-Cookie, by a render during which no API call
 * failed (a page built from fallback data says so, and must not outlive the outage).
 *
 * A page to be stored is rendered with a marker nonce made for that one render, and stored with the
 * hashes of the scripts that carry it; a hit sends the stored bytes, compressed once per encoding,
 * under a CSP that names those hashes (decision 046, amending 016 and 020). No stored content can
 * carry the marker, which did not exist before the render, so an injected script is hashed never
 * and runs nowhere, as under a fresh nonce; and no response re-writes or re-compresses the page,
 * whether it is answered before Fastify or by the hook.
 *
 * One render per page at a time (issue 33): visitors who ask for a page while it is being rendered
 * wait for that render instead of starting their own, and once a page passes the backstop age the
 * first visitor renders it again while the others are still sent the page it replaces.
 */

/**
 * Query keys public pages read (condition choice and its course plan and horizon, the view of
 * introductory prices, the compare page's medication and two pharmacies, blog paging; decisions
 * 042, 057); any other key bypasses. Free-text
 * search (`q`) is not among them: every random query would be a new entry evicting real pages
 * (issue 25), and a search result is cheap to render next to a condition page.
 */
const ALLOWED_QUERY_KEYS = new Set([
  "medication",
  "dosage",
  "sort",
  "view",
  "plan",
  "horizon",
  "a",
  "b",
  "page",
]);

/** Response headers that belong to one response, not to the page. */
const PER_RESPONSE_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "keep-alive",
  "vary",
  "x-cache",
]);

/** What changed since the version the cache knows: the tags of the changes after it (decision 063). */
interface DataChanges {
  version: number;
  /** Absent: unknown, so every page goes. `site` among them: every page goes. */
  tags?: readonly string[];
}

export interface PageCacheOptions {
  /**
   * The API's public data version and, given the version the cache knows (`since`), the tags
   * changed after it; null when it cannot be had (the API is down).
   */
  dataVersion: (since: number | null) => Promise<number | DataChanges | null>;
  /** The tags of the API answers a request's render used (render-tags.server.ts); `site` is always added. */
  renderTags?: (request: FastifyRequest) => Iterable<string>;
  /** How many API calls have failed in this process so far (app/lib/api-health.ts). */
  apiFailures: () => number;
  /** The header through which the render learns its nonce (decision 016). */
  nonceHeader: string;
  /** A new nonce: each render that may be stored gets its own as its marker. */
  newNonce: () => string;
  /** The page compressed with an encoding (done once per page and encoding). */
  compress: (body: Buffer, encoding: PageEncoding) => Buffer;
  /** Pages smaller than this are sent as they are, as the compression plugin would send them. */
  compressionThreshold?: number;
  now?: () => number;
  /** The version is asked again when it is older than this: the bound on serving a stale page. */
  versionCheckMs?: number;
  /** A backstop: pages say "checked 5 minutes ago", so none is kept longer than this. */
  maxAgeMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /**
   * Render ahead (issue 47): when a change drops stored pages, the most recently used of them, up to
   * this many, are rendered again at once in the background, one at a time, so the visitor after a
   * price change is sent stored bytes. 0 (the default here) renders nothing ahead.
   */
  renderAheadPages?: number;
}

export type PageEncoding = "br" | "gzip";

/** A stored page as it is sent: the render's bytes, its headers and its scripts' CSP hashes. */
export interface CachedPage {
  body: Buffer;
  headers: Record<string, string | string[]>;
  scriptHashes: readonly string[];
  /** The body compressed with `encoding`, made on first use and kept with the page. */
  encoded(encoding: PageEncoding): Buffer;
}

interface Entry extends CachedPage {
  /** What the entry holds in memory, its compressed forms included. */
  bytes: number;
  storedAt: number;
  /** The data the page was built from: a change naming one of these drops it (decision 063). */
  tags: readonly string[];
  /** The Host it was asked for under (the router builds its URLs from it): a render ahead asks the same. */
  host: string;
}

/** The header a stored page names its tags in, for a shared cache in front (decision 063). */
const TAG_HEADER = "xkey";
/** Every stored page carries it: the layout is built from site-wide data (the category tree). */
const SITE_TAG = "site";
/** More tags than this (or 7,000 bytes of them) and a page is tagged `site` alone (a header Varnish takes whole). */
const MAX_PAGE_TAGS = 100;

interface Pending {
  key: string;
  version: number;
  failuresBefore: number;
  /** The nonce this render writes on its own scripts, and nothing else can. */
  marker: string;
  /** Tells the visitors waiting for this render what it stored (null: nothing); once. */
  settle: (entry: CachedPage | null) => void;
}

/** How long a visitor waits for someone else's render of the same page before rendering it too. */
const RENDER_WAIT_MS = 10_000;

/**
 * A stored page as one request is sent it: the bytes compressed once for its encoding (identity
 * below the threshold or when the visitor accepts neither br nor gzip) and the headers saying so.
 */
export function pageAsSent(
  page: CachedPage,
  acceptEncoding: string | undefined,
  threshold: number,
): { body: Buffer; headers: Record<string, string> } {
  if (page.body.length < threshold) return { body: page.body, headers: {} };
  const encoding = chooseEncoding(acceptEncoding);
  const headers: Record<string, string> = { vary: "accept-encoding" };
  if (encoding === "identity") return { body: page.body, headers };
  headers["content-encoding"] = encoding;
  return { body: page.encoded(encoding), headers };
}

declare module "fastify" {
  interface FastifyRequest {
    pageCache?: Pending;
    /** Set on a cache hit: the stored page's script hashes, which its CSP names instead of a nonce. */
    cachedScriptHashes?: readonly string[];
    /** A render that may be stored: the tags of the API answers it used (decision 063). */
    renderTags?: Set<string>;
  }
}

/**
 * The cache key, or null when this request must not be served from or stored in the cache. The
 * target is parsed as the router reads it (`parseRequestTarget`: "//host/path", bad escapes and
 * anything a parser would rewrite are never cached), the back-office is excluded however its path
 * is spelt (React Router matches paths decoded and case-insensitively), and the Host must be plain,
 * since the router's URL is built from it. Never throws: it runs before Fastify (decision 027).
 */
export function cacheKey(request: {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}): string | null {
  if (request.method !== "GET") return null;
  const { headers } = request;
  if (headers.cookie || headers.authorization) return null;
  if (!isPlainHost(headers.host)) return null;
  return request.url === undefined ? null : keyOfTarget(request.url);
}

/** The target's part of the key, remembered: a hit's key is a lookup, not a parse (issue 33). */
const keyOfTarget = remembered((url: string): string | null => {
  const target = parseRequestTarget(url);
  if (!target) return null;
  const path = decodeURIComponent(target.path).toLowerCase();
  if (path === "/admin" || path.startsWith("/admin/")) return null;
  // React Router's data requests and static files are not pages.
  if (path.endsWith(".data") || /\.[a-z0-9]+$/.test(path)) return null;
  if ([...target.query.keys()].some((key) => !ALLOWED_QUERY_KEYS.has(key))) return null;
  const query = sortedQuery(target.query);
  return query ? `${target.path}?${query}` : target.path;
});

export function registerPageCache(app: FastifyInstance, options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const versionCheckMs = options.versionCheckMs ?? 500;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const compressionThreshold = options.compressionThreshold ?? 1024;
  const renderAheadPages = options.renderAheadPages ?? 0;
  const entries = new Map<string, Entry>();
  /** Renders under way, by key: what each will have stored, for the visitors who wait for it. */
  const rendering = new Map<string, Promise<CachedPage | null>>();
  let totalBytes = 0;
  let known: { version: number | null; checkedAt: number } = { version: null, checkedAt: -Infinity };
  let checking: Promise<number | null> | undefined;
  /** The data version every stored page was rendered under. */
  let storedUnder: number | null = null;

  function clear() {
    const dropped = [...entries];
    entries.clear();
    totalBytes = 0;
    renderAhead(dropped);
  }

  /** Drops the pages built from data a change named; all of them for `site` (decision 063). */
  function dropTagged(changed: readonly string[]) {
    if (changed.includes(SITE_TAG)) return clear();
    const dropped = [...entries].filter(([, entry]) => entry.tags.some((tag) => changed.includes(tag)));
    for (const [key] of dropped) remove(key);
    renderAhead(dropped);
  }

  /** Pages to render ahead, by key, with the Host each was asked under; the most recently used last. */
  const ahead = new Map<string, string>();
  let renderingAhead = false;
  let closed = false;
  app.addHook("onClose", async () => {
    closed = true;
    ahead.clear();
  });

  /**
   * Queues the most recently used of the dropped pages (entries are least recently used first) to
   * be rendered again, keeping at most `renderAheadPages` waiting however many changes come: a burst
   * of changes (a feed of 30,000 rows) costs at most that many renders, never a render per change.
   */
  function renderAhead(dropped: [string, Entry][]) {
    if (renderAheadPages <= 0 || closed) return;
    for (const [key, entry] of dropped.slice(-renderAheadPages)) {
      ahead.delete(key);
      ahead.set(key, entry.host);
    }
    for (const [key] of ahead) {
      if (ahead.size <= renderAheadPages) break;
      ahead.delete(key);
    }
    if (!renderingAhead) void renderAheadLoop();
  }

  /**
   * Renders the queued pages one at a time, most recently used first, as a visitor would ask for
   * them (`inject`: the same hooks store the render, and visitors who come meanwhile wait for it
   * rather than render it too). A page stored or under way already is left alone.
   */
  async function renderAheadLoop() {
    renderingAhead = true;
    try {
      while (!closed && ahead.size > 0) {
        const [key, host] = [...ahead].at(-1) as [string, string];
        ahead.delete(key);
        if (entries.has(key) || rendering.has(key)) continue;
        // After the visitor whose request found the change: renders ahead never go first.
        await new Promise((resolve) => setImmediate(resolve));
        await app.inject({ method: "GET", url: key, headers: { host } }).catch(() => {});
      }
    } finally {
      renderingAhead = false;
    }
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  /** The current version, asked at most once per interval (one request shared by everyone waiting). */
  async function currentVersion(): Promise<number | null> {
    if (now() - known.checkedAt < versionCheckMs) return known.version;
    checking ??= options
      .dataVersion(storedUnder)
      .catch(() => null)
      .then((answer) => {
        const version = answer === null || typeof answer === "number" ? answer : answer.version;
        const changed = answer !== null && typeof answer === "object" ? answer.tags : undefined;
        // Another version means other data: the pages built from what it changed go (all of them
        // when the answer cannot say what; decision 063). A check that failed (null) says nothing
        // about the data: the pages stay, unserved until a check answers, so one slow answer under
        // load no longer empties the cache (issue 33).
        if (version !== null && version !== storedUnder) {
          if (storedUnder !== null && changed) dropTagged(changed);
          else clear();
          storedUnder = version;
        }
        known = { version, checkedAt: now() };
        return version;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  /**
   * The page stored under `key`, marked most recently used, and whether it is still within the
   * backstop age. One past it is kept for a while longer, to be sent only while its replacement
   * renders; one past twice the age is dropped.
   */
  function lookup(key: string): { page: CachedPage; fresh: boolean } | null {
    const entry = entries.get(key);
    if (!entry) return null;
    const age = now() - entry.storedAt;
    if (age >= 2 * maxAgeMs) {
      remove(key);
      return null;
    }
    // Most recently used last, so the oldest use is evicted first.
    entries.delete(key);
    entries.set(key, entry);
    return { page: entry, fresh: age < maxAgeMs };
  }

  /** What the render under way for `key` stores, or null once it has waited long enough. */
  async function renderOf(key: string): Promise<CachedPage | null> {
    const render = rendering.get(key);
    if (!render) return null;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_WAIT_MS);
      timer.unref();
    });
    try {
      return await Promise.race([render, waited]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Registers this request's render of `key`: others asking meanwhile wait for it. */
  function startRender(key: string): Pending["settle"] {
    let settle: Pending["settle"] = () => {};
    const render = new Promise<CachedPage | null>((resolve) => {
      settle = (entry) => {
        if (rendering.get(key) === render) rendering.delete(key);
        resolve(entry);
      };
    });
    rendering.set(key, render);
    return settle;
  }

  function newEntry(
    key: string,
    body: Buffer,
    headers: Entry["headers"],
    scriptHashes: string[],
    tags: readonly string[],
    host: string,
  ): Entry {
    const encodings = new Map<PageEncoding, Buffer>();
    const entry: Entry = {
      body,
      headers,
      scriptHashes,
      tags,
      host,
      bytes: body.length,
      storedAt: now(),
      encoded(encoding) {
        let encoded = encodings.get(encoding);
        if (!encoded) {
          encoded = options.compress(body, encoding);
          encodings.set(encoding, encoded);
          entry.bytes += encoded.length;
          // Counted where it is held: a page dropped meanwhile no longer counts at all.
          if (entries.get(key) === entry) totalBytes += encoded.length;
        }
        return encoded;
      },
    };
    return entry;
  }

  /** A stored page answered by the hook: its headers, its bytes as this visitor accepts them. */
  function sendHit(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
    const sent = pageAsSent(page, request.headers["accept-encoding"], compressionThreshold);
    request.cachedScriptHashes = page.scriptHashes;
    reply.headers(page.headers);
    // A content-encoding already set tells the compression plugin to leave the bytes alone.
    reply.headers(sent.headers);
    reply.header("x-cache", "hit");
    return reply.code(200).send(sent.body);
  }

  app.addHook("onRequest", async (request, reply) => {
    const key = cacheKey(request);
    if (!key) return;
    const version = await currentVersion();
    // Without a version nothing can be known fresh: render as if there were no cache.
    if (version === null) return;
    const found = lookup(key);
    if (found?.fresh) return sendHit(request, reply, found.page);
    if (rendering.has(key)) {
      // Someone is rendering this page: send the page it replaces, or wait for it.
      const page = found?.page ?? (await renderOf(key));
      if (page) return sendHit(request, reply, page);
    }
    const marker = options.newNonce();
    const settle = startRender(key);
    request.pageCache = { key, version, failuresBefore: options.apiFailures(), marker, settle };
    request.raw.headers[options.nonceHeader] = marker;
  });

  // A render that never reached onSend (an error before it, a visitor gone) stored nothing.
  const renderEnded = async (request: FastifyRequest) => {
    request.pageCache?.settle(null);
    request.pageCache = undefined;
  };
  app.addHook("onResponse", renderEnded);
  app.addHook("onRequestAbort", renderEnded);

  // Before compression. This response itself goes out under its marker as its nonce.
  app.addHook("onSend", async (request, reply, payload) => {
    const pending = request.pageCache;
    if (!pending) return payload;
    request.pageCache = undefined;
    const type = reply.getHeader("content-type");
    const html = typeof type === "string" && type.startsWith("text/html");
    let text: string | null;
    try {
      text = html ? ((await wholeBody(payload))?.toString("utf8") ?? null) : null;
    } catch (error) {
      // The render's stream failed (its visitor gone): nothing stored, the waiters render.
      pending.settle(null);
      throw error;
    }
    if (text === null) {
      pending.settle(null);
      return payload;
    }
    const scriptHashes = markedScriptHashes(text, pending.marker);
    const storable =
      scriptHashes !== null &&
      reply.statusCode === 200 &&
      !reply.hasHeader("set-cookie") &&
      options.apiFailures() === pending.failuresBefore &&
      known.version === pending.version &&
      Buffer.byteLength(text) <= maxBytes / 8;
    reply.header("x-cache", storable ? "miss" : "bypass");
    if (storable) {
      const rendered = new Set([SITE_TAG, ...(options.renderTags?.(request) ?? [])]);
      const joined = [...rendered].sort();
      const tags = rendered.size > MAX_PAGE_TAGS || joined.join(" ").length > 7000 ? [SITE_TAG] : joined;
      // Only a page kept for everyone names its tags: a shared cache keeps nothing else.
      reply.header(TAG_HEADER, tags.join(" "));
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
        headers[name] = Array.isArray(value) ? value : String(value);
      }
      remove(pending.key);
      const entry = newEntry(
        pending.key,
        Buffer.from(text),
        headers,
        scriptHashes,
        tags,
        request.headers.host ?? "",
      );
      entries.set(pending.key, entry);
      totalBytes += entry.bytes;
      for (const [oldest] of entries) {
        if (entries.size <= maxEntries && totalBytes <= maxBytes) break;
        remove(oldest);
      }
      pending.settle(entry);
    } else {
      pending.settle(null);
    }
    return text;
  });

  return {
    clear,
    get size() {
      return entries.size;
    },
    /**
     * The page for a request answered before Fastify (decision 027), or null to leave it to
     * Fastify: only while the data version was checked within the interval, so an early answer
     * is never staler than a hook's.
     */
    pageBeforeFastify(request: IncomingMessage): CachedPage | null {
      if (known.version === null || now() - known.checkedAt >= versionCheckMs) return null;
      const key = cacheKey(request);
      const found = key ? lookup(key) : null;
      return found?.fresh ? found.page : null;
    },
  };
}
