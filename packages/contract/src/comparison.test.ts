import { describe, expect, it } from "vitest";
import {
  assembleConditionPage,
  buildComparison,
  type DeliveryTerms,
  deliveryCost,
  findCondition,
} from "./comparison.ts";
import { selectDosage, selectMedication } from "./comparison-choices.ts";
import type { Category, Medication, Price } from "./entities.ts";

/*
 * The comparison's rules in one place (decision 012): order, Best, differences and the saving, and
 * the selection rules of the condition page. Both tiers call these functions.
 */

const viagra: Medication = {
  id: "viagra",
  _id: "viagra",
  name: "Viagra",
  category: "mens-health",
  subcategory: "erectile-dysfunction",
  form: "Tablets",
  legalCategory: "POM",
  description: "",
  dosage: ["50mg x 4 tablets", "100mg x 4 tablets"],
  active: true,
};

function price(pharmacyId: string, amount: number, extra: Partial<Price> = {}): Price {
  return {
    _id: `viagra/${pharmacyId}`,
    medicationId: "viagra",
    pharmacyId,
    pharmacy: {
      id: pharmacyId,
      name: pharmacyId.replace(/-/g, " "),
      website: `https://${pharmacyId}.example`,
      rating: 4,
      deliveryTime: "1-3 days",
      prescriptionRequired: true,
    },
    dosage: "50mg x 4 tablets",
    price: amount,
    quantity: 1,
    inStock: true,
    link: null,
    lastUpdated: "2025-09-01T09:00:00.000Z",
    ...extra,
  };
}

const ids = (prices: readonly Price[]) => prices.map((entry) => entry.pharmacyId);
const compare = (prices: Price[]) => buildComparison(viagra, "50mg x 4 tablets", prices);

describe("buildComparison", () => {
  it("drops prices of 0 or less and other medications' or dosages' prices, cheapest first", () => {
    const result = compare([
      price("b", 31.5),
      price("zero", 0),
      price("a", 29.99),
      price("neg", -1),
      price("nan", Number.NaN),
      price("other-dosage", 1, { dosage: "100mg x 4 tablets" }),
      price("other-medication", 1, { medicationId: "cialis" }),
    ]);
    expect(ids(result.prices)).toEqual(["a", "b"]);
  });

  it("marks the cheapest as Best and gives every other row its difference in pounds", () => {
    const result = compare([price("a", 30.1), price("b", 29.99), price("c", 42.5)]);
    expect(result.prices.map((row) => [row.pharmacyId, row.isBest, row.difference])).toEqual([
      ["b", true, 0],
      ["a", false, 0.11],
      ["c", false, 12.51],
    ]);
  });

  it("lets equal cheapest prices share the badge: better rated first, then by name, then by id", () => {
    const rated = (id: string, rating: number, name = id) =>
      price(id, 20, { pharmacy: { ...price(id, 20).pharmacy, rating, name } });
    const result = compare([
      rated("z", 3.9),
      rated("y", 4.5, "Beta"),
      rated("x", 4.5, "alpha"),
      rated("w", 4.5, "alpha"),
    ]);
    expect(result.prices.map((row) => [row.pharmacyId, row.isBest])).toEqual([
      ["w", true],
      ["x", true],
      ["y", true],
      ["z", true],
    ]);
  });

  it("marks the cheapest price Best even when it is out of stock (public site §2)", () => {
    const result = compare([price("a", 10, { inStock: false }), price("b", 12)]);
    expect(result.prices.map((row) => [row.pharmacyId, row.isBest, row.difference])).toEqual([
      ["a", true, 0],
      ["b", false, 2],
    ]);
  });

  it("counts the saving and the lowest over in-stock prices only", () => {
    const result = compare([
      price("cheap-but-gone", 5, { inStock: false }),
      price("a", 10),
      price("b", 14.5),
      price("dear-but-gone", 60, { inStock: false }),
    ]);
    expect(result.lowest?.pharmacyId).toBe("a");
    expect(result.savings).toBe(4.5);
  });

  it("has no saving with fewer than two in-stock prices, and no lowest with none", () => {
    expect(compare([price("a", 10), price("b", 12, { inStock: false })]).savings).toBe(0);
    const none = compare([price("a", 10, { inStock: false })]);
    expect(none.lowest).toBeNull();
    expect(none.savings).toBe(0);
    expect(compare([])).toMatchObject({ prices: [], lowest: null, savings: 0 });
  });

  it("counts money in whole pence, never in floating-point crumbs", () => {
    const result = compare([price("a", 0.1), price("b", 0.3)]);
    expect(result.prices[1]?.difference).toBe(0.2);
    expect(result.savings).toBe(0.2);
  });
});

