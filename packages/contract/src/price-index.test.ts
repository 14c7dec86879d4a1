import { describe, expect, it } from "vitest";
import { medianPence } from "./format.ts";
import {
  addMonths,
  chainedIndex,
  dailyLowestFrom,
  daysOfMonth,
  formatIndexChange,
  formatIndexMonth,
  indexChange,
  lastCompleteMonth,
  licensedCsv,
  monthFigure,
  type PriceObservation,
} from "./price-index.ts";

/*
 * The monthly UK price index's arithmetic (issue 45, decision 061) on fixed histories: medians of
 * odd and even day counts in whole pence, gaps, a month with no data, and the changes.
 */

const at = (iso: string) => new Date(iso);
const seen = (pharmacyId: string, price: number, iso: string, inStock = true): PriceObservation => ({
  pharmacyId,
  price,
  inStock,
  at: at(iso),
});

describe("median of whole pence", () => {
  it("takes the middle of an odd count", () => {
    expect(medianPence([1299, 999, 1099])).toBe(1099);
  });
  it("takes the mean of the middle two of an even count, rounded half up to a penny", () => {
    expect(medianPence([999, 1000])).toBe(1000);
    expect(medianPence([1000, 1003, 999, 2000])).toBe(1002);
  });
  it("has none for no days", () => {
    expect(medianPence([])).toBeNull();
  });
});

describe("months", () => {
  it("counts days and steps across years", () => {
    expect(daysOfMonth("2026-02")).toHaveLength(28);
    expect(daysOfMonth("2028-02")).toHaveLength(29);
    expect(daysOfMonth("2026-10").at(-1)).toBe("2026-10-31");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-11", -12)).toBe("2025-11");
    expect(formatIndexMonth("2026-10")).toBe("October 2026");
  });
  it("names the last complete month on the UK's clock", () => {
    // 00:30 on 1 November in London (BST has ended: GMT) is October's end.
    expect(lastCompleteMonth(at("2026-11-01T00:30:00Z"))).toBe("2026-10");
    // 23:30 UTC on 30 September is 00:30 on 1 October in London (BST): September has ended.
    expect(lastCompleteMonth(at("2026-09-30T23:30:00Z"))).toBe("2026-09");
    expect(lastCompleteMonth(at("2026-09-30T22:30:00Z"))).toBe("2026-08");
  });
});

describe("daily lowest from a price history", () => {
  const days = ["2026-10-01", "2026-10-02", "2026-10-03", "2026-10-04"];
  it("carries each pharmacy's last price forward and counts those in stock", () => {
    const daily = dailyLowestFrom(
      [
        seen("a", 12.5, "2026-09-20T10:00:00Z"),
        seen("b", 11.99, "2026-10-02T09:00:00Z"),
        seen("b", 13, "2026-10-03T09:00:00Z"),
      ],
      days,
    );
    expect(daily).toEqual([
      { date: "2026-10-01", lowest: 12.5, pharmacies: 1 },
      { date: "2026-10-02", lowest: 11.99, pharmacies: 2 },
      { date: "2026-10-03", lowest: 12.5, pharmacies: 2 },
      { date: "2026-10-04", lowest: 12.5, pharmacies: 2 },
    ]);
  });
  it("leaves out a day with nothing in stock (a gap), and a day's last write wins", () => {
    const daily = dailyLowestFrom(
      [
        seen("a", 10, "2026-10-01T08:00:00Z"),
        seen("a", 10, "2026-10-02T08:00:00Z", false),
        seen("a", 9, "2026-10-03T08:00:00Z"),
        seen("a", 9.5, "2026-10-03T18:00:00Z"),
      ],
      days,
    );
    expect(daily.map((day) => [day.date, day.lowest])).toEqual([
      ["2026-10-01", 10],
      ["2026-10-03", 9.5],
      ["2026-10-04", 9.5],
    ]);
  });
  it("reads days on the UK's clock (23:30 UTC in British Summer Time is the next day)", () => {
    const daily = dailyLowestFrom([seen("a", 8, "2026-10-01T23:30:00Z")], days);
    expect(daily[0]?.date).toBe("2026-10-02");
  });
});

describe("a month's figure", () => {
  it("is the median of an odd number of days, with the most pharmacies on a day", () => {
    const figure = monthFigure([
      { date: "2026-10-01", lowest: 10.99, pharmacies: 2 },
      { date: "2026-10-02", lowest: 9.99, pharmacies: 4 },
      { date: "2026-10-03", lowest: 12.49, pharmacies: 3 },
    ]);
    expect(figure).toEqual({ medianLowest: 10.99, days: 3, pharmacies: 4 });
  });
  it("is the rounded mean of the middle two of an even number of days", () => {
    const figure = monthFigure([
      { date: "2026-10-01", lowest: 10.99, pharmacies: 1 },
      { date: "2026-10-02", lowest: 10.0, pharmacies: 1 },
    ]);
    // (1099 + 1000) / 2 = 1049.5 → 1050 pence.
    expect(figure?.medianLowest).toBe(10.5);
  });
  it("is nothing for a month with no data", () => {
    expect(monthFigure([])).toBeNull();
  });
});

describe("changes", () => {
  it("in pence and a percentage to one decimal", () => {
    expect(indexChange(10.45, 10)).toEqual({ pence: 45, percent: 4.5 });
    expect(indexChange(9, 10)).toEqual({ pence: -100, percent: -10 });
    expect(indexChange(10.1, 30)).toEqual({ pence: -1990, percent: -66.3 });
    expect(indexChange(10, null)).toBeNull();
    expect(formatIndexChange({ pence: 45, percent: 4.5 })).toBe("+£0.45 (+4.5%)");
    expect(formatIndexChange({ pence: -100, percent: -10 })).toBe("−£1.00 (−10.0%)");
    expect(formatIndexChange({ pence: 0, percent: 0 })).toBe("no change");
    expect(formatIndexChange(null)).toBe("no figure");
  });
});

describe("a condition's chained index", () => {
  it("starts at 100 and moves by the geometric mean of matched price relatives", () => {
    const series = chainedIndex([
      {
        month: "2026-09",
        rows: [
          { key: "x", medianLowest: 10 },
          { key: "y", medianLowest: 20 },
        ],
      },
      // x up 21 %, y unchanged: geometric mean of 1.21 and 1 is 1.1.
      {
        month: "2026-10",
        rows: [
          { key: "x", medianLowest: 12.1 },
          { key: "y", medianLowest: 20 },
        ],
      },
      // Only a new item: nothing matched, the index carries.
      { month: "2026-11", rows: [{ key: "z", medianLowest: 5 }] },
      { month: "2026-08", rows: [] },
    ]);
    expect(series).toEqual([
      { month: "2026-09", index: 100 },
      { month: "2026-10", index: 110 },
      { month: "2026-11", index: 110 },
    ]);
  });
});

describe("the open data's CSV", () => {
  it("states the licence first and quotes fields that need it", () => {
    const text = licensedCsv("Index", ["name", "price"], [["Cream, 30 g", 12.5]]);
    expect(text.split("\r\n")).toEqual([
      "# Index. PharmaCompare UK price index, licensed CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)",
      "name,price",
      '"Cream, 30 g",12.5',
      "",
    ]);
  });
});
