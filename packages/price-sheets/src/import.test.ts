import { CATEGORY_TREE, type Category } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { readLink, readPrice, sheetId } from "./cells.ts";
import { conditionMapper } from "./conditions.ts";
import { SHEET_DEFAULTS } from "./format.ts";
import { importPriceSheets } from "./import.ts";
import { PriceSheetsFileError, readWorkbookJson } from "./json.ts";

const fileDate = new Date("2025-09-01T08:00:00.000Z");

type Row = unknown[];

/** A valid sheet; `overrides` replaces rows by their 1-based number. */
function sheet(overrides: Record<number, Row> = {}, extraRows: unknown[] = []): unknown[] {
  const rows: unknown[] = [
    ["Generic name", "Sildenafil"],
    ["Form", "Tablets"],
    ["Description", "Branded sildenafil."],
    ["Condition", "Erectile Dysfunction"],
    ["Last updated", "2025-08-30"],
    ["Pharmacy", "Rating", "50mg x 4 tablets", "100mg x 4 tablets", "link"],
    ["Kestrel Lane Pharmacy", 4.7, 29.99, 34.5, "https://kestrel.example/viagra"],
    ...extraRows,
  ];
  for (const [row, value] of Object.entries(overrides)) rows[Number(row) - 1] = value;
  return rows;
}

/** The contract's fixed tree, as the web's fallback uses it. */
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
const mapCondition = conditionMapper(categories);

function run(workbook: Record<string, unknown>) {
  return importPriceSheets(workbook, { mapCondition, defaultLastUpdated: fileDate });
}

describe("price sheets: legal category (decision 035)", () => {
  it("reads POM, P or GSL in any case from the cell right of 'Legal category' in rows 1-5", () => {
    const result = run({
      Alli: sheet({ 2: ["Form", "Capsules", "Legal category", " p "] }),
      Eroxon: sheet({ 1: ["Generic name", "", "LEGAL CATEGORY", "gsl"] }),
      Viagra: sheet({ 2: ["Form", "Tablets", "Legal category", "POM"] }),
    });
    expect(result.skipped).toEqual([]);
    expect(result.medications.map((entry) => [entry.id, entry.legalCategory])).toEqual([
      ["alli", "P"],
      ["eroxon", "GSL"],
      ["viagra", "POM"],
    ]);
    expect(Object.fromEntries(result.statedLegalCategories)).toEqual({
      alli: "P",
      eroxon: "GSL",
      viagra: "POM",
    });
  });

  it("reads a blank or missing category as not stated, and the medication as POM", () => {
    const result = run({
      Blank: sheet({ 2: ["Form", "Tablets", "Legal category", "  "] }),
      Missing: sheet(),
    });
    expect(result.skipped).toEqual([]);
    expect(result.medications.map((entry) => entry.legalCategory)).toEqual(["POM", "POM"]);
    expect(result.statedLegalCategories.size).toBe(0);
  });

  it("reports a value that is not one of the three, with its cell, and reads it as not stated", () => {
    const result = run({ Viagra: sheet({ 2: ["Form", "Tablets", "Legal category", "Prescription"] }) });
    expect(result.skipped).toEqual([
      {
        sheet: "Viagra",
        row: 2,
        column: 4,
        reason: 'legal category "Prescription" is not POM, P or GSL; read as not given',
      },
    ]);
    expect(result.medications[0]?.legalCategory).toBe("POM");
    expect(result.statedLegalCategories.size).toBe(0);
  });
});

