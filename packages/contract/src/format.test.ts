import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatDateTime,
  formatLongDate,
  formatPounds,
  formatRelativeTime,
  formatShortDate,
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
});