const tree: Category[] = [
  {
    id: "mens-health",
    name: "Men's Health",
    active: true,
    subcategories: [
      { id: "erectile-dysfunction", name: "ED", description: "", categoryId: "mens-health", active: true },
    ],
  },
];

/** Kestrel Lane's terms in the demo: £2.95, free from £40, no minimum. */
const usual: DeliveryTerms = { deliveryFee: 2.95, freeDeliveryThreshold: 40, minOrderValue: 0 };

describe("deliveryCost", () => {
  it("charges the fee below the free-delivery threshold and adds it to the total", () => {
    expect(deliveryCost(39.99, usual)).toEqual({
      delivery: 2.95,
      consultation: 0,
      total: 42.94,
      minimumOrder: null,
    });
  });

  it("delivers free from exactly the threshold up", () => {
    expect(deliveryCost(40, usual)).toEqual({ delivery: 0, consultation: 0, total: 40, minimumOrder: null });
    expect(deliveryCost(40.01, usual)).toEqual({
      delivery: 0,
      consultation: 0,
      total: 40.01,
      minimumOrder: null,
    });
  });

  it("never delivers free when the threshold is 0, however large the order", () => {
    const noFree = { ...usual, freeDeliveryThreshold: 0 };
    expect(deliveryCost(500, noFree)).toEqual({
      delivery: 2.95,
      consultation: 0,
      total: 502.95,
      minimumOrder: null,
    });
  });

  it("is free on every order when the fee is 0", () => {
    const free = { deliveryFee: 0, freeDeliveryThreshold: 0, minOrderValue: 0 };
    expect(deliveryCost(12.5, free)).toEqual({
      delivery: 0,
      consultation: 0,
      total: 12.5,
      minimumOrder: null,
    });
  });

  it("gives a pack below the minimum order no total, and names the minimum", () => {
    const minimum = { deliveryFee: 2.49, freeDeliveryThreshold: 30, minOrderValue: 10 };
    expect(deliveryCost(9.99, minimum)).toEqual({
      delivery: 2.49,
      consultation: 0,
      total: null,
      minimumOrder: 10,
    });
    // Exactly the minimum can be bought alone.
    expect(deliveryCost(10, minimum)).toEqual({
      delivery: 2.49,
      consultation: 0,
      total: 12.49,
      minimumOrder: null,
    });
  });

  it("prices delivery below the minimum on an order of exactly the minimum", () => {
    // Any order this pharmacy accepts reaches its £15 threshold, so delivery is free.
    const freeFromMinimum = { deliveryFee: 3.95, freeDeliveryThreshold: 15, minOrderValue: 20 };
    expect(deliveryCost(12, freeFromMinimum)).toEqual({
      delivery: 0,
      consultation: 0,
      total: null,
      minimumOrder: 20,
    });
  });

  it("counts in whole pence", () => {
    expect(deliveryCost(0.1, { ...usual, deliveryFee: 0.2 }).total).toBe(0.3);
  });

  it("adds the consultation fee to the total and names it, per order or one-off (decision 042)", () => {
    const clinic = { ...usual, deliveryFee: 2.49, consultationFee: 15 };
    expect(deliveryCost(20, clinic)).toEqual({
      delivery: 2.49,
      consultation: 15,
      total: 37.49,
      minimumOrder: null,
    });
    // A first order pays a one-off fee too: the headline total is what that order costs.
    expect(deliveryCost(20, { ...clinic, consultationFeeBasis: "one-off" }).total).toBe(37.49);
    // The fee counts towards neither free delivery nor the minimum order: those are about the goods.
    expect(deliveryCost(39.99, { ...clinic, consultationFee: 4.99 })).toEqual({
      delivery: 2.49,
      consultation: 4.99,
      total: 47.47,
      minimumOrder: null,
    });
    expect(deliveryCost(9.99, { ...clinic, minOrderValue: 10 })).toEqual({
      delivery: 2.49,
      consultation: 15,
      total: null,
      minimumOrder: 10,
    });
    // Whole pence: 0.1 + 0.2 + 0.7 is exactly £1.00.
    expect(deliveryCost(0.1, { ...usual, deliveryFee: 0.2, consultationFee: 0.7 }).total).toBe(1);
  });

  it("says nothing when the pharmacy's terms are unknown (the web's saved file)", () => {
    expect(deliveryCost(20, undefined)).toEqual({
      delivery: null,
      consultation: null,
      total: null,
      minimumOrder: null,
    });
  });
});

