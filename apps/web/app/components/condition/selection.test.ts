import { describe, expect, it } from "vitest";
import { comparisonSearch, selectDosage, selectMedication } from "./selection.ts";

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

describe("comparisonSearch", () => {
  const viagra = { name: "Viagra", dosage: ["25mg x 4 tablets", "50mg x 4 tablets"] };

  it("holds the medication and dosage", () => {
    expect(comparisonSearch(viagra, "50mg x 4 tablets")).toBe("?medication=Viagra&dosage=50mg+x+4+tablets");
  });

  it("selects the medication's first dosage when the dosage is not one of its own", () => {
    expect(comparisonSearch(viagra)).toBe("?medication=Viagra&dosage=25mg+x+4+tablets");
    expect(comparisonSearch(viagra, "10mg x 4 tablets")).toBe("?medication=Viagra&dosage=25mg+x+4+tablets");
  });

  it("leaves the dosage out when the medication has none", () => {
    expect(comparisonSearch({ name: "Eroxon Gel", dosage: [] })).toBe("?medication=Eroxon+Gel");
  });
});
