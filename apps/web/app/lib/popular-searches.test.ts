import { describe, expect, it } from "vitest";
import { demoMedications } from "../../../api/src/demo-data/index.ts";
import { POPULAR_CONDITIONS, popularSearches } from "./popular-searches.ts";

describe("popular searches", () => {
  it("are conditions of the fixed category tree, named as it names them, in the order chosen", () => {
    expect(popularSearches.map((search) => search.subcategoryId)).toEqual([...POPULAR_CONDITIONS]);
    expect(popularSearches.map((search) => search.label)).toEqual([
      "Weight Loss Medications",
      "Erectile Dysfunction",
      "Hair Loss",
      "Oral Contraceptives",
      "Acne",
    ]);
  });

  it("name no medicine of the demo catalogue (a promoting surface; docs/compliance.md)", () => {
    const labels = popularSearches.map((search) => search.label.toLowerCase()).join(" | ");
    for (const medication of demoMedications) {
      expect(labels).not.toContain(medication.name.toLowerCase());
    }
  });
});
