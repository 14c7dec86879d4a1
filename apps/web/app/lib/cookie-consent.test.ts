import { describe, expect, it } from "vitest";
import { COOKIE_CONSENT_KEY, readConsent } from "./cookie-consent.ts";

const storing = (value: string | null) => ({
  getItem: (key: string) => (key === COOKIE_CONSENT_KEY ? value : null),
});

describe("readConsent", () => {
  it("reads a stored choice with its ISO date", () => {
    const stored = { choice: "all", date: "2025-03-01T10:00:00.000Z" };
    expect(readConsent(storing(JSON.stringify(stored)))).toEqual(stored);
    const withOffset = { choice: "essential", date: "2025-07-01T10:00:00+01:00" };
    expect(readConsent(storing(JSON.stringify({ ...withOffset, extra: 1 })))).toEqual(withOffset);
  });

  it("treats a missing, malformed or unknown choice as no choice, so the banner asks again", () => {
    expect(readConsent(storing(null))).toBeNull();
    expect(readConsent(storing("not json"))).toBeNull();
    expect(
      readConsent(storing(JSON.stringify({ choice: "some", date: "2025-03-01T10:00:00.000Z" }))),
    ).toBeNull();
    expect(readConsent(storing(JSON.stringify({ choice: "essential", date: "yesterday" })))).toBeNull();
    expect(readConsent(storing(JSON.stringify({ choice: "all", date: "2025-13-45T10:00:00Z" })))).toBeNull();
    expect(readConsent(storing(JSON.stringify({ choice: "all", date: "2025-03-01T10:00:00" })))).toBeNull();
    expect(readConsent(storing(JSON.stringify(["all"])))).toBeNull();
    expect(readConsent(undefined)).toBeNull();
  });

  it("survives storage that throws (blocked by the browser)", () => {
    const blocked = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(readConsent(blocked)).toBeNull();
  });
});