describe("price sheets: sheets", () => {
  it("reads a medication, its pharmacies and prices from a valid sheet", () => {
    const result = run({ Viagra: sheet() });
    expect(result.skipped).toEqual([]);
    expect(result.medications).toEqual([
      {
        id: "viagra",
        _id: "viagra",
        name: "Viagra",
        genericName: "Sildenafil",
        category: "mens-health",
        subcategory: "erectile-dysfunction",
        form: "Tablets",
        description: "Branded sildenafil.",
        dosage: ["50mg x 4 tablets", "100mg x 4 tablets"],
        active: true,
        legalCategory: "POM",
      },
    ]);
    expect(result.prices.map((price) => [price.pharmacyId, price.dosage, price.price])).toEqual([
      ["kestrel-lane-pharmacy", "50mg x 4 tablets", 29.99],
      ["kestrel-lane-pharmacy", "100mg x 4 tablets", 34.5],
    ]);
  });

  it("skips a sheet that is not an array", () => {
    const result = run({ Notes: "This workbook holds saved prices.", Other: { rows: [] }, Viagra: sheet() });
    expect(result.skipped.map((entry) => entry.sheet)).toEqual(["Notes", "Other"]);
    expect(result.medications.map((medication) => medication.name)).toEqual(["Viagra"]);
  });

  it("skips a sheet with fewer than 6 rows and accepts one with exactly 6", () => {
    const five = sheet().slice(0, 5);
    const six = sheet().slice(0, 6);
    const result = run({ Five: five, Six: six });
    expect(result.skipped).toEqual([{ sheet: "Five", reason: "not an array of at least 6 rows" }]);
    expect(result.medications.map((medication) => medication.name)).toEqual(["Six"]);
    expect(result.prices).toEqual([]);
  });

  it("finds the condition in row 4, else in row 5, and nowhere else", () => {
    const inRow5 = sheet({ 4: ["Last updated", "2025-08-30"], 5: ["condition", "  hair loss "] });
    const inRow3 = sheet({ 3: ["Condition", "Hair Loss"], 4: [], 5: [] });
    const unlabelled = sheet({ 4: ["Erectile Dysfunction"], 5: [] });
    const blank = sheet({ 4: ["Condition", "  "], 5: ["Condition", ""] });
    const result = run({ InRow5: inRow5, InRow3: inRow3, Unlabelled: unlabelled, Blank: blank });
    expect(result.medications.map((medication) => [medication.name, medication.subcategory])).toEqual([
      ["InRow5", "hair-loss"],
    ]);
    expect(result.skipped).toEqual([
      { sheet: "InRow3", reason: "no condition in row 4 or row 5" },
      { sheet: "Unlabelled", reason: "no condition in row 4 or row 5" },
      { sheet: "Blank", reason: "no condition in row 4 or row 5" },
    ]);
  });

  it("skips a sheet whose condition has no mapped category, and maps ids, names and aliases ignoring case", () => {
    const result = run({
      Unknown: sheet({ 4: ["Condition", "Insomnia"] }),
      ById: sheet({ 4: ["Condition", "weight-loss-medications"] }),
      ByAlias: sheet({ 4: ["Condition", "emergency contraception"] }),
    });
    expect(result.skipped).toEqual([
      { sheet: "Unknown", reason: 'condition "Insomnia" has no mapped category' },
    ]);
    expect(result.medications.map((medication) => [medication.category, medication.subcategory])).toEqual([
      ["weight-loss", "weight-loss-medications"],
      ["womens-health", "morning-after-pill"],
    ]);
  });

  it("refuses a JSON file that is not JSON or not an object of sheets", () => {
    expect(() => readWorkbookJson("{ nope")).toThrow(PriceSheetsFileError);
    expect(() => readWorkbookJson("[]")).toThrow(PriceSheetsFileError);
    expect(() => readWorkbookJson("null")).toThrow(PriceSheetsFileError);
    expect(readWorkbookJson('{"A": []}')).toEqual({ A: [] });
  });

  it("skips a second sheet for the same medication and a name without letters or digits", () => {
    const result = run({ Viagra: sheet(), " viagra ": sheet(), "!!!": sheet() });
    expect(result.medications.map((medication) => medication.id)).toEqual(["viagra"]);
    expect(result.skipped).toEqual([
      { sheet: " viagra ", reason: 'a second sheet for medication "viagra"' },
      { sheet: "!!!", reason: "the sheet's name has no letters or digits" },
    ]);
  });
});

