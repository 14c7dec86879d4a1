import type { AdminCategory, AdminMedication } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import {
  catalogueNames,
  categoryChoices,
  dosageSummary,
  filterMedications,
  pricesGoingText,
  searchable,
} from "./medication-list.ts";

function medication(id: string, name: string, category: string, dosage: string[] = []): AdminMedication {
  return {
    id,
    _id: id,
    name,
    category,
    subcategory: `${category}-sub`,
    form: "Tablets",
    legalCategory: "POM",
    description: "",
    dosage,
    active: true,
    priceCount: 0,
  };
}

const list = searchable([
  medication("sildenafil", "Sildenafil", "mens-health"),
  medication("viagra-connect", "Viagra Connect", "mens-health"),
  medication("orlistat", "Orlistat (Alli)", "weight-loss"),
  medication("mounjaro", "Mounjaro", "weight-loss"),
]);
const ids = (filters: { search: string; category: string }) =>
  filterMedications(list, filters).map((entry) => entry.id);

describe("the medication list's filters", () => {
  it("shows everything without filters", () => {
    expect(ids({ search: "", category: "" })).toHaveLength(4);
    expect(ids({ search: "   ", category: "" })).toHaveLength(4);
  });

  it("searches the name or the id, case-insensitively, as a substring", () => {
    expect(ids({ search: "VIAGRA", category: "" })).toEqual(["viagra-connect"]);
    expect(ids({ search: "gra-con", category: "" })).toEqual(["viagra-connect"]);
    expect(ids({ search: "(alli)", category: "" })).toEqual(["orlistat"]);
    expect(ids({ search: "  mounj ", category: "" })).toEqual(["mounjaro"]);
    expect(ids({ search: "zzz", category: "" })).toEqual([]);
  });

  it("never matches across the name and the id", () => {
    // "Mounjaro" + "mounjaro": the end of one and the start of the other are not one text.
    expect(ids({ search: "jaromoun", category: "" })).toEqual([]);
  });

  it("filters the category exactly, with the search", () => {
    expect(ids({ search: "", category: "weight-loss" })).toEqual(["orlistat", "mounjaro"]);
    expect(ids({ search: "a", category: "mens-health" })).toEqual(["sildenafil", "viagra-connect"]);
    expect(ids({ search: "", category: "weight" })).toEqual([]);
  });
});

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

  it("offers the tree's categories, then any other a medication names", () => {
    expect(
      categoryChoices(
        tree,
        list.map((row) => row.medication),
      ),
    ).toEqual([
      { value: "mens-health", label: "Men's Health" },
      { value: "weight-loss", label: "weight-loss" },
    ]);
  });
});

describe("the delete confirmation's line about prices", () => {
  it("says how many prices go", () => {
    expect(pricesGoingText(0)).toBe("It has no prices.");
    expect(pricesGoingText(1)).toBe("Its 1 price will be deleted with it.");
    expect(pricesGoingText(1234)).toBe("Its 1,234 prices will be deleted with it.");
  });
});
