import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, reportingEndpoints } from "./content-security-policy.ts";

describe("newNonce", () => {
  it("is 128 random bits in base64, new each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows only our own scripts, inline ones with the response's nonce, and the API for fetch", () => {
    const policy = contentSecurityPolicy({
      scripts: { nonce: "abc123" },
      connectOrigins: ["http://localhost:4000"],
      upgradeInsecureRequests: false,
      reportUrl: "http://localhost:4000/api/csp-reports",
    });
    // Only what the nonce lets run, and what that loads: no host is trusted by place.
    expect(policy).toContain("script-src 'nonce-abc123' 'strict-dynamic' 'self'");
    expect(policy).toContain("report-uri http://localhost:4000/api/csp-reports");
    expect(policy).toContain("report-to csp");
    expect(reportingEndpoints("http://localhost:4000/api/csp-reports")).toBe(
      'csp="http://localhost:4000/api/csp-reports"',
    );
    expect(policy).toContain("connect-src 'self' http://localhost:4000");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).not.toContain("sha256-");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });

  it("names a stored page's script hashes instead of a nonce (decision 046)", () => {
    const policy = contentSecurityPolicy({
      scripts: { hashes: ["'sha256-AAA='", "'sha256-BBB='"] },
      connectOrigins: [],
      upgradeInsecureRequests: false,
      reportUrl: "http://api/r",
    });
    expect(policy).toContain("script-src 'sha256-AAA=' 'sha256-BBB=' 'strict-dynamic' 'self'");
    expect(policy).not.toContain("nonce-");
  });

  it("requires Trusted Types on the back-office only", () => {
    const base = {
      scripts: { nonce: "n" },
      connectOrigins: [],
      upgradeInsecureRequests: false,
      reportUrl: "http://api/r",
    };
    expect(contentSecurityPolicy({ ...base, trustedTypes: true })).toContain(
      "require-trusted-types-for 'script'; trusted-types 'none'",
    );
    expect(contentSecurityPolicy(base)).not.toContain("trusted-types");
  });
});
