import {
  PRICE_CONTEXT_BAND_PERCENT,
  PRICE_CONTEXT_LABELS,
  PRICE_CONTEXT_MIN_DAYS,
  PRICE_CONTEXT_SINCE_MIN_DAYS,
} from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { howWeRank } from "./how-we-rank.ts";

/** How we rank documents the price-context rule with the contract's own figures (decision 059). */
describe("How we rank: today's price against its history", () => {
  const section = howWeRank.sections.find((entry) => entry.id === "price-context");
  const words = JSON.stringify(section);

  it("states the band, the days of history and the lowest-since rule the contract uses", () => {
    expect(words).toContain(`within ${PRICE_CONTEXT_BAND_PERCENT}% of the typical price either way`);
    expect(words).toContain(`fewer than ${PRICE_CONTEXT_MIN_DAYS} days of prices`);
    expect(words).toContain(`more than ${PRICE_CONTEXT_SINCE_MIN_DAYS} days ago`);
    for (const label of ["usual", "below", "above", "new"] as const) {
      expect(words).toContain(PRICE_CONTEXT_LABELS[label]);
    }
  });

  it("names no deal, bargain or saving", () => {
    expect(words).not.toMatch(/deal|bargain|sav(e|ing)/i);
  });
});