describe("price sheets: dosage columns", () => {
  it("reads dosages from the third column of the header row and stops at a column headed link", () => {
    const header = ["Pharmacy", "Rating", "10mg", "", "20mg", " LINK ", "40mg", "notes"];
    const row = ["Fernquill Pharmacy", 4.8, 10, 99, 20, "https://fernquill.example", 40, "x"];
    const result = run({ Cialis: sheet({ 6: header, 7: row }) });
    expect(result.medications[0]?.dosage).toEqual(["10mg", "20mg"]);
    expect(result.skipped).toEqual([]);
    // The unheaded column's 99 is not a price of any dosage; nothing after "link" is read.
    expect(result.prices.map((price) => [price.dosage, price.price])).toEqual([
      ["10mg", 10],
      ["20mg", 20],
    ]);
  });
});

describe("price sheets: a dosage heading twice", () => {
  it("reads the first column and reports the second", () => {
    const header = ["Pharmacy", "Rating", "10mg", "10mg", "link"];
    const result = run({ Cialis: sheet({ 6: header, 7: ["Fernquill Pharmacy", 4.8, 10, 12] }) });
    expect(result.prices.map((price) => [price.dosage, price.price])).toEqual([["10mg", 10]]);
    expect(result.skipped).toEqual([
      { sheet: "Cialis", row: 6, column: 4, reason: 'dosage "10mg" heads an earlier column too' },
    ]);
  });
});

