import { describe, expect, it } from "vitest";
import type { DailyPrice } from "./endpoints/public/price-history.ts";
import { addDays, medianPence } from "./format.ts";
import {
  compareWithTypical,
  type MedicationEvent,
  MedicationEventInput,
  priceContext,
} from "./price-context.ts";
import { PRICE_CONTEXT_MIN_DAYS } from "./price-context-words.ts";

/*
 * Price context (issue 45, decision 059) on fixed histories: today's lowest against the 90-day
 * window's daily lowest, the ±5 % band at its edges in whole pence, too little history, and the
 * sentence an event adds.
 */

const TO = "2026-11-29";
const FROM = addDays(TO, -89);

/** A window whose every day costs `price`, with `today` as its last day. */
function flat(price: number, today: number, days = 90): DailyPrice[] {
  const start = addDays(TO, -(days - 1));
  return Array.from({ length: days }, (_, index) => ({
    date: addDays(start, index),
    price: index === days - 1 ? today : price,
  }));
}

const context = (lowest: DailyPrice[], events?: MedicationEvent[]) =>
  priceContext({ days: 90, from: FROM, to: TO, lowest, events });

const event = (overrides: Partial<MedicationEvent> = {}): MedicationEvent => ({
  id: "e1",
  kind: "list-price-change",
  happenedOn: "2026-09-01",
  dosage: null,
  summary: "List price of every strength raised",
  sourceUrl: "https://www.gov.uk/",
  ...overrides,
});

describe("the band around the typical price, in whole pence", () => {
  it("is about usual at exactly 5% either side and not a penny past it", () => {
    expect(compareWithTypical(1900, 2000)).toBe("usual");
    expect(compareWithTypical(1899, 2000)).toBe("below");
    expect(compareWithTypical(2100, 2000)).toBe("usual");
    expect(compareWithTypical(2101, 2000)).toBe("above");
  });

  it("takes the median of an even count as the middle pair's mean, half a penny up", () => {
    expect(medianPence([100, 300, 200])).toBe(200);
    expect(medianPence([100, 201, 200, 400])).toBe(201);
  });

  it("labels a whole window the same way", () => {
    expect(context(flat(20, 19))?.label).toBe("usual");
    expect(context(flat(20, 18.99))?.label).toBe("below");
    expect(context(flat(20, 21))?.label).toBe("usual");
    expect(context(flat(20, 21.01))?.label).toBe("above");
  });
});

describe("the sentence", () => {
  it("gives today's price, the range and the typical price", () => {
    const lowest = flat(20, 20);
    lowest[10] = { date: lowest[10]?.date as string, price: 25 };
    lowest[11] = { date: lowest[11]?.date as string, price: 18 };
    const answer = context(lowest);
    expect(answer).toMatchObject({ label: "usual", today: 20, typical: 20, range: { min: 18, max: 25 } });
    expect(answer?.sentence).toBe(
      "£20.00 is the lowest price today; over the last 90 days it ranged from £18.00 to £25.00, typically £20.00.",
    );
  });

  it('says "the lowest since" the last day at or below today, when that is over a week back', () => {
    const lowest = flat(22, 19);
    const day = lowest[40] as DailyPrice;
    lowest[40] = { date: day.date, price: 18.5 };
    const answer = context(lowest);
    expect(answer?.lowestSince).toBe(day.date);
    expect(day.date).toBe("2026-10-11");
    expect(answer?.sentence).toContain("£19.00 is the lowest price today, the lowest since 11 October;");
    expect(answer?.label).toBe("below");
  });

  it("leaves out a lowest-since only a few days old", () => {
    const lowest = flat(22, 19);
    lowest[86] = { date: lowest[86]?.date as string, price: 19 };
    expect(context(lowest)?.sentence).not.toContain("lowest since");
  });

  it("says the lowest in 90 days when no earlier day was as low", () => {
    expect(context(flat(22, 19))?.sentence).toContain(
      "£19.00 is the lowest price today, the lowest in 90 days;",
    );
  });

  it("names the first day when the history starts inside the window", () => {
    const answer = context(flat(22, 22, 30));
    expect(answer?.sentence).toBe(
      "£22.00 is the lowest price today; since 31 October it was £22.00 on every day it was in stock, typically £22.00.",
    );
  });

  it("never uses promoting words", () => {
    for (const today of [10, 20, 30]) {
      expect(context(flat(20, today))?.sentence).not.toMatch(/deal|bargain|save/i);
    }
  });
});

describe("too little history", () => {
  it(`is a new price under ${PRICE_CONTEXT_MIN_DAYS} days, with no range or typical price`, () => {
    const answer = context(flat(20, 20, PRICE_CONTEXT_MIN_DAYS - 1));
    expect(answer).toMatchObject({ label: "new", range: null, typical: null, daysKnown: 13 });
    expect(answer?.sentence).toBe(
      "£20.00 is the lowest price today. We have 13 days of prices for it, not enough history to compare.",
    );
    expect(context(flat(20, 20, PRICE_CONTEXT_MIN_DAYS))?.label).toBe("usual");
  });

  it("says one day for a price first seen today", () => {
    expect(context(flat(20, 20, 1))?.sentence).toContain("We have one day of prices");
  });

  it("has no context when nothing is in stock today", () => {
    expect(context(flat(20, 20).slice(0, -1))).toBeNull();
    expect(context([])).toBeNull();
  });
});

describe("events in the sentence", () => {
  it("says prices rose after a list-price change in the window when the lowest moved up", () => {
    const lowest = flat(10, 30).map((point) =>
      point.date >= "2026-10-01" ? { ...point, price: 30 } : point,
    );
    const answer = context(lowest, [event({ happenedOn: "2026-10-01" })]);
    expect(answer?.label).toBe("usual");
    expect(answer?.sentence).toMatch(
      / Prices rose after the manufacturer's list-price change on 1 October\.$/,
    );
  });

  it("says fell when it moved down, and nothing when it did not move", () => {
    const fell = flat(30, 10).map((point) => (point.date >= "2026-10-05" ? { ...point, price: 10 } : point));
    expect(context(fell, [event({ kind: "supply-disruption", happenedOn: "2026-10-05" })])?.sentence).toMatch(
      / Prices fell after the supply disruption on 5 October\.$/,
    );
    expect(context(flat(20, 20), [event()])?.sentence).not.toContain("after");
  });

  it("ignores events outside the window and kinds that explain no move", () => {
    const lowest = flat(10, 30);
    expect(context(lowest, [event({ happenedOn: "2026-08-31" })])?.sentence).not.toContain("after");
    expect(
      context(lowest, [event({ kind: "new-strength", happenedOn: "2026-10-01" })])?.sentence,
    ).not.toContain("after");
  });
});

describe("an event as the back-office sends it", () => {
  const input = {
    medicationId: "mounjaro",
    dosage: "",
    kind: "list-price-change",
    happenedOn: "2026-09-01",
    summary: "List price raised",
    sourceUrl: "https://www.gov.uk/",
  };

  it("takes an empty dosage as every dosage", () => {
    expect(MedicationEventInput.parse(input).dosage).toBeNull();
  });

  it("refuses a source that is not https, a blank summary and an unknown kind", () => {
    const refused = MedicationEventInput.safeParse({
      ...input,
      sourceUrl: "http://www.gov.uk/",
      summary: "  ",
      kind: "rumour",
    });
    expect(refused.success).toBe(false);
    const paths = refused.error?.issues.map((issue) => issue.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["sourceUrl", "summary", "kind"]));
  });
});
