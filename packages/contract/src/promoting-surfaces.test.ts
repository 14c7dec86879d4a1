import { describe, expect, it } from "vitest";
import { findNamedMedicine, prescriptionOnlyNames } from "./promoting-surfaces.ts";

const catalogue = [
  { name: "Viagra", genericName: "Sildenafil", legalCategory: "POM" },
  { name: "Viagra Connect", genericName: "Sildenafil", legalCategory: "P" },
  { name: "Wegovy", genericName: "Semaglutide", legalCategory: "POM" },
  { name: "Eroxon", genericName: null, legalCategory: "GSL" },
];

describe("prescriptionOnlyNames", () => {
  it("names every POM, and a POM's generic name only when no P or GSL medication shares it", () => {
    expect(prescriptionOnlyNames(catalogue).sort()).toEqual(["Semaglutide", "Viagra", "Wegovy"]);
  });
});

describe("findNamedMedicine", () => {
  const names = prescriptionOnlyNames(catalogue);
  it("finds a name as a whole word, ignoring case", () => {
    expect(findNamedMedicine("WEGOVY vs Mounjaro: comparing prices", names)).toBe("Wegovy");
    expect(findNamedMedicine("Compare semaglutide pens", names)).toBe("Semaglutide");
  });
  it("finds nothing inside a longer word, or where only a P medicine is named", () => {
    expect(findNamedMedicine("Wegovyx and viagraconnect", names)).toBeUndefined();
    expect(findNamedMedicine("How to save money on prescriptions in the UK", names)).toBeUndefined();
  });
  it("reads a multi-word name whole", () => {
    expect(findNamedMedicine("Viagra Connect: what a pharmacist asks", ["Viagra Connect"])).toBe(
      "Viagra Connect",
    );
  });
});
