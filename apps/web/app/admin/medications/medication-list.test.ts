import type { AdminCategory } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { catalogueNames, dosageSummary, pricesGoingText } from "./medication-list.ts";

describe("a row's dosages", () => {
  it("shows the first 3, then how many more", () => {
    expect(dosageSummary(["25mg", "50mg"])).toEqual({ shown: ["25mg", "50mg"], more: 0 });
    expect(dosageSummary(["a", "b", "c"])).toEqual({ shown: ["a", "b", "c"], more: 0 });
    expect(dosageSummary(["a", "b", "c", "d", "e"])).toEqual({ shown: ["a", "b", "c"], more: 2 });
  });
});

describe("category names and choices", () => {
  const tree: AdminCategory[] = [
    {
      id: "mens-health",
      name: "Men's Health",
      active: true,
      medicationCount: 2,
      subcategories: [
        {
          id: "mens-health-sub",
          name: "Erectile Dysfunction",
          description: "",
          categoryId: "mens-health",
          active: true,
          medicationCount: 2,
        },
      ],
    },
  ];

  it("names ids from the tree and shows an unknown id as itself", () => {
    const names = catalogueNames(tree);
    expect(names.category("mens-health")).toBe("Men's Health");
    expect(names.subcategory("mens-health-sub")).toBe("Erectile Dysfunction");
    expect(names.category("weight-loss")).toBe("weight-loss");
  });
});

describe("the delete confirmation's line about prices", () => {
  it("says how many prices go", () => {
    expect(pricesGoingText(0)).toBe("It has no prices.");
    expect(pricesGoingText(1)).toBe("Its 1 price will be deleted with it.");
    expect(pricesGoingText(1234)).toBe("Its 1,234 prices will be deleted with it.");
  });
});
