import { describe, expect, it } from "vitest";
import { SAMPLE_LAST_UPDATED, sampleCatalogue } from "./sample-data.ts";

describe("the built-in sample data", () => {
  it("keeps to the specification's ranges (public site §9)", () => {
    expect(sampleCatalogue.prices.length).toBeGreaterThan(0);
    for (const price of sampleCatalogue.prices) {
      expect(price.price).toBeGreaterThanOrEqual(12.99);
      expect(price.price).toBeLessThanOrEqual(42.5);
      expect(price.pharmacy.rating).toBeGreaterThanOrEqual(3.9);
      expect(price.pharmacy.rating).toBeLessThanOrEqual(4.5);
      expect(price.lastUpdated).toBe(SAMPLE_LAST_UPDATED);
    }
    expect(SAMPLE_LAST_UPDATED.startsWith("2024-01-15")).toBe(true);
  });

  it("prices every dosage of every medication, in known conditions", () => {
    const subcategories = new Set(
      sampleCatalogue.categories.flatMap((category) => category.subcategories.map((entry) => entry.id)),
    );
    for (const medication of sampleCatalogue.medications) {
      expect(subcategories.has(medication.subcategory)).toBe(true);
      for (const dosage of medication.dosage) {
        const offers = sampleCatalogue.prices.filter(
          (price) => price.medicationId === medication.id && price.dosage === dosage,
        );
        expect(offers.length, `${medication.name} ${dosage}`).toBeGreaterThan(1);
      }
    }
  });
});
