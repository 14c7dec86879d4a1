import { describe, expect, it } from "vitest";
import { buildComparison } from "./comparison.ts";
import { courseCost } from "./course-cost.ts";
import { PriceInput } from "./endpoints/admin/prices.ts";
import type { Medication, Price } from "./entities.ts";
import { introductoryPriceWords, introductoryProblem, viewCostPence } from "./introductory-price.ts";

/*
 * First-order and ongoing prices told apart (decision 057): the three views' arithmetic in whole
 * pence, Best and order following the view, the course cost paying the introductory price once,
 * and the rule every writer checks.
 */

const pens: Medication = {
  id: "weight-pens",
  _id: "weight-pens",
  name: "Weight pens",
  category: "weight-loss",
  subcategory: "weight-loss",
  form: "Injection",
  legalCategory: "POM",
  description: "",
  dosage: ["2.5mg x 4 pens", "5mg x 4 pens"],
  active: true,
};

const terms = {
  deliveryFee: 3.99,
  freeDeliveryThreshold: 0,
  minOrderValue: 0,
  consultationFee: 0,
  consultationFeeBasis: "per-order" as const,
};

function price(pharmacyId: string, amount: number, extra: Partial<Price> = {}): Price {
  return {
    _id: `pens/${pharmacyId}`,
    medicationId: "weight-pens",
    pharmacyId,
    pharmacy: {
      id: pharmacyId,
      name: pharmacyId,
      website: `https://${pharmacyId}.example`,
      rating: 4,
      deliveryTime: "1-2 days",
      prescriptionRequired: true,
      ...terms,
    },
    dosage: "2.5mg x 4 pens",
    price: amount,
    quantity: 1,
    inStock: true,
    link: null,
    lastUpdated: "2026-11-01T09:00:00.000Z",
    ...extra,
  };
}

const intro = (amount: number, terms: "first-month" | "first-order" = "first-month") => ({
  introductoryPrice: amount,
  introductoryTerms: terms,
});

describe("viewCostPence", () => {
  const row = { price: 199, ...intro(99) };
  it("counts three months as the first order at the introductory price and two at the ongoing one", () => {
    const cost = viewCostPence(row, "three-months", terms);
    expect(cost.goods).toBe(9900 + 19900 + 19900);
    expect(cost.fees).toEqual({ delivery: 3 * 399, consultation: 0, total: 49700 + 1197, minimum: null });
  });

  it("counts the first order and the ongoing price alone", () => {
    expect(viewCostPence(row, "first-order", terms).goods).toBe(9900);
    expect(viewCostPence(row, "ongoing", terms).goods).toBe(19900);
  });

  it("pays a one-off consultation on the first order only, a per-order one on each", () => {
    const oneOff = { ...terms, consultationFee: 25, consultationFeeBasis: "one-off" as const };
    expect(viewCostPence(row, "three-months", oneOff).fees?.consultation).toBe(2500);
    expect(viewCostPence(row, "ongoing", oneOff).fees?.consultation).toBe(0);
    const perOrder = { ...terms, consultationFee: 12.5 };
    expect(viewCostPence(row, "three-months", perOrder).fees?.consultation).toBe(3750);
  });

  it("has no total when an order is below the minimum, and no fees without terms", () => {
    const cost = viewCostPence(row, "three-months", { ...terms, minOrderValue: 150 });
    expect(cost.fees?.total).toBeNull();
    expect(cost.fees?.minimum).toBe(15000);
    expect(viewCostPence(row, "three-months", undefined)).toEqual({ goods: 49700, fees: null });
  });

  it("sums pence exactly where pounds would drift", () => {
    expect(viewCostPence({ price: 0.3, ...intro(0.1) }, "three-months", undefined).goods).toBe(70);
  });
});

