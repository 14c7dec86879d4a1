import { describe, expect, it } from "vitest";
import { clickOutSource, clickOutUrl, pharmacyClickOutUrl } from "./click-outs.ts";
import { referralParamsProblem, withReferral } from "./referral-params.ts";

describe("click-out addresses", () => {
  it("are the API's /go paths with a known source", () => {
    expect(clickOutUrl("http://api.test/", "0b7e-1", "comparison")).toBe(
      "http://api.test/go/0b7e-1?from=comparison",
    );
    expect(pharmacyClickOutUrl("http://api.test", "kestrel-lane", "pharmacy-page")).toBe(
      "http://api.test/go/pharmacy/kestrel-lane?from=pharmacy-page",
    );
  });

  it("read an unknown or missing source as other", () => {
    expect(clickOutSource("email")).toBe("email");
    expect(clickOutSource("https://evil.example")).toBe("other");
    expect(clickOutSource(undefined)).toBe("other");
    expect(clickOutSource(["email"])).toBe("other");
  });
});

describe("referral parameters", () => {
  it("take name=value pairs of plain characters and percent escapes", () => {
    for (const ok of [
      "",
      "utm_source=pharmacompare",
      "utm_source=pc&utm_medium=referral&ref=a%2Fb",
      "a=",
      "x.y~z=1+2",
    ]) {
      expect(referralParamsProblem(ok), ok).toBeUndefined();
    }
  });

  it("refuse what could change the scheme, host or path, and malformed pairs", () => {
    for (const bad of [
      "//evil.example",
      "https://x",
      "a=b@c",
      "a=b\\c",
      "a=1#x",
      "?a=1",
      "a=1 2",
      "a",
      "a=b=c",
      "&",
      "a=%zz",
      "a b=1",
    ]) {
      expect(referralParamsProblem(bad), bad).toBeDefined();
    }
  });

  it("are appended to the stored link, which keeps its scheme, host, path and own query", () => {
    expect(withReferral("https://shop.example/p/viagra", "utm_source=pc&ref=7")).toBe(
      "https://shop.example/p/viagra?utm_source=pc&ref=7",
    );
    expect(withReferral("https://shop.example/p?sku=12#top", "ref=7")).toBe(
      "https://shop.example/p?sku=12&ref=7#top",
    );
    expect(withReferral("https://shop.example/p", "")).toBe("https://shop.example/p");
  });

  it("give no target for a link that is not http(s), or a template that is refused", () => {
    expect(withReferral("javascript:alert(1)", "ref=1")).toBeUndefined();
    expect(withReferral("not a link", "")).toBeUndefined();
    expect(withReferral("https://shop.example/p", "ref=1/../x")).toBeUndefined();
  });
});
