import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  formatAmount,
  formatCount,
  formatDateTime,
  formatDay,
  formatLongDate,
  formatPounds,
  formatRelativeTime,
  formatShortDate,
  fromPence,
  isWholePence,
  londonDay,
  toPence,
} from "./format.ts";

describe("money and dates", () => {
  it("formats pounds with two decimals", () => {
    expect(formatPounds(12.5)).toBe("£12.50");
  });

  it("formats counts with thousands separators", () => {
    expect(formatCount(12345)).toBe("12,345");
    expect(formatCount(0)).toBe("0");
  });

  it("formats dates in UK time", () => {
    expect(formatLongDate("2025-08-18T09:00:00Z")).toBe("18 August 2025");
    expect(formatShortDate("2025-08-18T23:30:00Z")).toBe("19/08/2025");
  });

  it("formats a date-time on the UK clock, summer and winter", () => {
    expect(formatDateTime("2025-08-18T09:05:00Z")).toBe("18/08/2025, 10:05");
    expect(formatDateTime(new Date("2025-01-18T09:05:00Z"))).toBe("18/01/2025, 09:05");
  });
});

describe("formatRelativeTime", () => {
  const now = new Date("2025-08-18T12:00:00Z");
  it.each([
    ["2025-08-18T11:59:30Z", "now"],
    ["2025-08-18T11:55:00Z", "5 minutes ago"],
    ["2025-08-18T09:00:00Z", "3 hours ago"],
    ["2025-08-17T11:00:00Z", "yesterday"],
    ["2025-06-10T12:00:00Z", "2 months ago"],
    ["2023-06-10T12:00:00Z", "2 years ago"],
    ["2025-08-18T14:00:00Z", "in 2 hours"],
  ])("%s reads %s", (value, expected) => {
    expect(formatRelativeTime(value, now)).toBe(expected);
  });

  it("names a moment's UK calendar day, across midnight and both clock changes", () => {
    expect(londonDay("2025-08-18T23:30:00Z")).toBe("2025-08-19");
    expect(londonDay(new Date("2025-01-18T23:30:00Z"))).toBe("2025-01-18");
    // 01:00 UTC on 30 March 2025 is 02:00 BST; 00:59 UTC on 26 October 2025 is still 01:59 BST.
    expect(londonDay("2025-03-29T23:59:00Z")).toBe("2025-03-29");
    expect(londonDay("2025-10-25T23:00:00Z")).toBe("2025-10-26");
  });

  it("steps calendar days across months, years and the clock changes without a time zone", () => {
    expect(addDays("2031-03-30", 1)).toBe("2031-03-31");
    expect(addDays("2031-03-01", -1)).toBe("2031-02-28");
    expect(addDays("2032-01-01", -1)).toBe("2031-12-31");
    expect(addDays("2031-10-25", 2)).toBe("2031-10-27");
    expect(daysBetween("2031-03-23", "2031-06-20")).toBe(89);
    expect(formatDay("2031-03-30")).toBe("30 March 2031");
    expect(formatDay("2031-12-31")).toBe("31 December 2031");
  });

  it("converts pounds and pence without floating-point drift", () => {
    expect(toPence(12.5)).toBe(1250);
    expect(toPence(0.1 + 0.2)).toBe(30);
    expect(fromPence(1250)).toBe(12.5);
    expect(fromPence(toPence(19.99) - toPence(9.99))).toBe(10);
    expect(isWholePence(12.5)).toBe(true);
    expect(isWholePence(0.1 + 0.2)).toBe(true);
    expect(isWholePence(12.555)).toBe(false);
    expect(formatAmount(12.5)).toBe("12.50");
    expect(formatAmount(0.1 + 0.2)).toBe("0.30");
  });
});
