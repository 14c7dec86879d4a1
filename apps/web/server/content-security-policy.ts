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
  /** Which inline scripts run: this response's nonce, or (a stored page, decision 046) their hashes. */
  scripts: { nonce: string } | { hashes: readonly string[] };
  /** Origins the browser may call with fetch (the API). */
  connectOrigins: string[];
  /** Only over https: on http://localhost an upgrade would break every asset. */
  upgradeInsecureRequests: boolean;
  /** Where browsers report what the policy blocked (the API's `POST /api/csp-reports`). */
  reportUrl: string;
  /**
   * Trusted Types (issue 25), on the back-office: no string reaches an HTML or script sink
   * (`innerHTML`, `script.src`, `eval`), and no policy may be made that would let one. The
   * back-office renders everything through React and sets no raw HTML, so it needs none.
   */
  trustedTypes?: boolean;
}

/** The Reporting API's name for {@link PolicyInput.reportUrl}, declared by `Reporting-Endpoints`. */
const CSP_REPORT_GROUP = "csp";

/** The `Reporting-Endpoints` header that names the group the policy's `report-to` uses. */
export function reportingEndpoints(reportUrl: string): string {
  return `${CSP_REPORT_GROUP}="${reportUrl}"`;
}

/**
 * `'strict-dynamic'` (issue 25): a script the nonce (or its hash) lets run may load the modules it imports, and
 * nothing else is trusted by place — no host, not even 'self', in browsers that know it (they
 * ignore 'self' then; older ones fall back to it). A script tag injected into the page runs
 * nowhere. Violations are reported by both mechanisms, `report-uri` for browsers without the
 * Reporting API.
 */
export function contentSecurityPolicy({
  scripts,
  connectOrigins,
  upgradeInsecureRequests,
  reportUrl,
  trustedTypes = false,
}: PolicyInput): string {
  const directives = [
    "default-src 'self'",
    `script-src ${"nonce" in scripts ? `'nonce-${scripts.nonce}'` : scripts.hashes.join(" ")} 'strict-dynamic' 'self'`,
    // React style attributes and Tailwind's runtime-free CSS: inline styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${connectOrigins.join(" ")}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `report-uri ${reportUrl}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ];
  if (trustedTypes) directives.push("require-trusted-types-for 'script'", "trusted-types 'none'");
  if (upgradeInsecureRequests) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
