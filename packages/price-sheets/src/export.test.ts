import { CATEGORY_TREE, type Category, type Medication, type Price } from "@pharmacompare/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sheetId } from "./cells.ts";
import { conditionMapper } from "./conditions.ts";
import { exportPriceSheets, workbookJson } from "./export.ts";
import { importPriceSheets } from "./import.ts";
import { readWorkbookJson } from "./json.ts";

const categories: Category[] = CATEGORY_TREE.map((category) => ({
  id: category.id,
  name: category.name,
  active: true,
  subcategories: category.subcategories.map((entry) => ({
    id: entry.id,
    name: entry.name,
    description: entry.description,
    categoryId: category.id,
    active: true,
  })),
}));
const subcategories = categories.flatMap((category) => category.subcategories);
const mapCondition = conditionMapper(categories);
const conditionOf = (medication: Medication) =>
  subcategories.find((entry) => entry.id === medication.subcategory)?.name ?? "";
const fileDate = new Date("2025-01-01T00:00:00.000Z");

function medication(
  id: string,
  name: string,
  dosage: string[],
  subcategory = "erectile-dysfunction",
  legalCategory: Medication["legalCategory"] = "POM",
): Medication {
  const category = subcategories.find((entry) => entry.id === subcategory)?.categoryId ?? "";
  return {
    id,
    _id: id,
    name,
    category,
    subcategory,
    form: "Tablets",
    description: "",
    dosage,
    active: true,
    legalCategory,
  };
}

function price(
  medicationId: string,
  pharmacyId: string,
  pharmacyName: string,
  dosage: string,
  amount: number,
) {
  return {
    _id: `${medicationId}/${pharmacyId}/${dosage}`,
    medicationId,
    pharmacyId,
    pharmacy: {
      id: pharmacyId,
      name: pharmacyName,
      website: "https://p.example",
      rating: 4.5,
      deliveryTime: "2 days",
      prescriptionRequired: true,
    },
    dosage,
    price: amount,
    quantity: 1,
    inStock: true,
    link: `https://p.example/${medicationId}`,
    lastUpdated: "2025-08-30T10:00:00.000Z",
  } satisfies Price;
}

/** What a round trip must keep: which pharmacy sells which dosage of which medication, for how much. */
const key = (entry: Pick<Price, "medicationId" | "pharmacyId" | "dosage" | "price">) =>
  `${entry.medicationId}|${entry.pharmacyId}|${entry.dosage}|${entry.price}`;

