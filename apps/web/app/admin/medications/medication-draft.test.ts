import type { AdminMedication, AdminPrice } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import {
  cellPrice,
  dosageRow,
  FORM_CHOICES,
  gridColumns,
  type MedicationDraft,
  medicationBody,
  medicationDraft,
  missingRequired,
  placeRefusal,
  repeatedDosageRows,
} from "./medication-draft.ts";

function draft(overrides: Partial<MedicationDraft> = {}): MedicationDraft {
  return { ...medicationDraft(), ...overrides };
}

describe("the form choices", () => {
  it("are the specification's, alphabetically, then other", () => {
    const values = FORM_CHOICES.map((choice) => choice.value);
    expect(values).toHaveLength(18);
    expect(values.slice(0, 3)).toEqual(["Bundle", "Capsules", "Cream"]);
    expect(values.at(-2)).toBe("Tablets");
    expect(values.at(-1)).toBe("other");
    expect(FORM_CHOICES.at(-1)?.label).toMatch(/description/);
  });
});

describe("a new medication's form", () => {
  it("starts active, as tablets, with one empty dosage row", () => {
    const fresh = medicationDraft();
    expect(fresh).toMatchObject({ name: "", category: "", subcategory: "", form: "Tablets", active: true });
    // Unknown means prescription-only (decision 035), and the body says so.
    expect(fresh.legalCategory).toBe("POM");
    expect(medicationBody(fresh, []).body.legalCategory).toBe("POM");
    expect(fresh.dosages).toHaveLength(1);
    expect(fresh.dosages[0]?.value).toBe("");
  });

  it("needs a name, a category and a subcategory", () => {
    expect(missingRequired(draft({ name: "  " }))).toEqual({
      name: "is required",
      category: "is required",
      subcategory: "is required",
    });
    expect(missingRequired(draft({ name: "Sildenafil", category: "c", subcategory: "s" }))).toEqual({});
  });
});

describe("the grid's columns", () => {
  it("are the non-empty dosages, each once", () => {
    const rows = [
      dosageRow("25mg"),
      dosageRow(" "),
      dosageRow(" 50mg "),
      dosageRow("25 MG"),
      dosageRow("25mg"),
    ];
    expect(gridColumns(rows).map((column) => column.dosage)).toEqual(["25mg", "50mg", "25 MG"]);
    expect(gridColumns(rows)[1]?.key).toBe(rows[2]?.key);
    // The API's rule: letter case and runs of spaces aside, "25 MG" is not "25mg" but "25mg " is.
    expect([...repeatedDosageRows(rows)]).toEqual([rows[4]?.key]);
  });
});

describe("cell prices", () => {
  it("counts only numbers above 0", () => {
    expect(cellPrice("12.50")).toBe(12.5);
    expect(cellPrice(" 3 ")).toBe(3);
    expect(cellPrice("")).toBeNull();
    expect(cellPrice(undefined)).toBeNull();
    expect(cellPrice("0")).toBeNull();
    expect(cellPrice("-4")).toBeNull();
    expect(cellPrice("abc")).toBeNull();
  });
});

