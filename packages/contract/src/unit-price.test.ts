import { describe, expect, it } from "vitest";
import { parsePackSize, unitPriceText } from "./unit-price.ts";

describe("parsePackSize", () => {
  it.each([
    ["50mg x 4 tablets", 4, "tablet"],
    ["3 x 21 tablets", 63, "tablet"],
    ["1.5mg x 1 tablet", 1, "tablet"],
    ["8mg/90mg x 112 tablets", 112, "tablet"],
    ["100mg MR x 6 capsules", 6, "capsule"],
    ["6mg/ml x 3 pens", 3, "pen"],
    ["8 tubes (2 packs)", 8, "tube"],
    ["12 sachets (2 packs)", 12, "sachet"],
    ["9 patches (3 months)", 9, "patch"],
    ["1 ring (1 month)", 1, "ring"],
    ["2 sprays (40 doses)", 40, "dose"],
    ["2.5mg (1 pen, 4 doses)", 4, "dose"],
    ["12g spray", 12, "g"],
    ["2 x 12g spray", 24, "g"],
    ["0.1% gel 2 x 45g", 90, "g"],
    ["1%/0.025% gel 30g", 30, "g"],
    ["120g (2 x 60g)", 120, "g"],
    ["3 x 73ml (3 months)", 219, "ml"],
    ["2 x 250ml", 500, "ml"],
    ["6 month supply", 6, "month"],
  ])("reads %s as %d %s", (dosage, quantity, unit) => {
    expect(parsePackSize(dosage)).toEqual({ quantity, unit });
  });

  it.each(["50mg", "0.1%", "6mg/ml", "", "one pack", "0 tablets"])("does not guess at %j", (dosage) => {
    expect(parsePackSize(dosage)).toBeNull();
  });
});

describe("unitPriceText", () => {
  it("divides the pack price by what it holds, in pounds with two decimals", () => {
    expect(unitPriceText(19.99, "50mg x 4 tablets")).toBe("£5.00 per tablet");
    expect(unitPriceText(12.5, "0.1% gel 2 x 45g")).toBe("£0.14 per g");
    expect(unitPriceText(30, "3 x 73ml (3 months)")).toBe("£0.14 per ml");
  });

  it("says nothing for a single unit or a pack it cannot read", () => {
    expect(unitPriceText(9.99, "1.5mg x 1 tablet")).toBeNull();
    expect(unitPriceText(9.99, "50mg")).toBeNull();
  });
});