describe("price sheets: export", () => {
  it("writes each medication's legal category after its form, and the importer reads it back (decision 035)", () => {
    const medications = [
      medication("viagra-connect", "Viagra Connect", ["50mg x 4 tablets"], "erectile-dysfunction", "P"),
      medication("eroxon", "Eroxon", ["4 tubes"], "erectile-dysfunction", "GSL"),
      medication("viagra", "Viagra", ["50mg x 4 tablets"]),
    ];
    const { workbook } = exportPriceSheets({ medications, prices: [], conditionOf });
    expect((workbook["Viagra Connect"] as unknown[][])[1]).toEqual([
      "Form",
      "Tablets",
      "Legal category",
      "P",
    ]);
    const back = importPriceSheets(workbook, { mapCondition, defaultLastUpdated: fileDate });
    expect(back.skipped).toEqual([]);
    expect(back.medications.map((entry) => [entry.id, entry.legalCategory])).toEqual([
      ["eroxon", "GSL"],
      ["viagra", "POM"],
      ["viagra-connect", "P"],
    ]);
    expect([...back.statedLegalCategories]).toEqual([
      ["eroxon", "GSL"],
      ["viagra", "POM"],
      ["viagra-connect", "P"],
    ]);
  });

  it("writes one sheet per medication that the importer reads back", () => {
    const medications = [medication("viagra", "Viagra", ["50mg", "100mg"])];
    const prices = [
      price("viagra", "kestrel", "Kestrel", "100mg", 34.5),
      price("viagra", "bramble", "Bramble", "50mg", 29.99),
    ];
    const { workbook, omitted } = exportPriceSheets({
      medications,
      prices,
      conditionOf,
      preface: { "About this file": "notes" },
    });
    expect(omitted).toEqual([]);
    expect(workbook.Viagra).toEqual([
      ["Generic name", ""],
      ["Form", "Tablets", "Legal category", "POM"],
      ["Description", ""],
      ["Condition", "Erectile Dysfunction"],
      ["Last updated", "2025-08-30T10:00:00.000Z"],
      ["Pharmacy", "Rating", "50mg", "100mg", "link"],
      ["Bramble", 4.5, 29.99, "", "https://p.example/viagra"],
      ["Kestrel", 4.5, "", 34.5, "https://p.example/viagra"],
    ]);
    const back = importPriceSheets(readWorkbookJson(workbookJson(workbook)), {
      mapCondition,
      defaultLastUpdated: fileDate,
    });
    expect(back.skipped).toEqual([{ sheet: "About this file", reason: "not an array of at least 6 rows" }]);
    expect(back.prices.map(key).sort()).toEqual(prices.map(key).sort());
    expect(back.prices[0]?.lastUpdated).toBe("2025-08-30T10:00:00.000Z");
  });

  it("lists what the format cannot carry instead of dropping it silently", () => {
    const medications = [medication("a", "A", ["link", "10mg"]), medication("a-2", "A.", ["10mg"])];
    const out = { ...price("a", "p", "P", "10mg", 5), inStock: false };
    const { workbook, omitted } = exportPriceSheets({ medications, prices: [out], conditionOf });
    expect(Object.keys(workbook)).toEqual(["A"]);
    expect(omitted).toEqual([
      { medicationId: "a", dosage: "link", reason: "a dosage the header row cannot hold" },
      {
        medicationId: "a",
        pharmacyId: "p",
        dosage: "10mg",
        reason: "out of stock (an imported price is in stock)",
      },
      { medicationId: "a-2", reason: "its name gives an empty or already used sheet id" },
    ]);
  });
});

// Names whose public site §5 ids are distinct and equal to the ids the catalogue gives them.
const name = fc
  .array(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789"), { minLength: 1, maxLength: 10 })
  .map((letters) => letters.join(""))
  .filter((text) => text.toLowerCase() !== "link");
const amount = fc.integer({ min: 1, max: 99_999 }).map((pence) => pence / 100);

const catalogue = fc
  .record({
    medicationNames: fc.uniqueArray(name, { minLength: 1, maxLength: 4 }),
    pharmacyNames: fc.uniqueArray(name, { minLength: 1, maxLength: 4 }),
    dosages: fc.uniqueArray(name, { minLength: 1, maxLength: 4 }),
    subcategory: fc.constantFrom(...subcategories.map((entry) => entry.id)),
  })
  .chain(({ medicationNames, pharmacyNames, dosages, subcategory }) => {
    const cells = medicationNames.flatMap((medicationName) =>
      pharmacyNames.flatMap((pharmacyName) =>
        dosages.map((dosage) => [medicationName, pharmacyName, dosage] as const),
      ),
    );
    return fc
      .array(fc.option(amount, { nil: undefined }), { minLength: cells.length, maxLength: cells.length })
      .map((amounts) => ({
        medications: medicationNames.map((entry) => medication(sheetId(entry), entry, dosages, subcategory)),
        prices: cells.flatMap(([medicationName, pharmacyName, dosage], index) => {
          const value = amounts[index];
          return value === undefined
            ? []
            : [price(sheetId(medicationName), sheetId(pharmacyName), pharmacyName, dosage, value)];
        }),
      }));
  });

describe("price sheets: export then import (property)", () => {
  it("gives back the same prices", () => {
    fc.assert(
      fc.property(catalogue, ({ medications, prices }) => {
        const { workbook, omitted } = exportPriceSheets({ medications, prices, conditionOf });
        const back = importPriceSheets(readWorkbookJson(workbookJson(workbook)), {
          mapCondition,
          defaultLastUpdated: fileDate,
        });
        expect(omitted).toEqual([]);
        expect(back.skipped).toEqual([]);
        expect(back.prices.map(key).sort()).toEqual(prices.map(key).sort());
        expect(back.medications.map((entry) => entry.id).sort()).toEqual(
          medications.map((entry) => entry.id).sort(),
        );
      }),
    );
  });
});
