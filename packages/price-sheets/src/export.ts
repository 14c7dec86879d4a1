import type { Medication, Price } from "@pharmacompare/contract";
import { sheetId } from "./cells.ts";
import {
  INTRODUCTORY_PRICE_HEADING,
  INTRODUCTORY_TERMS_HEADING,
  LEGAL_CATEGORY_HEADING,
  LINK_HEADING,
} from "./format.ts";
import type { Workbook } from "./import.ts";

export type Cell = string | number;
export type SheetRows = Cell[][];

export interface ExportInput {
  medications: readonly Medication[];
  /** Prices of those medications; a price of any other medication is ignored. */
  prices: readonly Price[];
  /** The "Condition" a medication's sheet names: its subcategory's name, so the importer maps it back. */
  conditionOf: (medication: Medication) => string;
  /** Kept first in the workbook (e.g. an "About this file" note); a text is not a sheet, so import skips it. */
  preface?: Readonly<Record<string, string>>;
}

/** A medication or price the format cannot carry, and why (the writer never drops one silently). */
export interface Omission {
  medicationId: string;
  pharmacyId?: string;
  dosage?: string;
  reason: string;
}

export interface PriceSheetsExport {
  workbook: Record<string, SheetRows | string>;
  omitted: Omission[];
}

const byName = (a: string, b: string) => a.localeCompare(b, "en-GB");

/**
 * Writes prices in the sheet format so that importPriceSheets reads the same prices back: one
 * sheet per medication, one row per pharmacy, one column per dosage. What the format cannot say is
 * left out and listed in `omitted`: out-of-stock prices (an imported price is in stock), a dosage
 * named "link" or blank, a name whose public site §5 id is empty or taken, and a medication without prices
 * keeps its sheet. A pharmacy's link is the link of its first price that has one.
 */
export function exportPriceSheets(input: ExportInput): PriceSheetsExport {
  const workbook: Record<string, SheetRows | string> = { ...input.preface };
  const omitted: Omission[] = [];
  const medicationIds = new Set<string>();

  for (const medication of [...input.medications].sort((a, b) => byName(a.name.trim(), b.name.trim()))) {
    const sheetName = medication.name.trim();
    const id = sheetId(sheetName);
    if (id === "" || medicationIds.has(id) || sheetName in workbook) {
      omitted.push({
        medicationId: medication.id,
        reason: "its name gives an empty or already used sheet id",
      });
      continue;
    }
    medicationIds.add(id);

    const own = input.prices.filter((price) => price.medicationId === medication.id);
    const dosages: string[] = [];
    for (const dosage of [...medication.dosage, ...own.map((price) => price.dosage)]) {
      if (dosages.includes(dosage)) continue;
      if (dosage.trim() === "" || dosage.trim() !== dosage || dosage.toLowerCase() === LINK_HEADING) {
        omitted.push({ medicationId: medication.id, dosage, reason: "a dosage the header row cannot hold" });
        continue;
      }
      dosages.push(dosage);
    }

    // A dosage with some introductory price gets its two columns (decision 057); others do not, so
    // a medication without any exports as before.
    const introductory = dosages.map((dosage) =>
      own.some((price) => price.dosage === dosage && price.inStock && price.introductoryPrice != null),
    );
    const rowsByPharmacy = new Map<
      string,
      { name: string; rating: number; link: string; cells: Cell[]; intro: [Cell, Cell][] }
    >();
    const pharmacyIds = new Map<string, string>(); // sheet id → pharmacy id, to refuse clashes
    let lastUpdated = "";
    for (const price of own) {
      const omit = (reason: string) =>
        omitted.push({
          medicationId: medication.id,
          pharmacyId: price.pharmacyId,
          dosage: price.dosage,
          reason,
        });
      const column = dosages.indexOf(price.dosage);
      if (column === -1) continue; // its dosage is already listed as omitted
      if (!price.inStock) {
        omit("out of stock (an imported price is in stock)");
        continue;
      }
      const pharmacyName = price.pharmacy.name.trim();
      const pharmacyKey = sheetId(pharmacyName);
      const holder = pharmacyIds.get(pharmacyKey);
      if (pharmacyKey === "" || (holder !== undefined && holder !== price.pharmacyId)) {
        omit("the pharmacy's name gives an empty or already used id");
        continue;
      }
      pharmacyIds.set(pharmacyKey, price.pharmacyId);
      let row = rowsByPharmacy.get(price.pharmacyId);
      if (!row) {
        row = {
          name: pharmacyName,
          rating: price.pharmacy.rating,
          link: "",
          cells: dosages.map(() => ""),
          intro: dosages.map((): [Cell, Cell] => ["", ""]),
        };
        rowsByPharmacy.set(price.pharmacyId, row);
      }
      row.cells[column] = price.price;
      if (price.introductoryPrice != null && price.introductoryTerms != null) {
        row.intro[column] = [price.introductoryPrice, price.introductoryTerms];
      }
      if (row.link === "" && price.link?.startsWith("http")) row.link = price.link;
      if (price.lastUpdated > lastUpdated) lastUpdated = price.lastUpdated;
    }

    const pharmacyRows = [...rowsByPharmacy.values()]
      .sort((a, b) => byName(a.name, b.name))
      .map((row): Cell[] => [
        row.name,
        row.rating,
        ...row.cells.flatMap((cell, index) =>
          introductory[index] ? [cell, ...(row.intro[index] ?? [])] : [cell],
        ),
        row.link,
      ]);
    workbook[sheetName] = [
      ["Generic name", medication.genericName ?? ""],
      ["Form", medication.form, LEGAL_CATEGORY_HEADING, medication.legalCategory],
      ["Description", medication.description],
      ["Condition", input.conditionOf(medication)],
      ["Last updated", lastUpdated],
      [
        "Pharmacy",
        "Rating",
        ...dosages.flatMap((dosage, index) =>
          introductory[index] ? [dosage, INTRODUCTORY_PRICE_HEADING, INTRODUCTORY_TERMS_HEADING] : [dosage],
        ),
        LINK_HEADING,
      ],
      ...pharmacyRows,
    ];
  }
  return { workbook, omitted };
}

/**
 * The workbook as the JSON text the web's fallback file holds: one row per line, so a change of
 * prices is a readable diff.
 */
export function workbookJson(workbook: Workbook): string {
  const sheets = Object.entries(workbook).map(([name, sheet]) => {
    const value = Array.isArray(sheet)
      ? `[\n${sheet.map((row) => `  ${JSON.stringify(row)}`).join(",\n")}\n ]`
      : JSON.stringify(sheet);
    return ` ${JSON.stringify(name)}: ${value}`;
  });
  return `{\n${sheets.join(",\n")}\n}\n`;
}
