import { describe, expect, it } from "vitest";
import { type CoursePlan, courseCost, courseOrders } from "./course-cost.ts";
import { horizonWeeks } from "./course-horizons.ts";
import type { Price, PricePharmacy } from "./entities.ts";

/*
 * The cost of a course (issue 30, decision 042): the schedule of orders, each pharmacy's total in
 * whole pence with delivery per order and consultation fees, honest gaps, and the cheapest mix.
 */

const plan: CoursePlan = {
  id: "titration",
  name: "Starting course",
  steps: [
    { dosage: "2.5mg", packs: 1, weeks: 4 },
    { dosage: "5mg", packs: 1, weeks: 4 },
    { dosage: "7.5mg", packs: 1, weeks: 4 },
  ],
};

function pharmacy(id: string, terms: Partial<PricePharmacy> = {}): PricePharmacy {
  return {
    id,
    name: id,
    website: `https://${id}.example`,
    rating: 4,
    deliveryTime: "1-2 days",
    prescriptionRequired: true,
    deliveryFee: 0,
    freeDeliveryThreshold: 0,
    minOrderValue: 0,
    consultationFee: 0,
    consultationFeeBasis: "per-order",
    ...terms,
  };
}

function offer(at: PricePharmacy, dosage: string, price: number, inStock = true): Price {
  return {
    _id: `${at.id}-${dosage}`,
    medicationId: "mounjaro",
    pharmacyId: at.id,
    pharmacy: at,
    dosage,
    price,
    quantity: 1,
    inStock,
    link: null,
    lastUpdated: "2026-01-01T00:00:00.000Z",
  };
}

const every = (at: PricePharmacy, prices: [number, number, number]) => [
  offer(at, "2.5mg", prices[0]),
  offer(at, "5mg", prices[1]),
  offer(at, "7.5mg", prices[2]),
];

describe("courseOrders", () => {
  it("takes each step once and repeats the last until the horizon ends, cutting the last order short", () => {
    expect(horizonWeeks(3)).toBe(13);
    expect(horizonWeeks(6)).toBe(26);
    expect(horizonWeeks(12)).toBe(52);
    expect(courseOrders(plan.steps, 13)).toEqual([
      { dosage: "2.5mg", packs: 1, weeks: 4 },
      { dosage: "5mg", packs: 1, weeks: 4 },
      { dosage: "7.5mg", packs: 1, weeks: 4 },
      // One week left: still a whole pack.
      { dosage: "7.5mg", packs: 1, weeks: 1 },
    ]);
    // A step of 3 packs over 12 weeks cut to 5 weeks needs ceil(3 × 5 / 12) = 2 packs.
    expect(courseOrders([{ dosage: "a", packs: 3, weeks: 12 }], 5)).toEqual([
      { dosage: "a", packs: 2, weeks: 5 },
    ]);
    expect(courseOrders(plan.steps, 26)).toHaveLength(7);
  });
});