describe("the body sent", () => {
  const d25 = dosageRow("25mg");
  const empty = dosageRow("   ");
  const d50 = dosageRow("50mg");
  const form = draft({
    name: "Sildenafil",
    category: "mens-health",
    subcategory: "erectile-dysfunction",
    dosages: [d25, empty, d50],
    cells: {
      alpha: { [d25.key]: "0", [d50.key]: "9.99" },
      beta: { [d25.key]: "4.50", [d50.key]: "6" },
      gamma: { [d25.key]: "", [d50.key]: "" },
      // A cell of a removed dosage row is not part of the grid any more.
      delta: { gone: "3.00" },
    },
    links: { alpha: " https://alpha.example/s ", beta: "", gamma: "https://gamma.example" },
  });
  const { body, sent } = medicationBody(form, ["alpha", "beta", "gamma", "delta"]);

  it("drops empty dosage rows", () => {
    expect(body.dosage).toEqual(["25mg", "50mg"]);
  });

  it("sends only cells above 0, the typed link with each row's first one", () => {
    expect(body.prices).toEqual([
      { pharmacyId: "alpha", dosage: "50mg", price: 9.99, link: "https://alpha.example/s" },
      { pharmacyId: "beta", dosage: "25mg", price: 4.5, link: "" },
      { pharmacyId: "beta", dosage: "50mg", price: 6 },
    ]);
    expect(sent).toEqual([
      { pharmacyId: "alpha", columnKey: d50.key, withLink: true },
      { pharmacyId: "beta", columnKey: d25.key, withLink: true },
      { pharmacyId: "beta", columnKey: d50.key, withLink: false },
    ]);
  });

  it("places a refusal's fields beside the field, the cell or the row's link they are about", () => {
    const placed = placeRefusal(
      {
        name: "is required",
        "dosage.1": 'lists "50mg" twice',
        "prices.0.link": "must be a web address starting with http:// or https://",
        "prices.2.price": "must be a price in pounds above 0, with at most 2 decimals",
        "prices.9.price": "an index we did not send",
        unknown: "not a field of this form",
      },
      sent,
    );
    // A cell we cannot find is shown with the grid as a whole.
    expect(placed.fields).toEqual({
      name: "is required",
      dosage: 'lists "50mg" twice',
      prices: "an index we did not send",
    });
    expect(placed.links).toEqual({ alpha: "must be a web address starting with http:// or https://" });
    expect(placed.cells).toEqual({
      beta: { [d50.key]: "must be a price in pounds above 0, with at most 2 decimals" },
    });
  });
});

describe("an existing medication's form", () => {
  const medication: AdminMedication = {
    id: "sildenafil",
    _id: "sildenafil",
    name: "Sildenafil",
    genericName: "Sildenafil citrate",
    category: "mens-health",
    subcategory: "erectile-dysfunction",
    form: "Tablets",
    legalCategory: "P",
    description: "",
    dosage: ["25mg", "50mg"],
    active: false,
    priceCount: 3,
    nhsAvailability: "yes",
    nhsNote: "",
    nhsUrl: "https://www.nhs.uk/medicines/sildenafil/",
    nhsItemCharge: true,
    nhsCheckedOn: "2026-11-28",
  };
  function price(pharmacyId: string, dosage: string, amount: number, link: string | null): AdminPrice {
    return {
      _id: `${pharmacyId}-${dosage}`,
      medicationId: "sildenafil",
      pharmacyId,
      pharmacy: { name: pharmacyId } as AdminPrice["pharmacy"],
      dosage,
      price: amount,
      quantity: 1,
      inStock: true,
      link,
      lastUpdated: "2025-01-01T00:00:00.000Z",
      pharmacyActive: true,
    };
  }

  it("fills the grid from its prices, each row's link from its first priced dosage", () => {
    const filled = medicationDraft({
      medication,
      prices: [
        price("alpha", "50mg", 9.5, "https://alpha.example/50"),
        price("alpha", "25mg", 7, null),
        price("beta", "50mg", 12, "https://beta.example/50"),
      ],
    });
    const [d25, d50] = filled.dosages;
    expect(filled).toMatchObject({
      name: "Sildenafil",
      genericName: "Sildenafil citrate",
      active: false,
      legalCategory: "P",
    });
    expect(medicationBody(filled, []).body.legalCategory).toBe("P");
    expect(filled.cells).toEqual({
      alpha: { [d25?.key ?? ""]: "7.00", [d50?.key ?? ""]: "9.50" },
      beta: { [d50?.key ?? ""]: "12.00" },
    });
    expect(filled.links).toEqual({ alpha: "", beta: "https://beta.example/50" });

    // Saved untouched, the same grid goes back.
    expect(medicationBody(filled, ["alpha", "beta"]).body.prices).toEqual([
      { pharmacyId: "alpha", dosage: "25mg", price: 7, link: "" },
      { pharmacyId: "alpha", dosage: "50mg", price: 9.5 },
      { pharmacyId: "beta", dosage: "50mg", price: 12, link: "https://beta.example/50" },
    ]);
  });

  it("keeps one empty dosage row when it has none", () => {
    const filled = medicationDraft({ medication: { ...medication, dosage: [] }, prices: [] });
    expect(filled.dosages.map((row) => row.value)).toEqual([""]);
  });
});