describe("price sheets: pharmacy rows", () => {
  it("skips rows with an empty name or fewer than 3 cells", () => {
    const result = run({
      Viagra: sheet({}, [
        ["", 4, 10, 11],
        ["   ", 4, 10, 11],
        ["Short Row", 4],
        ["Bramblewick Chemist", 4.4, 27.5],
        "not a row",
        ["", null, "  "],
        ["?!", 4, 10],
        ["kestrel lane  pharmacy", 4, 1],
      ]),
    });
    expect([...new Set(result.prices.map((price) => price.pharmacy.name))]).toEqual([
      "Kestrel Lane Pharmacy",
      "Bramblewick Chemist",
    ]);
    expect(result.skipped).toEqual([
      { sheet: "Viagra", row: 8, reason: "no pharmacy name" },
      { sheet: "Viagra", row: 9, reason: "no pharmacy name" },
      { sheet: "Viagra", row: 10, reason: "fewer than 3 cells" },
      { sheet: "Viagra", row: 12, reason: "not a row of cells" },
      { sheet: "Viagra", row: 13, reason: "an empty row" },
      { sheet: "Viagra", row: 14, reason: 'pharmacy name "?!" has no letters or digits' },
      { sheet: "Viagra", row: 15, reason: 'a second row for pharmacy "kestrel-lane-pharmacy"' },
    ]);
  });

  it("counts a price only when it is numeric and greater than 0", () => {
    const cells: unknown[] = [0, -3, "N/A", "", null, "£12.00", true, "12.5", " 8 ", 14.99, Number.NaN];
    expect(cells.map(readPrice)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      12.5,
      8,
      14.99,
      undefined,
    ]);
    const result = run({ Viagra: sheet({ 7: ["Harbourlight Meds", 4.2, 0, "31.00", "https://h.example"] }) });
    expect(result.prices.map((price) => [price.dosage, price.price])).toEqual([["100mg x 4 tablets", 31]]);
    // A blank cell means "not sold there"; a filled one that is no price is reported.
    expect(result.skipped).toEqual([{ sheet: "Viagra", row: 7, column: 3, reason: "not a price above 0" }]);
    const blank = run({ Viagra: sheet({ 7: ["Harbourlight Meds", 4.2, "", 31, "https://h.example"] }) });
    expect(blank.skipped).toEqual([]);
  });

  it("takes the last cell starting with http as the pharmacy's link, else the website is #", () => {
    expect(readLink(["A", 1, "https://first.example", 3, "http://last.example", "notes"])).toBe(
      "http://last.example",
    );
    expect(readLink(["A", 1, 2])).toBeUndefined();

    const result = run({
      Viagra: sheet({}, [["Bramblewick Chemist", 4.4, 27.5, 30, "see website"]]),
    });
    const pharmacies = new Map(result.prices.map((price) => [price.pharmacyId, price]));
    expect(pharmacies.get("kestrel-lane-pharmacy")?.pharmacy.website).toBe("https://kestrel.example/viagra");
    expect(pharmacies.get("kestrel-lane-pharmacy")?.link).toBe("https://kestrel.example/viagra");
    expect(pharmacies.get("bramblewick-chemist")?.pharmacy.website).toBe("#");
    expect(pharmacies.get("bramblewick-chemist")?.link).toBeNull();
  });

  it("reads a link only when it passes the price form's rule, reporting one that does not (decision 029)", () => {
    const long = `https://kestrel.example/${"a".repeat(600)}`;
    const result = run({
      Viagra: sheet({}, [
        ["Bramblewick Chemist", 4.4, 27.5, 30, "http://"],
        ["Harbourlight Meds", 4.2, 28, 31, long],
        ["Quillfield Pharmacy", 4.1, 26, 29, "https://quillfield.example/v"],
      ]),
    });
    const links = new Map(result.prices.map((price) => [price.pharmacyId, price.link]));
    expect(links.get("bramblewick-chemist")).toBeNull();
    expect(links.get("harbourlight-meds")).toBeNull();
    expect(links.get("quillfield-pharmacy")).toBe("https://quillfield.example/v");
    expect(result.skipped).toEqual([
      {
        sheet: "Viagra",
        row: 8,
        column: 5,
        reason:
          'link "http://" must be a web address starting with http:// or https://; the row\'s prices are read without it',
      },
      {
        sheet: "Viagra",
        row: 9,
        column: 5,
        reason: expect.stringMatching(
          /^link "https:\/\/kestrel\.example\/a+…" must be at most \d+ characters; the row's prices are read without it$/,
        ),
      },
    ]);
  });

  it("makes ids from the lowercased name, spaces as hyphens, other non-alphanumerics removed", () => {
    expect(sheetId("Kestrel Lane Pharmacy")).toBe("kestrel-lane-pharmacy");
    expect(sheetId("  St. Mary's Chemist (UK) ")).toBe("st-marys-chemist-uk");
    expect(sheetId("Boots & Co")).toBe("boots--co");
    expect(sheetId("Médi Pharma")).toBe("mdi-pharma");
  });

  it("applies the defaults and reads the rating from the second column", () => {
    const result = run({ Viagra: sheet({}, [["Bramblewick Chemist", "not rated", 27.5]]) });
    const [kestrel] = result.prices;
    expect(kestrel).toMatchObject({
      quantity: SHEET_DEFAULTS.quantity,
      inStock: SHEET_DEFAULTS.inStock,
      pharmacy: {
        rating: 4.7,
        deliveryTime: "1-3 days",
        prescriptionRequired: true,
      },
    });
    const bramblewick = result.prices.find((price) => price.pharmacyId === "bramblewick-chemist");
    expect(bramblewick?.pharmacy.rating).toBe(0);
  });

  it("dates prices by the sheet's Last updated row, else by the file", () => {
    const dated = run({ Viagra: sheet() });
    expect(dated.prices[0]?.lastUpdated).toBe("2025-08-30T00:00:00.000Z");
    const undated = run({ Viagra: sheet({ 5: [] }) });
    expect(undated.prices[0]?.lastUpdated).toBe(fileDate.toISOString());
  });

  it("shares one pharmacy across sheets and reads unknown forms as other", () => {
    const result = run({
      Viagra: sheet(),
      Cialis: sheet({ 1: ["Generic name", ""], 2: ["Form", "Pastilles"] }),
    });
    expect(result.medications[1]).toMatchObject({ id: "cialis", form: "other" });
    expect(result.medications[1]?.genericName).toBeUndefined();
    const pharmacies = new Set(result.prices.map((price) => price.pharmacy));
    expect(pharmacies.size).toBe(1);
  });
});