describe("courseCost", () => {
  it("adds packs, delivery on each order and a per-order consultation fee, in whole pence", () => {
    const at = pharmacy("clinic", { deliveryFee: 3.99, consultationFee: 0.1 });
    const result = courseCost(plan, 3, every(at, [139.99, 179.99, 199.99]));
    const [row] = result.pharmacies;
    // Packs: 139.99 + 179.99 + 199.99 × 2; four orders of £3.99 delivery and £0.10 consultation.
    expect(row).toMatchObject({ packs: 719.96, delivery: 15.96, consultation: 0.4, total: 736.32 });
    expect(row?.isCheapest).toBe(true);
    expect(result.weeks).toBe(13);
  });

  it("charges a one-off consultation once, and delivery only below the free-delivery threshold", () => {
    const at = pharmacy("once", {
      deliveryFee: 2.95,
      freeDeliveryThreshold: 150,
      consultationFee: 15,
      consultationFeeBasis: "one-off",
    });
    const result = courseCost(plan, 3, every(at, [149.99, 150, 160]));
    // Only the £149.99 order is under £150: one delivery fee; the consultation is paid once.
    expect(result.pharmacies[0]).toMatchObject({
      packs: 619.99,
      delivery: 2.95,
      consultation: 15,
      total: 637.94,
    });
  });

  it("counts several packs in one order towards the threshold", () => {
    const twoPacks: CoursePlan = { id: "p", name: "p", steps: [{ dosage: "2.5mg", packs: 2, weeks: 4 }] };
    const at = pharmacy("t", { deliveryFee: 4, freeDeliveryThreshold: 100 });
    const result = courseCost(twoPacks, 3, [offer(at, "2.5mg", 60)]);
    // 13 weeks: orders of 2, 2, 2 packs and 1 pack for the last week (£60: below £100, pays delivery).
    expect(result.orders.map((order) => order.packs)).toEqual([2, 2, 2, 1]);
    expect(result.pharmacies[0]).toMatchObject({ packs: 420, delivery: 4, total: 424 });
  });

  it("shows a step a pharmacy does not sell, or has out of stock, instead of inventing a total", () => {
    const full = pharmacy("full");
    const partial = pharmacy("partial");
    const empty = pharmacy("empty");
    const result = courseCost(plan, 3, [
      ...every(full, [100, 100, 100]),
      offer(partial, "2.5mg", 50),
      offer(partial, "5mg", 50, false),
      offer(empty, "10mg", 1),
    ]);
    expect(result.pharmacies.map((row) => [row.pharmacyId, row.total, row.gaps])).toEqual([
      ["full", 400, []],
      [
        "partial",
        null,
        [
          { dosage: "5mg", reason: "out-of-stock" },
          { dosage: "7.5mg", reason: "not-sold" },
        ],
      ],
    ]);
    // A pharmacy selling none of the plan's dosages is not listed at all.
    expect(result.pharmacies.some((row) => row.pharmacyId === "empty")).toBe(false);
  });

  it("gives no total when an order is below the pharmacy's minimum order", () => {
    const at = pharmacy("minimum", { minOrderValue: 120 });
    const result = courseCost(plan, 3, every(at, [100, 150, 150]));
    expect(result.pharmacies[0]).toMatchObject({ total: null, minimumOrder: 120, gaps: [] });
  });

  it("marks the cheapest, ties shared, and orders by total with no total last", () => {
    const result = courseCost(plan, 3, [
      ...every(pharmacy("b"), [100, 100, 100]),
      ...every(pharmacy("a"), [100, 100, 100]),
      ...every(pharmacy("dear"), [100, 100, 101]),
      offer(pharmacy("gap"), "2.5mg", 1),
    ]);
    expect(result.pharmacies.map((row) => [row.pharmacyId, row.total, row.isCheapest])).toEqual([
      ["a", 400, true],
      ["b", 400, true],
      ["dear", 402, false],
      ["gap", null, false],
    ]);
  });

  it("mixes pharmacies only when the saving beats the new consultation each switch pays", () => {
    // "cheap-start" is £30 cheaper on 2.5mg, "cheap-rest" £10 cheaper on 5mg and 7.5mg (each order).
    const start = pharmacy("cheap-start", { consultationFee: 20, consultationFeeBasis: "one-off" });
    const rest = pharmacy("cheap-rest", { consultationFee: 20, consultationFeeBasis: "one-off" });
    const prices = [...every(start, [70, 110, 110]), ...every(rest, [100, 100, 100])];
    const result = courseCost(plan, 3, prices);
    // Alone: start 70 + 110 × 3 + 20 = 420; rest 400 + 20 = 420. Mixed: 70 + 20, then 100 × 3 + 20 = 410.
    expect(result.pharmacies.map((row) => row.total)).toEqual([420, 420]);
    expect(result.mix).toMatchObject({ total: 410, switches: 1 });
    expect(result.mix?.orders.map((order) => [order.pharmacyId, order.cost, order.consultation])).toEqual([
      ["cheap-start", 90, 20],
      ["cheap-rest", 120, 20],
      ["cheap-rest", 100, 0],
      ["cheap-rest", 100, 0],
    ]);

    // A £40 consultation at each switch makes the switch dearer than staying: no switch.
    const dear = courseCost(
      plan,
      3,
      [
        ...every({ ...start, consultationFee: 40 }, [70, 110, 110]),
        ...every({ ...rest, consultationFee: 40 }, [100, 100, 100]),
      ].map((price) => ({ ...price, pharmacy: { ...price.pharmacy, consultationFee: 40 } })),
    );
    expect(dear.mix).toMatchObject({ total: 440, switches: 0 });
  });

  it("pays a one-off consultation again when the mix returns to a pharmacy", () => {
    const a = pharmacy("a", { consultationFee: 5, consultationFeeBasis: "one-off" });
    const b = pharmacy("b", { consultationFee: 5, consultationFeeBasis: "one-off" });
    // a is £50 cheaper on 2.5mg and 7.5mg, b £50 cheaper on 5mg: a → b → a → a.
    const result = courseCost(plan, 3, [...every(a, [50, 150, 50]), ...every(b, [100, 100, 100])]);
    expect(result.mix?.orders.map((order) => [order.pharmacyId, order.consultation])).toEqual([
      ["a", 5],
      ["b", 5],
      ["a", 5],
      ["a", 0],
    ]);
    expect(result.mix).toMatchObject({ total: 265, switches: 2 });
  });

  it("has no mix when some order is sold nowhere, and skips prices whose terms are unknown", () => {
    const only = pharmacy("only");
    expect(courseCost(plan, 3, [offer(only, "2.5mg", 10)]).mix).toBeNull();
    const { deliveryFee: _, ...unknown } = pharmacy("saved-file");
    expect(courseCost(plan, 3, every(unknown, [1, 1, 1])).pharmacies).toEqual([]);
  });
});
