/**
 * A request target as both servers' caches key it (issue 25): only a plain origin-form target
 * ("/path?query") that every parser on the way reads the same. The routers read the target through
 * WHATWG URL parsing (React Router builds `new Request(origin + target)`; Fastify's router matches
 * the raw path), so a target that parsing would change — "//host/path" (read as another host by
 * `new URL(target, base)`), a backslash (read as a slash), dot segments, characters it escapes —
 * or a %-escape that does not decode could be stored under one key and served for another. Such a
 * target is never cached: it goes the framework's normal way, which answers it or refuses it.
 */
export interface RequestTarget {
  /** The path exactly as sent (never decoded or normalised). */
  path: string;
  /** The query, parsed; every escape in it decoded. */
  query: URLSearchParams;
}

/** Longer targets are rare and never worth a cache entry. */
const MAX_CACHED_TARGET = 2048;
/**
 * Characters a cached target never holds: anything outside printable ASCII, and the printable ones
 * WHATWG parsing rewrites (a backslash becomes a slash, "#" starts a fragment, the rest are escaped).
 */
const REWRITTEN_BY_PARSERS = /[^\x21-\x7e]|[\\#"<>^`{|}]/;

function decodes(component: string): boolean {
  try {
    decodeURIComponent(component.replaceAll("+", " "));
    return true;
  } catch {
    return false;
  }
}

/** The target's path and query, or null when it must not be cached (see above). Never throws. */
export function parseRequestTarget(target: string | undefined): RequestTarget | null {
  if (!target || target.length > MAX_CACHED_TARGET) return null;
  if (!target.startsWith("/") || target.startsWith("//") || REWRITTEN_BY_PARSERS.test(target)) return null;
  const mark = target.indexOf("?");
  const path = mark === -1 ? target : target.slice(0, mark);
  const rawQuery = mark === -1 ? "" : target.slice(mark + 1);
  let parsed: URL;
  try {
    parsed = new URL(target, "http://target.invalid");
  } catch {
    return null;
  }
  if (parsed.host !== "target.invalid" || parsed.pathname !== path || !decodes(path)) return null;
  for (const pair of rawQuery.split("&")) if (!pair.split("=").every(decodes)) return null;
  return { path, query: new URLSearchParams(rawQuery) };
}

/** The query sorted by name (values in their order), so `?b=2&a=1` and `?a=1&b=2` share a key. */
export function sortedQuery(query: URLSearchParams): string {
  const sorted = new URLSearchParams(query);
  sorted.sort();
  return sorted.toString();
}

/** A Host header value that is a plain name or address and port, as a URL can be built from. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function isPlainHost(host: string | undefined): host is string {
  return host !== undefined && PLAIN_HOST.test(host);
}
