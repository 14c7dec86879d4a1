import { describe, expect, it } from "vitest";
import { hostOf, onWebsite } from "./link-sites.ts";

describe("a price link's site against the pharmacy's website", () => {
  it("compares registrable domains, so a subdomain is the same site and a look-alike is not", () => {
    expect(onWebsite("https://shop.kestrel.co.uk/viagra", "https://www.kestrel.co.uk")).toBe(true);
    expect(onWebsite("https://kestrel.co.uk.evil.example/viagra", "https://www.kestrel.co.uk")).toBe(false);
    expect(onWebsite("https://other.co.uk/viagra", "https://kestrel.co.uk")).toBe(false);
    // Two sites under one private suffix are two sites.
    expect(onWebsite("https://a.github.io/x", "https://b.github.io")).toBe(false);
  });

  it("flags a link when the pharmacy has no website to compare with", () => {
    expect(onWebsite("https://kestrel.example/v", "#")).toBe(false);
    expect(onWebsite("https://kestrel.example/v", null)).toBe(false);
    expect(hostOf("https://Kestrel.Example/v")).toBe("kestrel.example");
  });
});
