import { MEDICATION_FORMS, type Medication, type Price, type PricePharmacy } from "@pharmacompare/contract";
import { type CatalogueSnapshot, snapshotPriceId } from "./snapshot.ts";
import { fallbackCategories, mapCondition } from "./taxonomy.ts";

/**
 * Import of the static medications file (public/data/medications.json), the second link of the
 * start-up chain (public site §4, §5 "Static-data import").
 *
 * The file is a workbook exported as JSON: an object whose keys are sheet names and whose values
 * are sheets. Each sheet is one medication (the sheet name is its name) and is an array of rows;
 * each row is an array of cells (strings or numbers). Rows are numbered from 1:
 *
 *   row 1  ["Generic name", "Sildenafil"]                     ("" when there is none)
 *   row 2  ["Form", "Tablets"]                                (anything unknown becomes "other")
 *   row 3  ["Description", "…"]
 *   row 4  ["Condition", "Erectile Dysfunction"]              the condition: row 4, else row 5
 *   row 5  ["Last updated", "2025-09-01"]                     optional; the other of rows 4 and 5
 *   row 6  ["Pharmacy", "Rating", "50mg x 4 tablets", …, "link"]   the header row
 *   row 7+ ["Kestrel Lane Pharmacy", 4.7, 29.99, …, "https://…"]   one row per pharmacy
 *
 * Rules (public site §5, §9):
 * - a sheet is skipped if it is not an array of at least 6 rows, if neither row 4 nor row 5 is a
 *   "Condition" row with a name, or if that condition maps to no category (see taxonomy.ts);
 * - dosage columns are the header row's cells from the third column on, stopping at a cell headed
 *   "link" (any case); an empty header cell is a column without a dosage;
 * - a pharmacy row is skipped if its first cell (the name) is empty or it has fewer than 3 cells;
 * - a price counts only if it is numeric (a number, or text holding only a decimal number) and
 *   greater than 0;
 * - the last cell of a pharmacy row that starts with "http" is the pharmacy's link;
 * - a pharmacy's id is its lowercased name with spaces turned into hyphens and every other
 *   non-alphanumeric character removed;
 * - defaults: delivery time "1-3 days", prescription required, quantity 1, in stock, website "#"
 *   when the row has no link. The second column is the pharmacy's rating (0 to 5; anything else
 *   reads as 0, "not rated"). Prices are dated by the sheet's "Last updated" row, else by the
 *   caller's default (the file's modification time).
 */

export const STATIC_IMPORT_DEFAULTS = {
  deliveryTime: "1-3 days",
  prescriptionRequired: true,
  quantity: 1,
  inStock: true,
  website: "#",
} as const;

export const MIN_SHEET_ROWS = 6;
const CONDITION_ROWS = [3, 4] as const;
const HEADER_ROW = 5;
const FIRST_DOSAGE_COLUMN = 2;
const MIN_PHARMACY_CELLS = 3;

export interface SkippedSheet {
  sheet: string;
  reason: string;
}

export interface StaticImportResult extends CatalogueSnapshot {
  skipped: SkippedSheet[];
}

/** Thrown when the file as a whole is unusable (not JSON, not a workbook object). */
export class StaticFileError extends Error {
  override name = "StaticFileError";
}

/** "Kestrel Lane Pharmacy" → "kestrel-lane-pharmacy"; used for medication ids too. */
export function staticId(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "");
}

