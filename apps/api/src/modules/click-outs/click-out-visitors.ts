import type { IncomingHttpHeaders } from "node:http";

/**
 * Which requests to /go count as a visit (decision 044). Only what the request says about itself
 * is read, and nothing of it is kept: prefetches and prerenders (a browser or a mail client
 * fetching ahead, `Sec-Purpose`/`Purpose`/`X-Purpose`/`X-Moz`), requests without a user agent, and
 * user agents that name themselves a crawler, a link preview, a monitor or a script's HTTP library.
 * A headless browser counts as a bot too; journeys that want a counted click send a browser's UA.
 */
const PREFETCH = /prefetch|prerender|preview/i;

const BOT_USER_AGENT = new RegExp(
  [
    "bot\\b",
    "bot/",
    "crawl",
    "spider",
    "slurp",
    "facebookexternalhit",
    "embedly",
    "preview",
    "whatsapp",
    "skypeuripreview",
    "headlesschrome",
    "phantomjs",
    "lighthouse",
    "pingdom",
    "uptime",
    "monitor",
    "scanner",
    "curl/",
    "wget/",
    "python-",
    "python/",
    "go-http-client",
    "node-fetch",
    "undici",
    "axios/",
    "okhttp",
    "java/",
    "libwww",
    "httpclient",
    "postmanruntime",
  ].join("|"),
  "i",
);

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function isCountedVisit(method: string, headers: IncomingHttpHeaders): boolean {
  if (method !== "GET") return false;
  for (const name of ["sec-purpose", "purpose", "x-purpose", "x-moz"]) {
    const value = first(headers[name]);
    if (value && PREFETCH.test(value)) return false;
  }
  const userAgent = first(headers["user-agent"])?.trim();
  if (!userAgent) return false;
  return !BOT_USER_AGENT.test(userAgent);
}
