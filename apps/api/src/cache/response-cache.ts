import type { OutgoingHttpHeaders } from "node:http";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { type Encoding, parseRequestTarget, remembered, sortedQuery } from "@pharmacompare/http-serving";
import { compressionOptions } from "../plugins/compression.ts";
import { type CacheTag, SITE_TAG, touchedBy } from "./cache-tags.ts";

/** One public read's answer, ready to send as it is: no query, no serialisation, no hashing. */
export interface CachedResponse {
  /** The public data version the answer was computed under. */
  readonly version: number;
  /** When it was stored (ms since the epoch): entries older than the maximum age are dropped. */
  readonly storedAt: number;
  readonly etag: string;
  readonly contentType: string;
  readonly cacheControl: string;
  /** The data the answer was built from (decision 063): a change naming one of them drops it. */
  readonly tags: readonly CacheTag[];
  /**
   * The headers the API's hooks gave the request that filled it (security headers, CORS's Vary),
   * kept when that request had no Origin: then they are what any request without one gets, and a
   * hit can be answered before Fastify sees it (early-answers.ts). Null otherwise.
   */
  readonly headers: Readonly<OutgoingHttpHeaders> | null;
  /** The body in each encoding; only `identity` under the compression threshold. */
  readonly bodies: Readonly<Partial<Record<Encoding, Buffer>>> & { identity: Buffer };
  /** What the entry holds, for the byte bound. */
  readonly bytes: number;
}

export interface ResponseCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** A backstop for answers that depend on the clock (price history's window, message dates). */
  maxAgeMs: number;
  now?: () => number;
}

export const DEFAULT_RESPONSE_CACHE: ResponseCacheOptions = {
  maxEntries: 5000,
  maxBytes: 64 * 1024 * 1024,
  maxAgeMs: 60_000,
};

const threshold = compressionOptions.threshold ?? 1024;

/**
 * The public-read response cache: answers by normalised URL, each made under a version of the
 * public data and carrying the tags of the data it was built from. The process's `version` rises
 * when a write commits here or another process's NOTIFY arrives, and the entries carrying one of
 * that change's tags go (all of them for `site`); the others stay (decision 063). An answer
 * computed while any change arrived is not stored. While the version cannot be trusted (the
 * listening connection is down) nothing is served or stored.
 * Bounded by entries and bytes, least recently used first out (a Map keeps insertion order).
 */
export class ResponseCache {
  #entries = new Map<string, CachedResponse>();
  #bytes = 0;
  #version = 0;
  #live = true;
  readonly #options: ResponseCacheOptions;
  readonly #now: () => number;

  constructor(options: ResponseCacheOptions = DEFAULT_RESPONSE_CACHE) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The version new answers are computed under; -1 while it cannot be trusted (then none is stored). */
  get version(): number {
    return this.#live ? this.#version : -1;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  /**
   * A committed version heard of (a local write, a NOTIFY, a re-read) and the tags it changed
   * (`site` when unknown): the entries carrying them go. A version heard late or twice (a local
   * commit and its own NOTIFY) still drops its tags; the version itself only rises.
   */
  observe(version: number, tags: readonly CacheTag[] = [SITE_TAG]): void {
    if (version > this.#version) this.#version = version;
    if (tags.includes(SITE_TAG)) {
      // Everything held is now stale: drop it at once rather than entry by entry.
      this.clear();
      return;
    }
    for (const [key, entry] of this.#entries) if (touchedBy(entry.tags, tags)) this.#remove(key, entry);
  }

  /** The version can no longer be trusted (the listener lost its connection): serve nothing. */
  suspend(): void {
    this.#live = false;
    this.clear();
  }

  /** Trusted again, at the version just read from the database. */
  resume(version: number): void {
    this.observe(version);
    this.#live = true;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** The fresh entry for `key`, marked most recently used; undefined on a miss. */
  get(key: string): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (!this.#live || this.#now() - entry.storedAt > this.#options.maxAgeMs) {
      this.#remove(key, entry);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /**
   * Stores a 200 answer computed under `version` (read when its request arrived, so an answer
   * racing a write is stored as already stale). Compresses it once in each encoding, with the
   * compression plugin's settings and, like it, synchronously: the next request is a hit.
   */
  put(
    key: string,
    version: number,
    answer: {
      body: Buffer;
      etag: string;
      contentType: string;
      cacheControl: string;
      tags: readonly CacheTag[];
      headers: Readonly<OutgoingHttpHeaders> | null;
    },
  ): void {
    if (version < 0 || version !== this.version) return;
    const identity = answer.body;
    const bodies: CachedResponse["bodies"] =
      identity.length < threshold
        ? { identity }
        : {
            identity,
            br: brotliCompressSync(identity, compressionOptions.brotliOptions),
            gzip: gzipSync(identity, compressionOptions.zlibOptions),
          };
    const bytes = key.length + identity.length + (bodies.br?.length ?? 0) + (bodies.gzip?.length ?? 0) + 256;
    if (bytes > this.#options.maxBytes) return;
    const previous = this.#entries.get(key);
    if (previous) this.#remove(key, previous);
    this.#entries.set(key, {
      version,
      storedAt: this.#now(),
      etag: answer.etag,
      contentType: answer.contentType,
      cacheControl: answer.cacheControl,
      tags: answer.tags,
      headers: answer.headers,
      bodies,
      bytes,
    });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#options.maxEntries && this.#bytes <= this.#options.maxBytes) break;
      this.#remove(oldest, entry);
    }
  }

  #remove(key: string, entry: CachedResponse): void {
    if (this.#entries.get(key) !== entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/**
 * The cache key of a request target: the path as sent and the query sorted by name (values in
 * their order), so `?b=2&a=1` and `?a=1&b=2` share one entry; null for a target that is never
 * cached (`parseRequestTarget`: "//x", a bad %-escape, anything a parser would rewrite). The method
 * is not part of it: HEAD is answered from GET's entry.
 */
export function cacheKey(url: string | undefined): string | null {
  return url === undefined ? null : keyOfTarget(url);
}

/** Remembered: a hit's key is a lookup, not a parse (issue 33). */
const keyOfTarget = remembered((url: string): string | null => {
  const target = parseRequestTarget(url);
  if (!target) return null;
  const query = sortedQuery(target.query);
  return query ? `${target.path}?${query}` : target.path;
});
