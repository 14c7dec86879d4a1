import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each executable inline script exactly as written, once", () => {
    const html = [
      "<head><script>window.__a = 1;</script>",
      '<script type="module">import("/assets/entry.js");</script>',
      "<script>window.__a = 1;</script>",
      '<script src="/assets/app.js"></script>',
      '<script type="application/ld+json">{"@type":"WebSite"}</script></head>',
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha("window.__a = 1;"), sha('import("/assets/entry.js");')]);
  });

  it("finds nothing in a page without inline scripts", () => {
    expect(inlineScriptHashes("<p>No scripts</p>")).toEqual([]);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows only our own scripts, the listed hashes and the API for fetch", () => {
    const policy = contentSecurityPolicy({
      scriptHashes: ["'sha256-abc'"],
      connectOrigins: ["http://localhost:4000"],
      upgradeInsecureRequests: false,
    });
    expect(policy).toContain("script-src 'self' 'sha256-abc'");
    expect(policy).toContain("connect-src 'self' http://localhost:4000");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });
});
