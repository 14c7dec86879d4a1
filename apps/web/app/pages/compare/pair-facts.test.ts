import type { ComparisonPrice, Pharmacy, PharmacyPair } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { consultationPriceId, dosageCell, lowerSide, termFacts } from "./pair-facts.ts";

const pharmacy = (extra: Partial<Pharmacy>): Pharmacy => ({
  id: "a",
  _id: "a",
  name: "A",
  website: "https://a.example",
  rating: 4.5,
  deliveryOptions: ["standard"],
  deliveryTime: "1-2 days",
  prescriptionRequired: true,
  active: true,
  description: "",
  trustpilotUrl: "",
  minOrderValue: 0,
  deliveryFee: 2.95,
  freeDeliveryThreshold: 40,
  consultationFee: 0,
  consultationFeeBasis: "per-order",
  gphcNumber: "1900001",
  cqcNumber: null,
  ...extra,
});

const row = (price: number, total: number | null, extra: Partial<ComparisonPrice> = {}) =>
  ({
    price,
    total,
    delivery: 2.95,
    consultation: 0,
    minimumOrder: null,
    inStock: true,
    ...extra,
  }) as ComparisonPrice;

describe("the compare page's facts (decision 042)", () => {
  it("sets the same lines side by side and marks the ones that differ", () => {
    const facts = termFacts(
      pharmacy({}),
      pharmacy({ consultationFee: 15, consultationFeeBasis: "one-off", gphcNumber: "1900002" }),
    );
    expect(facts.map((fact) => [fact.term, fact.differs])).toEqual([
      ["Delivery fee", false],
      ["Free delivery", false],
      ["Minimum order", false],
      ["Consultation fee", true],
      ["Delivery time", false],
      ["Rating", false],
      ["GPhC registration", false],
    ]);
    expect(facts[3]).toMatchObject({ a: "None", b: "£15.00 once, on your first order" });
  });

  it("marks the lower side by total where both have one, else by price, and no side on a tie", () => {
    expect(lowerSide(row(20, 25), row(22, 24))).toBe("b");
    expect(lowerSide(row(20, null), row(22, 24))).toBe("a");
    expect(lowerSide(row(20, 25), row(20, 25))).toBeNull();
    expect(lowerSide(row(20, 25), null)).toBeNull();
  });

  it("words a dosage's cell with its total and every fee in it", () => {
    expect(dosageCell(row(20, 37.95, { consultation: 15 }))).toEqual({
      price: "£20.00",
      total: "£37.95",
      note: "incl. £2.95 delivery and £15.00 consultation",
      stock: "In stock",
    });
    expect(dosageCell(null)).toBeNull();
  });
});

describe("the compare page's link out for a prescription-only medicine (decision 058)", () => {
  const pair = (legalCategory: "POM" | "P", startsAt: boolean) =>
    ({
      medication: { legalCategory },
      a: pharmacy({ startsAtConsultation: startsAt }),
      b: pharmacy({ id: "b", startsAtConsultation: false }),
      dosages: [
        { dosage: "25mg", a: null, b: row(9, 12, { _id: "price-b-25" }) },
        { dosage: "50mg", a: row(10, 13, { _id: "price-a-50" }), b: null },
      ],
    }) as unknown as PharmacyPair;

  it("goes through one of the pharmacy's prices where its visits start at the consultation", () => {
    expect(consultationPriceId(pair("POM", true), "a")).toBe("price-a-50");
  });

  it("keeps the website link for a pharmacy medicine, or a pharmacy without a consultation address", () => {
    expect(consultationPriceId(pair("P", true), "a")).toBeUndefined();
    expect(consultationPriceId(pair("POM", false), "a")).toBeUndefined();
    expect(consultationPriceId(pair("POM", true), "b")).toBeUndefined();
  });
});
