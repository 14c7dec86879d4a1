import { addDays } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { chartGeometry } from "./price-history-geometry.ts";
import { describeHistory, historyLabels, type LowestHistory, todaysLowest } from "./price-history-labels.ts";

const TO = "2031-06-20";

/** A window of `days` ending on TO, with one price per day from `prices` (oldest first, null = none in stock). */
function history(prices: (number | null)[], days = prices.length): LowestHistory {
  const from = addDays(TO, -(days - 1));
  const offset = days - prices.length;
  return {
    days,
    from,
    to: TO,
    lowest: prices.flatMap((price, index) =>
      price === null ? [] : [{ date: addDays(from, offset + index), price }],
    ),
  };
}

/** 90 days at £30, then the last few days as given. */
const ninety = (...last: (number | null)[]) => history([...Array(90 - last.length).fill(30), ...last]);

describe("historyLabels", () => {
  it("says lowest in 90 days when today is at or below every day and was higher before", () => {
    expect(historyLabels(ninety(25))).toContain("Lowest price in 90 days");
    // A tie with an earlier low is still the lowest.
    expect(historyLabels(history([30, 25, 28, ...Array(86).fill(29), 25]))).toContain(
      "Lowest price in 90 days",
    );
  });

  it("does not when any day was cheaper, by a penny", () => {
    expect(historyLabels(history([24.99, ...Array(88).fill(30), 25]))).not.toContain(
      "Lowest price in 90 days",
    );
  });

  it("does not when the price never moved", () => {
    expect(historyLabels(ninety())).toEqual([]);
  });

  it("does not when a day of the window is unknown or had nothing in stock", () => {
    // The demo's history starts 84 days back: 90 days cannot be vouched for, last week can.
    expect(historyLabels(history([...Array(84).fill(30), 25], 90))).toEqual(["£5.00 cheaper than last week"]);
    expect(historyLabels(history([30, null, ...Array(87).fill(30), 25]))).not.toContain(
      "Lowest price in 90 days",
    );
  });

  it("names the window it was asked for", () => {
    expect(historyLabels(history([...Array(29).fill(30), 20]))).toContain("Lowest price in 30 days");
  });

  it("says how much cheaper than the same day last week, in pounds and pence", () => {
    expect(historyLabels(history([31.5, 30, 30, 30, 30, 30, 30, 29.99], 8))).toContain(
      "£1.51 cheaper than last week",
    );
    expect(historyLabels(history([30.1, 1, 1, 1, 1, 1, 1, 30], 8))).toEqual(["£0.10 cheaper than last week"]);
  });

  it("says nothing of last week when it was as cheap or cheaper, or unknown", () => {
    expect(historyLabels(history([29.99, 40, 40, 40, 40, 40, 40, 30], 8))).toEqual([]);
    expect(historyLabels(history([30, 35, 35, 35, 35, 35, 35, 30], 8))).toEqual(["Lowest price in 8 days"]);
    expect(historyLabels(history([null, 35, 35, 35, 35, 35, 35, 30], 8))).toEqual([]);
    expect(historyLabels(history([35, 35, 35, 35, 35, 35, 30], 7))).not.toContainEqual(
      expect.stringContaining("last week"),
    );
  });

  it("claims nothing when nothing is in stock today", () => {
    const outToday = ninety(25, null);
    expect(todaysLowest(outToday)).toBeUndefined();
    expect(historyLabels(outToday)).toEqual([]);
  });

  it("can say both", () => {
    expect(historyLabels(ninety(25))).toEqual(["Lowest price in 90 days", "£5.00 cheaper than last week"]);
  });
});

describe("describeHistory", () => {
  it("reads the first and last day and the range", () => {
    expect(describeHistory(history([32, 28, 30], 3), "Viagra 50mg x 4 tablets")).toBe(
      "Lowest in-stock price of Viagra 50mg x 4 tablets by day: £32.00 on 18 June 2031, £30.00 on 20 June 2031; lowest £28.00, highest £32.00.",
    );
  });
});

describe("chartGeometry", () => {
  it("spreads the window across the width and puts dearer prices higher", () => {
    const geometry = chartGeometry(history([40, 20, 30], 3));
    expect(geometry?.lines).toEqual(["M0 11.54 L50 88.46 L100 50"]);
    expect(geometry?.high).toEqual({ price: 40, y: 11.54 });
    expect(geometry?.low).toEqual({ price: 20, y: 88.46 });
    expect(geometry?.latest).toEqual({ x: 100, y: 50 });
  });

  it("breaks the line on a day with nothing in stock and keeps a lone day visible", () => {
    const geometry = chartGeometry(history([40, null, 20, 30, null], 5));
    expect(geometry?.lines).toHaveLength(2);
    expect(geometry?.lines[0]).toMatch(/^M0 [\d.]+ L0 [\d.]+$/);
    expect(geometry?.lines[1]).toMatch(/^M50 [\d.]+ L75 [\d.]+$/);
    expect(geometry?.areas[1]).toMatch(/L75 100 L50 100 Z$/);
  });

  it("centres a flat price and has nothing to draw without prices", () => {
    expect(chartGeometry(history([30, 30], 2))?.latest).toEqual({ x: 100, y: 50 });
    expect(chartGeometry(history([null, null], 2))).toBeNull();
  });
});
