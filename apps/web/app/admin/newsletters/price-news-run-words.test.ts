import { describe, expect, it } from "vitest";
import { priceNewsRunText } from "./price-news-run-words.ts";

describe("priceNewsRunText", () => {
  it("says what a price-drop run found and queued", () => {
    expect(
      priceNewsRunText({
        job: "priceDrops",
        outcome: "succeeded",
        summary: { falls: 2, subscribers: 5, queued: 1 },
      }),
    ).toBe("Price drops: 2 falls found, 1 email queued");
  });

  it("says that a repeated run sends nothing more, and when there was nothing to send", () => {
    expect(
      priceNewsRunText({
        job: "priceDrops",
        outcome: "succeeded",
        summary: { falls: 1, subscribers: 5, queued: 0 },
      }),
    ).toBe(
      "Price drops: 1 fall found, 0 emails queued (subscribers already sent this period's get nothing more)",
    );
    expect(priceNewsRunText({ job: "priceDrops", outcome: "succeeded", summary: { falls: 0 } })).toBe(
      "Price drops: no price fell far enough in the last 24 hours; nothing was sent",
    );
  });

  it("counts the digest's emails and names a failure", () => {
    expect(
      priceNewsRunText({
        job: "weeklyDigest",
        outcome: "succeeded",
        summary: { digests: 3, newMedicationEmails: 1 },
      }),
    ).toBe("Weekly digest: 4 emails queued");
    expect(priceNewsRunText({ job: "weeklyDigest", outcome: "failed", summary: { error: "boom" } })).toBe(
      "Weekly digest: the run failed: boom",
    );
  });
});