/** A cell's price when it is numeric and above 0, else undefined. */
export function readPrice(cell: unknown): number | undefined {
  let value: number | undefined;
  if (typeof cell === "number") value = cell;
  else if (typeof cell === "string" && /^\s*\d+(?:\.\d+)?\s*$/.test(cell)) value = Number(cell);
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The last cell starting with "http", else undefined. */
export function readLink(cells: readonly unknown[]): string | undefined {
  for (let index = cells.length - 1; index >= 0; index--) {
    const cell = cells[index];
    if (typeof cell === "string" && cell.trim().startsWith("http")) return cell.trim();
  }
  return undefined;
}

const text = (cell: unknown): string => (typeof cell === "string" ? cell.trim() : "");
const rowAt = (rows: readonly unknown[], index: number): unknown[] => {
  const row = rows[index];
  return Array.isArray(row) ? row : [];
};
const labelled = (row: unknown[], label: string): boolean => text(row[0]).toLowerCase() === label;

function readRating(cell: unknown): number {
  const value = typeof cell === "string" ? Number(cell.trim() || Number.NaN) : cell;
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 5 ? value : 0;
}

function readDate(cell: unknown): string | undefined {
  const value = text(cell);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function readForm(cell: unknown): Medication["form"] {
  const value = text(cell);
  return MEDICATION_FORMS.find((form) => form.toLowerCase() === value.toLowerCase()) ?? "other";
}

/** Column index → dosage, for the header row's cells from the third column up to "link". */
function readDosageColumns(header: unknown[]): Map<number, string> {
  const columns = new Map<number, string>();
  for (let index = FIRST_DOSAGE_COLUMN; index < header.length; index++) {
    const heading = text(header[index]);
    if (heading.toLowerCase() === "link") break;
    if (heading !== "" && ![...columns.values()].includes(heading)) columns.set(index, heading);
  }
  return columns;
}

/**
 * Parses the workbook's text into a catalogue. Sheets that break a rule are skipped and listed
 * with the reason; a file that is not a JSON object throws {@link StaticFileError}.
 */
export function importStaticMedications(
  source: string,
  options: { defaultLastUpdated: Date },
): StaticImportResult {
  let workbook: unknown;
  try {
    workbook = JSON.parse(source);
  } catch {
    throw new StaticFileError("the static medications file is not valid JSON");
  }
  if (workbook === null || typeof workbook !== "object" || Array.isArray(workbook)) {
    throw new StaticFileError("the static medications file is not an object of sheets");
  }

  const medications: Medication[] = [];
  const prices: Price[] = [];
  const pharmacies = new Map<string, PricePharmacy>();
  const skipped: SkippedSheet[] = [];
  const defaultLastUpdated = options.defaultLastUpdated.toISOString();

  for (const [sheet, rows] of Object.entries(workbook)) {
    const name = sheet.trim();
    if (!Array.isArray(rows) || rows.length < MIN_SHEET_ROWS) {
      skipped.push({ sheet, reason: `not an array of at least ${MIN_SHEET_ROWS} rows` });
      continue;
    }
    const conditionRow = CONDITION_ROWS.map((index) => rowAt(rows, index)).find(
      (row) => labelled(row, "condition") && text(row[1]) !== "",
    );
    if (!conditionRow) {
      skipped.push({ sheet, reason: "no condition in row 4 or row 5" });
      continue;
    }
    const subcategory = mapCondition(text(conditionRow[1]));
    if (!subcategory) {
      skipped.push({ sheet, reason: `condition "${text(conditionRow[1])}" has no mapped category` });
      continue;
    }
    const medicationId = staticId(name);
    if (medicationId === "" || medications.some((medication) => medication.id === medicationId)) {
      skipped.push({ sheet, reason: "no usable medication name, or a second sheet for the same medication" });
      continue;
    }

    const dateRow = CONDITION_ROWS.map((index) => rowAt(rows, index)).find((row) =>
      labelled(row, "last updated"),
    );
    const lastUpdated = (dateRow && readDate(dateRow[1])) ?? defaultLastUpdated;
    const columns = readDosageColumns(rowAt(rows, HEADER_ROW));
    const genericName = text(rowAt(rows, 0)[1]);

    medications.push({
      id: medicationId,
      _id: medicationId,
      name,
      ...(genericName ? { genericName } : {}),
      category: subcategory.categoryId,
      subcategory: subcategory.id,
      form: readForm(rowAt(rows, 1)[1]),
      description: text(rowAt(rows, 2)[1]),
      dosage: [...columns.values()],
      active: true,
    });

    const seenPharmacies = new Set<string>();
    for (const row of rows.slice(HEADER_ROW + 1)) {
      if (!Array.isArray(row) || row.length < MIN_PHARMACY_CELLS) continue;
      const pharmacyName = text(row[0]);
      const pharmacyId = staticId(pharmacyName);
      if (pharmacyName === "" || pharmacyId === "" || seenPharmacies.has(pharmacyId)) continue;
      seenPharmacies.add(pharmacyId);

      const link = readLink(row);
      const pharmacy = pharmacies.get(pharmacyId) ?? {
        id: pharmacyId,
        name: pharmacyName,
        website: link ?? STATIC_IMPORT_DEFAULTS.website,
        rating: readRating(row[1]),
        deliveryTime: STATIC_IMPORT_DEFAULTS.deliveryTime,
        prescriptionRequired: STATIC_IMPORT_DEFAULTS.prescriptionRequired,
      };
      pharmacies.set(pharmacyId, pharmacy);

      for (const [column, dosage] of columns) {
        const price = readPrice(row[column]);
        if (price === undefined) continue;
        prices.push({
          _id: snapshotPriceId(medicationId, pharmacyId, dosage),
          medicationId,
          pharmacyId,
          pharmacy,
          dosage,
          price,
          quantity: STATIC_IMPORT_DEFAULTS.quantity,
          inStock: STATIC_IMPORT_DEFAULTS.inStock,
          link: link ?? null,
          lastUpdated,
        });
      }
    }
  }

  return { categories: fallbackCategories, medications, prices, skipped };
}
