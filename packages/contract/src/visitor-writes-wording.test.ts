import { describe, expect, it } from "vitest";
import { CONSENT_WORDING, subscriptionConsentVersion } from "./visitor-writes-wording.ts";

describe("the price alert's consent wording (UK GDPR Art. 9; issue 32)", () => {
  const { text, version } = CONSENT_WORDING.priceAlert;

  it("covers the alert's emails and unsubscribing, as the specification asks (public site §5)", () => {
    expect(text).toContain("Email me when this price does what my alert watches for (drops to my target,");
    expect(text).toContain("I can unsubscribe at any time with one click");
  });

  it("says the alert shows the medication, that it is used only for the alert, and when it is deleted", () => {
    expect(text).toContain("My alert shows which medication I'm interested in");
    expect(text).toContain("PharmaCompare uses that only to send this alert.");
    expect(text).toContain("the alert is then deleted within 30 days.");
  });

  it("names every kind of alert it consents to, each at most once a day (decision 043)", () => {
    for (const kind of ["drops to my target", "falls at all", "its lowest in 90 days", "back in stock"]) {
      expect(text).toContain(kind);
    }
    expect(text).toContain("at most once a day");
  });

  it("is stored under a version of its own, not the earlier wording's", () => {
    expect(version).toBe("price-alert-kinds-2026-11-26");
    expect(version).not.toBe("price-alert-2026-11-26");
    expect(version).not.toBe(CONSENT_WORDING.subscription.version);
  });

  it("asks explicit consent for the conditions a subscription follows, under a version of its own", () => {
    const { text, version } = CONSENT_WORDING.subscriptionConditions;
    expect(text).toContain("The conditions I tick show which treatments interest me");
    expect(text).toContain("uses them only to choose which price updates to send me");
    expect(version).not.toBe(CONSENT_WORDING.subscription.version);
    expect(subscriptionConsentVersion(["hair-loss"])).toBe(version);
    expect(subscriptionConsentVersion([])).toBe(CONSENT_WORDING.subscription.version);
    expect(subscriptionConsentVersion(undefined)).toBe(CONSENT_WORDING.subscription.version);
  });
});