describe("buildComparison with introductory prices", () => {
  const rows = [
    price("steady", 180),
    price("intro-a", 199, intro(99)),
    price("intro-b", 209, intro(129, "first-order")),
  ];

  it("defaults to the first three months: order, Best and differences follow it", () => {
    const comparison = buildComparison(pens, "2.5mg x 4 pens", rows);
    expect(comparison.view).toBe("three-months");
    expect(
      comparison.prices.map((row) => [row.pharmacyId, row.viewPrice, row.isBest, row.difference]),
    ).toEqual(
      [
        ["intro-a", 497, true, 0],
        ["intro-b", 547, false, 50],
        ["steady", 540, false, 43],
      ].sort((a, b) => (a[1] as number) - (b[1] as number)),
    );
    expect(comparison.prices[0]?.total).toBe(497 + 11.97);
  });

  it("in the ongoing view the cheapest ongoing price is Best", () => {
    const comparison = buildComparison(pens, "2.5mg x 4 pens", rows, "price", "ongoing");
    expect(comparison.prices.map((row) => row.pharmacyId)).toEqual(["steady", "intro-a", "intro-b"]);
    expect(comparison.prices[0]?.isBest).toBe(true);
    expect(comparison.prices[0]?.total).toBe(183.99);
  });

  it("in the first-order view the lowest first order is Best", () => {
    const comparison = buildComparison(pens, "2.5mg x 4 pens", rows, "total", "first-order");
    expect(comparison.prices.map((row) => [row.pharmacyId, row.total])).toEqual([
      ["intro-a", 102.99],
      ["intro-b", 132.99],
      ["steady", 183.99],
    ]);
  });

  it("without any introductory price has no view and compares the price as before", () => {
    const comparison = buildComparison(
      pens,
      "2.5mg x 4 pens",
      [price("a", 30), price("b", 20)],
      "price",
      "ongoing",
    );
    expect(comparison.view).toBeNull();
    expect(comparison.prices.map((row) => [row.pharmacyId, row.viewPrice, row.total])).toEqual([
      ["b", 20, 23.99],
      ["a", 30, 33.99],
    ]);
  });

  it("keeps lowest and savings on the ongoing price, which alerts watch", () => {
    const comparison = buildComparison(pens, "2.5mg x 4 pens", rows);
    expect(comparison.lowest?.pharmacyId).toBe("steady");
    expect(comparison.savings).toBe(29);
  });
});

describe("courseCost with introductory prices", () => {
  it("pays the introductory price once, on the first order, and the ongoing price after", () => {
    const plan = {
      id: "p",
      name: "Starting dose",
      steps: [{ dosage: "2.5mg x 4 pens", packs: 1, weeks: 4 }],
    };
    const course = courseCost(plan, 3, [price("intro-a", 199, intro(99))]);
    // 13 weeks: orders of 4, 4, 4 and 1 week (a whole pack each).
    expect(course.orders).toHaveLength(4);
    expect(course.pharmacies[0]?.packs).toBe(99 + 3 * 199);
    expect(course.mix?.orders.map((order) => order.cost)).toEqual([102.99, 202.99, 202.99, 202.99]);
  });
});

describe("introductory price rules", () => {
  it("wants both or neither, whole pence, below the ongoing price", () => {
    expect(introductoryProblem({ price: 199, introductoryPrice: null, introductoryTerms: null })).toBeNull();
    expect(introductoryProblem({ price: 199, introductoryPrice: 99, introductoryTerms: null })?.field).toBe(
      "introductoryTerms",
    );
    expect(
      introductoryProblem({ price: 199, introductoryPrice: null, introductoryTerms: "first-order" })?.field,
    ).toBe("introductoryPrice");
    expect(
      introductoryProblem({ price: 199, introductoryPrice: 199, introductoryTerms: "first-order" }),
    ).toEqual({
      field: "introductoryPrice",
      message: "must be below the ongoing price (£199.00)",
    });
  });

  it("refuses a bad pair on the add form beside the field", () => {
    const parsed = PriceInput.safeParse({
      medicationId: "weight-pens",
      pharmacyId: "a",
      dosage: "2.5mg x 4 pens",
      price: "199",
      introductoryPrice: "250",
      introductoryTerms: "first-month",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["introductoryPrice", "must be below the ongoing price (£199.00)"],
    ]);
    const cleared = PriceInput.parse({
      medicationId: "weight-pens",
      pharmacyId: "a",
      dosage: "2.5mg x 4 pens",
      price: "199",
      introductoryPrice: "",
      introductoryTerms: "",
    });
    expect([cleared.introductoryPrice, cleared.introductoryTerms]).toEqual([null, null]);
  });

  it("says both prices without offer wording", () => {
    expect(introductoryPriceWords({ price: 199, ...intro(99) })).toBe(
      "£99.00 first month, then £199.00 a month",
    );
    expect(introductoryPriceWords({ price: 199, ...intro(149, "first-order") })).toBe(
      "£149.00 first order, then £199.00",
    );
    expect(introductoryPriceWords({ price: 199 })).toBeNull();
  });
});
