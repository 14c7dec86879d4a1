import { createHash } from "node:crypto";

/**
 * A Content-Security-Policy built from hashes of the page's own inline scripts. Hashes rather
 * than nonces: a nonce must be new for every response, which fights any cache of rendered pages,
 * while a hash is a property of the page itself and stays valid wherever the page is cached.
 */

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Script types the browser does not execute (JSON-LD, JSON data blocks) need no hash. */
const DATA_TYPE = /\btype\s*=\s*["']?application\/(ld\+)?json/i;
const HAS_SRC = /\bsrc\s*=/i;

/** `'sha256-…'` sources for every executable inline script in the document, in order, deduplicated. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (HAS_SRC.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export interface PolicyInput {
  scriptHashes: string[];
  /** Origins the browser may call with fetch (the API). */
  connectOrigins: string[];
  /** Only over https: on http://localhost an upgrade would break every asset. */
  upgradeInsecureRequests: boolean;
}

export function contentSecurityPolicy({
  scriptHashes,
  connectOrigins,
  upgradeInsecureRequests,
}: PolicyInput): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    // React style attributes and Tailwind's runtime-free CSS: inline styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${connectOrigins.join(" ")}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (upgradeInsecureRequests) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