describe("buildComparison by total", () => {
  const withTerms = (id: string, amount: number, terms: DeliveryTerms, extra: Partial<Price> = {}) => {
    const base = price(id, amount, extra);
    return { ...base, pharmacy: { ...base.pharmacy, ...terms } };
  };
  const rows = [
    // £30 + £4.99 = £34.99
    withTerms("cheap-pack", 30, { deliveryFee: 4.99, freeDeliveryThreshold: 0, minOrderValue: 0 }),
    // £31 + free delivery from £30 = £31
    withTerms("free-delivery", 31, { deliveryFee: 3.49, freeDeliveryThreshold: 30, minOrderValue: 0 }),
    // £29 but the pharmacy only takes orders of £40 or more: no total
    withTerms("minimum", 29, { deliveryFee: 0, freeDeliveryThreshold: 0, minOrderValue: 40 }),
    // £32 + £1.99 = £33.99
    withTerms("middle", 32, { deliveryFee: 1.99, freeDeliveryThreshold: 50, minOrderValue: 0 }),
  ];

  it("orders by price by default, with each row's delivery and total", () => {
    const result = compare(rows);
    expect(result.sort).toBe("price");
    expect(result.prices.map((row) => [row.pharmacyId, row.delivery, row.total, row.minimumOrder])).toEqual([
      ["minimum", 0, null, 40],
      ["cheap-pack", 4.99, 34.99, null],
      ["free-delivery", 0, 31, null],
      ["middle", 1.99, 33.99, null],
    ]);
  });

  it("orders by lowest total, rows without a total last, and keeps Best on the lowest price", () => {
    const result = buildComparison(viagra, "50mg x 4 tablets", rows, "total");
    expect(result.sort).toBe("total");
    expect(result.prices.map((row) => [row.pharmacyId, row.total, row.isBest, row.difference])).toEqual([
      ["free-delivery", 31, false, 2],
      ["middle", 33.99, false, 3],
      ["cheap-pack", 34.99, false, 1],
      ["minimum", null, true, 0],
    ]);
    // The saving and the lowest are about the price, whatever the order.
    expect(result.lowest?.pharmacyId).toBe("minimum");
    expect(result.savings).toBe(3);
  });

  it("breaks equal totals as the price order does: cheaper pack, then better rated", () => {
    const terms = (fee: number) => ({ deliveryFee: fee, freeDeliveryThreshold: 0, minOrderValue: 0 });
    const result = buildComparison(
      viagra,
      "50mg x 4 tablets",
      [
        withTerms("dear-pack", 21, terms(0)),
        withTerms("worse-rated", 20, terms(1)),
        {
          ...withTerms("better-rated", 20, terms(1)),
          pharmacy: { ...withTerms("better-rated", 20, terms(1)).pharmacy, rating: 5 },
        },
      ],
      "total",
    );
    expect(result.prices.map((row) => row.pharmacyId)).toEqual(["better-rated", "worse-rated", "dear-pack"]);
  });

  it("counts each pharmacy's consultation fee in its total and the order by total", () => {
    const terms = { deliveryFee: 0, freeDeliveryThreshold: 0, minOrderValue: 0 };
    const result = buildComparison(
      viagra,
      "50mg x 4 tablets",
      [withTerms("fee-clinic", 20, { ...terms, consultationFee: 5 }), withTerms("no-fee", 24, terms)],
      "total",
    );
    expect(result.prices.map((row) => [row.pharmacyId, row.consultation, row.total, row.isBest])).toEqual([
      ["no-fee", 0, 24, false],
      ["fee-clinic", 5, 25, true],
    ]);
  });

  it("keeps the price order among rows whose terms are unknown", () => {
    const result = buildComparison(viagra, "50mg x 4 tablets", [price("b", 12), price("a", 10)], "total");
    expect(result.prices.map((row) => [row.pharmacyId, row.total])).toEqual([
      ["a", null],
      ["b", null],
    ]);
  });
});

