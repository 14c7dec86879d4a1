import { randomBytes } from "node:crypto";

/**
 * The Content-Security-Policy of every page (decision 016): scripts from our own origin, and
 * inline scripts only when they carry this response's nonce — which the app puts on the scripts
 * it renders and nothing else can know. A `<script>` that an injection bug put into the page has
 * no nonce and does not run. (Hashing the finished page's scripts, decision 009, would have
 * allowed an injected one too.)
 */

/** 128 random bits, new for every response. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export interface PolicyInput {
  nonce: string;
  /** Origins the browser may call with fetch (the API). */
  connectOrigins: string[];
  /** Only over https: on http://localhost an upgrade would break every asset. */
  upgradeInsecureRequests: boolean;
}

export function contentSecurityPolicy({
  nonce,
  connectOrigins,
  upgradeInsecureRequests,
}: PolicyInput): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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
