import { describe, expect, it } from "vitest";
import { holdReasons } from "./feed-holds.ts";

/**
 * Why a feed row waits in Feed review (decision 045), read alone: the sentences are what staff see
 * beside each held row, with the configured limits (FEED_HOLD_FALL_PERCENT 50, _RISE_PERCENT 100).
 */
const limits = { holdFallPercent: 50, holdRisePercent: 100 };
const website = "https://www.brightwell-pharmacy.example";
const medication = { id: "sertraline", name: "Sertraline", dosages: ["50mg x 28", "100mg x 28"] };
const row = (
  over: Partial<{ medicationName: string; dosage: string; price: number; link: string | null }> = {},
) => ({
  medicationName: "Sertraline",
  dosage: "50mg x 28",
  price: 10,
  link: null,
  ...over,
});

describe("why a feed row is held for staff", () => {
  it("applies a row within the limits, on the pharmacy's own site", () => {
    const reasons = holdReasons(
      row({ price: 6, link: "https://shop.brightwell-pharmacy.example/sertraline" }),
      medication,
      { price: 10, link: null },
      undefined,
      website,
      limits,
    );
    expect(reasons).toEqual([]);
  });

  it("holds a medication the catalogue does not have, and a dosage the medication does not list", () => {
    expect(
      holdReasons(
        row({ medicationName: "Unheard-of Pill" }),
        undefined,
        undefined,
        undefined,
        website,
        limits,
      ),
    ).toEqual(['"Unheard-of Pill" is not a medication in the catalogue']);
    expect(
      holdReasons(row({ dosage: "999mg x 1" }), medication, undefined, undefined, website, limits),
    ).toEqual([`"999mg x 1" is not one of Sertraline's dosages`]);
  });

  it("holds a fall or a rise beyond the configured share, rounded to whole percent", () => {
    const old = { price: 10, link: null };
    expect(holdReasons(row({ price: 4.5 }), medication, old, undefined, website, limits)).toEqual([
      "the price falls by 55 % (more than 50 %)",
    ]);
    expect(holdReasons(row({ price: 25 }), medication, old, undefined, website, limits)).toEqual([
      "the price rises by 150 % (more than 100 %)",
    ]);
    expect(holdReasons(row({ price: 5 }), medication, old, undefined, website, limits)).toEqual([]);
    expect(holdReasons(row({ price: 20 }), medication, old, undefined, website, limits)).toEqual([]);
  });

  it("holds a first price far below the lowest visitors see now, in pounds (issue 42)", () => {
    expect(holdReasons(row({ price: 0.01 }), medication, undefined, 12.5, website, limits)).toEqual([
      "first price, far below the lowest: £0.01 is 100 % below the lowest price listed now, £12.50 (more than 50 %)",
    ]);
    expect(holdReasons(row({ price: 7 }), medication, undefined, 12.5, website, limits)).toEqual([]);
  });

  it("holds a new link to another site, naming its host; a link already stored is not held again", () => {
    const elsewhere = "https://elsewhere.example/buy";
    expect(holdReasons(row({ link: elsewhere }), medication, undefined, undefined, website, limits)).toEqual([
      "the link goes to elsewhere.example, not the pharmacy's website",
    ]);
    expect(
      holdReasons(
        row({ link: elsewhere }),
        medication,
        { price: 10, link: elsewhere },
        undefined,
        website,
        limits,
      ),
    ).toEqual([]);
  });

  it("gives every reason that applies", () => {
    expect(
      holdReasons(
        row({ price: 1, link: "https://elsewhere.example/buy" }),
        medication,
        { price: 10, link: null },
        undefined,
        website,
        limits,
      ),
    ).toEqual([
      "the price falls by 90 % (more than 50 %)",
      "the link goes to elsewhere.example, not the pharmacy's website",
    ]);
  });
});