describe("assembleConditionPage", () => {
  it("orders the comparison by the sort it is given", async () => {
    const place = findCondition(tree, "erectile-dysfunction");
    if (!place) throw new Error("expected the condition");
    const terms = (fee: number) => ({ deliveryFee: fee, freeDeliveryThreshold: 0, minOrderValue: 0 });
    const priced = (id: string, amount: number, fee: number) => {
      const base = price(id, amount);
      return { ...base, pharmacy: { ...base.pharmacy, ...terms(fee) } };
    };
    const page = (sort?: "price" | "total") =>
      assembleConditionPage({
        ...place,
        medications: [viagra],
        sort,
        pricesFor: () => [priced("a", 10, 5), priced("b", 12, 0)],
        messagesFor: () => [],
      });
    expect((await page())?.comparison?.prices.map((row) => row.pharmacyId)).toEqual(["a", "b"]);
    expect((await page("total"))?.comparison?.prices.map((row) => row.pharmacyId)).toEqual(["b", "a"]);
  });

  it("chooses by the queries and asks for the chosen medication's prices and messages only", async () => {
    const place = findCondition(tree, "erectile-dysfunction");
    if (!place) throw new Error("expected the condition");
    const asked: string[] = [];
    const page = await assembleConditionPage({
      ...place,
      medications: [
        viagra,
        { ...viagra, id: "viagra-connect", _id: "viagra-connect", name: "Viagra Connect" },
      ],
      medicationQuery: "viagra",
      dosageQuery: "100mg x 4 tablets",
      pricesFor: (medication, dosage) => {
        asked.push(`${medication.id} ${dosage}`);
        return [price("a", 10, { dosage })];
      },
      messagesFor: (medication) => {
        asked.push(`messages ${medication.id}`);
        return [];
      },
    });
    expect(asked.sort()).toEqual(["messages viagra", "viagra 100mg x 4 tablets"]);
    expect(page).toMatchObject({ medicationId: "viagra", dosage: "100mg x 4 tablets", messages: [] });
    expect(page.comparison?.prices.map((row) => row.isBest)).toEqual([true]);
  });

  it("has no choice and no comparison for a condition without medications", async () => {
    const place = findCondition(tree, "erectile-dysfunction");
    if (!place) throw new Error("expected the condition");
    const page = await assembleConditionPage({
      ...place,
      medications: [],
      pricesFor: () => [],
      messagesFor: () => [],
    });
    expect(page).toMatchObject({ medicationId: null, dosage: null, comparison: null, messages: [] });
    expect(findCondition(tree, "acne")).toBeUndefined();
  });
});

const medications = [
  { name: "Cialis", dosage: ["10mg x 4 tablets", "20mg x 4 tablets"] },
  { name: "Viagra Connect", dosage: ["50mg x 4 tablets", "50mg x 8 tablets"] },
  { name: "Viagra", dosage: ["25mg x 4 tablets", "50mg x 4 tablets"] },
  { name: "Vardenafil", dosage: [] },
];

describe("selectMedication", () => {
  it("prefers an exact name, ignoring case, over an earlier name that merely starts with it", () => {
    expect(selectMedication(medications, "viagra")?.name).toBe("Viagra");
    expect(selectMedication(medications, "VIAGRA CONNECT")?.name).toBe("Viagra Connect");
  });

  it("falls back to the first name starting with the query, ignoring case", () => {
    expect(selectMedication(medications, "vi")?.name).toBe("Viagra Connect");
    expect(selectMedication(medications, "Vard")?.name).toBe("Vardenafil");
  });

  it("ignores surrounding spaces", () => {
    expect(selectMedication(medications, "  cialis ")?.name).toBe("Cialis");
  });

  it("picks the first medication when the query is missing, blank or matches nothing", () => {
    expect(selectMedication(medications, null)?.name).toBe("Cialis");
    expect(selectMedication(medications, undefined)?.name).toBe("Cialis");
    expect(selectMedication(medications, "   ")?.name).toBe("Cialis");
    expect(selectMedication(medications, "agra")?.name).toBe("Cialis");
  });

  it("picks nothing from an empty list", () => {
    expect(selectMedication([], "viagra")).toBeUndefined();
  });
});

describe("selectDosage", () => {
  const viagra = medications[2];

  it("keeps a dosage the medication is sold in", () => {
    expect(selectDosage(viagra, "50mg x 4 tablets")).toBe("50mg x 4 tablets");
  });

  it("preselects the first dosage when the query is missing or not one of the medication's", () => {
    expect(selectDosage(viagra, null)).toBe("25mg x 4 tablets");
    expect(selectDosage(viagra, "20mg x 4 tablets")).toBe("25mg x 4 tablets");
    expect(selectDosage(viagra, "50MG X 4 TABLETS")).toBe("25mg x 4 tablets");
  });

  it("chooses nothing without a medication or when it has no dosage", () => {
    expect(selectDosage(undefined, "50mg x 4 tablets")).toBeUndefined();
    expect(selectDosage(medications[3], null)).toBeUndefined();
  });
});
