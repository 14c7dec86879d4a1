import { readFileSync } from "node:fs";
import { PriceSheetsFileError } from "@pharmacompare/price-sheets";
import { describe, expect, it } from "vitest";
import { importStaticMedications } from "./static-import.ts";

// The shipped file is exported from the seeded database (npm run export:fallback; an API test keeps
// it current). The public site §5 rules themselves are tested rule by rule in packages/price-sheets.
const fileDate = new Date("2025-09-01T08:00:00.000Z");

describe("the shipped static file", () => {
  it("parses with only its notes sheet skipped and covers several conditions", () => {
    const text = readFileSync(new URL("../../../public/data/medications.json", import.meta.url), "utf8");
    const result = importStaticMedications(text, { defaultLastUpdated: fileDate });
    expect(result.skipped.map((entry) => entry.sheet)).toEqual(["About this file"]);
    expect(new Set(result.medications.map((medication) => medication.subcategory)).size).toBeGreaterThan(3);
    for (const medication of result.medications) {
      for (const dosage of medication.dosage) {
        const prices = result.prices.filter(
          (price) => price.medicationId === medication.id && price.dosage === dosage,
        );
        expect(prices.length, `${medication.name} ${dosage}`).toBeGreaterThan(1);
      }
    }
  });

  it("refuses text that is not a JSON object of sheets", () => {
    expect(() => importStaticMedications("{ nope", { defaultLastUpdated: fileDate })).toThrow(
      PriceSheetsFileError,
    );
  });
});
