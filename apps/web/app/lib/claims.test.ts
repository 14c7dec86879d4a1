import { describe, expect, it } from "vitest";
import { shownClaims } from "./claims.ts";

const labels = {
  pharmacies: "UK pharmacies compared",
  medications: "medications listed",
  saving: "savings on the same treatment",
  updates: "price updates",
};

describe("shownClaims", () => {
  it("labels the claims the catalogue bears out, in the labels' order", () => {
    expect(
      shownClaims(
        {
          pharmacies: 34,
          medications: 80,
          largestSavingPercent: 33,
          latestPriceUpdate: "2026-11-22T10:00:00Z",
        },
        labels,
        new Date("2026-11-22T12:00:00Z"),
      ),
    ).toEqual([
      { value: "30+", label: "UK pharmacies compared" },
      { value: "80", label: "medications listed" },
      { value: "Up to 30%", label: "savings on the same treatment" },
      { value: "Daily", label: "price updates" },
    ]);
  });

  it("shows no figures it could not load or cannot prove", () => {
    expect(shownClaims(null, labels)).toEqual([]);
    expect(
      shownClaims(
        { pharmacies: 3, medications: 0, largestSavingPercent: 0, latestPriceUpdate: null },
        labels,
      ),
    ).toEqual([{ value: "3", label: "UK pharmacies compared" }]);
  });
});
