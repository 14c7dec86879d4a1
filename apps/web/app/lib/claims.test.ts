import { describe, expect, it } from "vitest";
import { shownClaims } from "./claims.ts";

const labels = {
  pharmacies: "UK pharmacies compared",
  medications: "medications listed",
  saving: "savings on the same treatment",
  updates: "price updates",
  confirmedShare: "of prices confirmed in the last 24 hours",
};

const figures = {
  pharmacies: 34,
  medications: 80,
  largestSavingPercent: 33,
  latestPriceUpdate: "2026-11-22T10:00:00Z",
  pricesListed: 100,
  pricesConfirmedLastDay: 95,
  dailyClaimShare: 0.9,
};

describe("shownClaims", () => {
  it("labels the claims the catalogue bears out, in the labels' order", () => {
    expect(shownClaims(figures, labels)).toEqual([
      { value: "30+", label: "UK pharmacies compared" },
      { value: "80", label: "medications listed" },
      { value: "Up to 30%", label: "savings on the same treatment" },
      { value: "Daily", label: "price updates" },
    ]);
  });

  it("gives the real share of prices confirmed today instead of a daily claim it cannot prove", () => {
    expect(shownClaims({ ...figures, pricesConfirmedLastDay: 72 }, labels).slice(3)).toEqual([
      { value: "72%", label: "of prices confirmed in the last 24 hours" },
    ]);
  });

  it("shows no figures it could not load or cannot prove", () => {
    expect(shownClaims(null, labels)).toEqual([]);
    expect(
      shownClaims(
        {
          pharmacies: 3,
          medications: 0,
          largestSavingPercent: 0,
          latestPriceUpdate: null,
          pricesListed: 0,
          pricesConfirmedLastDay: 0,
          dailyClaimShare: 0.9,
        },
        labels,
      ),
    ).toEqual([{ value: "3", label: "UK pharmacies compared" }]);
  });
});
