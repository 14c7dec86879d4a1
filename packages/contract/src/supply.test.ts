import { describe, expect, it } from "vitest";
import { SupplyNoticeInput, supplyNoticeStatus } from "./supply.ts";
import { stockCount, stockLine, supplyNoticeSource } from "./supply-words.ts";

describe("the stock line (issue 45, decision 060)", () => {
  it("counts the listed rows and those in stock, and says nothing with none listed", () => {
    const rows = [{ inStock: true }, { inStock: false }, { inStock: true }];
    expect(stockCount(rows)).toEqual({ inStock: 2, listed: 3 });
    expect(stockCount([])).toBeNull();
  });

  it("reads as the issue words it, singular for one pharmacy", () => {
    expect(stockLine({ inStock: 3, listed: 5 })).toBe("In stock at 3 of 5 pharmacies");
    expect(stockLine({ inStock: 0, listed: 20 })).toBe("In stock at 0 of 20 pharmacies");
    expect(stockLine({ inStock: 1, listed: 1 })).toBe("In stock at 1 of 1 pharmacy");
    expect(stockLine({ inStock: 0, listed: 1 })).toBe("In stock at 0 of 1 pharmacy");
  });
});

describe("a supply notice", () => {
  const now = new Date("2026-11-29T12:00:00Z");

  it("is scheduled before its start, active until its end, ended from it", () => {
    expect(supplyNoticeStatus({ startsAt: "2026-11-30T00:00:00Z", endsAt: null }, now)).toBe("scheduled");
    expect(supplyNoticeStatus({ startsAt: "2026-11-01T00:00:00Z", endsAt: null }, now)).toBe("active");
    expect(
      supplyNoticeStatus({ startsAt: "2026-11-01T00:00:00Z", endsAt: "2026-11-29T12:00:01Z" }, now),
    ).toBe("active");
    expect(
      supplyNoticeStatus({ startsAt: "2026-11-01T00:00:00Z", endsAt: "2026-11-29T12:00:00Z" }, now),
    ).toBe("ended");
  });

  it("names its source's host and the day it said so, en-GB", () => {
    expect(
      supplyNoticeSource({ sourceUrl: "https://www.gov.uk/drug-device-alerts/x", sourceDate: "2026-08-12" }),
    ).toBe("Source: www.gov.uk, 12 August 2026");
  });

  it("takes only an https source, and an empty dosage as every dosage", () => {
    const base = {
      medicationId: "wegovy",
      message: "Short supply.",
      sourceUrl: "https://www.gov.uk/a",
      sourceDate: "2026-11-28",
    };
    expect(SupplyNoticeInput.parse({ ...base, dosage: "" })).toMatchObject({ dosage: null, startsAt: null });
    for (const sourceUrl of [
      "http://www.gov.uk/a",
      "ftp://x.example/a",
      "www.gov.uk/a",
      "https://gov .uk/a",
    ]) {
      expect(SupplyNoticeInput.safeParse({ ...base, sourceUrl }).success, sourceUrl).toBe(false);
    }
  });
});
