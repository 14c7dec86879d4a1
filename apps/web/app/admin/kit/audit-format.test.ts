import { describe, expect, it } from "vitest";
import { describeUserAgent, humanise, summariseChanges } from "./audit-format.ts";

describe("humanise", () => {
  it.each([
    ["password_change", "Password change"],
    ["login_failed", "Login failed"],
    ["admin_session", "Admin session"],
    ["otherSessionsRevoked", "Other sessions revoked"],
    ["blog-post", "Blog post"],
    ["login", "Login"],
    ["nhs_charge", "NHS charge"],
    ["api_key", "API key"],
  ])("%s → %s", (value, expected) => {
    expect(humanise(value)).toBe(expected);
  });
});

describe("summariseChanges", () => {
  it("says nothing without changes", () => {
    expect(summariseChanges(null)).toBe("");
    expect(summariseChanges({})).toBe("");
  });

  it("lists each change readably", () => {
    expect(
      summariseChanges({ otherSessionsRevoked: 2, active: false, reason: "current password incorrect" }),
    ).toBe("Other sessions revoked: 2; Active: no; Reason: current password incorrect");
    expect(summariseChanges({ dosage: ["25mg", "50mg"], note: null, price: { from: 12.5, to: 11 } })).toBe(
      'Dosage: 25mg, 50mg; Note: none; Price: {"from":12.5,"to":11}',
    );
  });

  it("names the browser and system of a user agent", () => {
    expect(summariseChanges({ userAgent: CHROME_LINUX })).toBe("User agent: Chrome on Linux");
  });

  it("shortens long values and the whole line", () => {
    const note = `Mozilla/5.0 ${"x".repeat(200)}`;
    const line = summariseChanges({ note });
    expect(line.startsWith("Note: Mozilla/5.0 x")).toBe(true);
    expect(line.endsWith("…")).toBe(true);
    expect(line.length).toBeLessThanOrEqual("Note: ".length + 60);
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field${i}`, "value"]));
    expect(summariseChanges(many, 50)).toHaveLength(50);
  });
});

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("describeUserAgent", () => {
  it.each([
    [CHROME_LINUX, "Chrome on Linux"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      "Safari on macOS",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    ["Mozilla/5.0 (Android 15; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0", "Firefox on Android"],
    ["curl/7.88.1", "curl"],
    ["vitest", "vitest"],
  ])("%s → %s", (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected);
  });
});
