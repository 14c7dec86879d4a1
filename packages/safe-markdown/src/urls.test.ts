import { describe, expect, it } from "vitest";
import { safeImageUrl } from "./image-url.ts";
import { isExternalUrl, safeMarkdownUrl } from "./urls.ts";

describe("safeMarkdownUrl: only http, https, irc, ircs, mailto and xmpp, or relative", () => {
  it.each([
    "https://www.pharmacyregulation.org",
    "http://example.org/page?q=1#top",
    "HTTPS://EXAMPLE.ORG",
    "mailto:help@example.org",
    "irc://irc.example.org/channel",
    "ircs://irc.example.org/channel",
    "xmpp:someone@example.org",
    "/condition/hair-loss",
    "../blog",
    "#what-are-wegovy-and-mounjaro",
    "?page=2",
    "relative/page:with-colon-after-slash",
  ])("keeps %s", (url) => {
    expect(safeMarkdownUrl(url)).toBe(url);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(document.cookie)",
    "  javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.org/file",
    "tel:+441234567890",
  ])("removes %s", (url) => {
    expect(safeMarkdownUrl(url)).toBe("");
  });
});

describe("isExternalUrl", () => {
  it("marks absolute web addresses, including protocol-relative ones", () => {
    expect(isExternalUrl("https://example.org")).toBe(true);
    expect(isExternalUrl("http://example.org")).toBe(true);
    expect(isExternalUrl("//example.org/x")).toBe(true);
  });

  it("leaves site paths, anchors and mail links alone", () => {
    expect(isExternalUrl("/blog")).toBe(false);
    expect(isExternalUrl("#section")).toBe(false);
    expect(isExternalUrl("mailto:help@example.org")).toBe(false);
  });
});

describe("safeImageUrl", () => {
  it("accepts paths on this site", () => {
    expect(safeImageUrl("/images/blog/a.jpg")).toBe("/images/blog/a.jpg");
    expect(safeImageUrl("  /images/blog/a.jpg ")).toBe("/images/blog/a.jpg");
  });

  it("refuses other hosts, which the CSP's img-src 'self' would block", () => {
    expect(safeImageUrl("https://cdn.example.org/a.jpg")).toBe(null);
    expect(safeImageUrl("http://cdn.example.org/a.jpg")).toBe(null);
    expect(safeImageUrl("/\\evil.example/a.jpg")).toBe(null);
    expect(safeImageUrl("images/a.jpg")).toBe(null);
  });

  it("refuses anything else, and treats empty as none", () => {
    expect(safeImageUrl(null)).toBe(null);
    expect(safeImageUrl("")).toBe(null);
    expect(safeImageUrl("javascript:alert(1)")).toBe(null);
    expect(safeImageUrl("data:image/svg+xml,<svg/>")).toBe(null);
    expect(safeImageUrl("//evil.example/a.jpg")).toBe(null);
  });
});
