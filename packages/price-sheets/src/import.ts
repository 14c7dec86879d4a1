import {
  INTRODUCTORY_TERMS,
  type IntroductoryTerms,
  type LegalCategoryId,
  type Medication,
  type Price,
  PriceLink,
  type PricePharmacy,
  readLegalCategory,
  UNKNOWN_LEGAL_CATEGORY,
} from "@pharmacompare/contract";
import { cellText, isBlank, readDate, readForm, readLink, readPrice, readRating, sheetId } from "./cells.ts";
import type { ConditionMapper } from "./conditions.ts";
import {
  CONDITION_ROWS,
  FIRST_DOSAGE_COLUMN,
  HEADER_ROW,
  INTRODUCTORY_PRICE_HEADING,
  INTRODUCTORY_TERMS_HEADING,
  LEGAL_CATEGORY_HEADING,
  LINK_HEADING,
  MIN_PHARMACY_CELLS,
  MIN_SHEET_ROWS,
  SHEET_DEFAULTS,
  sheetPriceId,
} from "./format.ts";

/** A workbook: sheet name → the sheet (an array of rows, each an array of cells, when usable). */
export type Workbook = Readonly<Record<string, unknown>>;

/**
 * Something the rules left out, and why. `row` and `column` count from 1 as a spreadsheet shows
 * them; a skip without `row` is the whole sheet, one without `column` the whole row.
 */
export interface Skip {
  sheet: string;
  row?: number;
  column?: number;
  reason: string;
}

export interface PriceSheetsImport {
  /** A sheet without a legal category gives its medication "POM", the safe reading (decision 035). */
  medications: Medication[];
  /** Medication id → the legal category its sheet states; a sheet that states none is not here. */
  statedLegalCategories: Map<string, LegalCategoryId>;
  pharmacies: PricePharmacy[];
  prices: Price[];
  skipped: Skip[];
  /** Price id → the sheet row (from 1) it was read from, to name the row in a later refusal. */
  rowOf: Map<string, number>;
}

export interface ImportOptions {
  /** The condition → subcategory rule (see conditionMapper). */
  mapCondition: ConditionMapper;
  /** The date of prices in a sheet without a "Last updated" row (e.g. the file's modification time). */
  defaultLastUpdated: Date;
}

const rowAt = (rows: readonly unknown[], index: number): unknown[] => {
  const row = rows[index];
  return Array.isArray(row) ? row : [];
};
const labelled = (row: readonly unknown[], label: string): boolean =>
  cellText(row[0]).toLowerCase() === label;

/** A dosage's introductory columns (decision 057): their indexes, when the sheet has them. */
interface IntroductoryColumns {
  price?: number;
  terms?: number;
}

/**
 * Column index → dosage: the header row's cells from the third column up to the one headed "link".
 * "Introductory price" and "Introductory terms" columns belong to the dosage column before them.
 */
function readDosageColumns(
  sheet: string,
  header: readonly unknown[],
  skipped: Skip[],
  introductory: Map<number, IntroductoryColumns>,
): Map<number, string> {
  const columns = new Map<number, string>();
  const seen = new Set<string>();
  let lastDosage: number | undefined;
  for (let index = FIRST_DOSAGE_COLUMN; index < header.length; index++) {
    const heading = cellText(header[index]);
    if (heading.toLowerCase() === LINK_HEADING) break;
    if (heading === "") continue; // a column without a dosage (e.g. a spacer), nothing to read
    const lower = heading.toLowerCase();
    if (
      lower === INTRODUCTORY_PRICE_HEADING.toLowerCase() ||
      lower === INTRODUCTORY_TERMS_HEADING.toLowerCase()
    ) {
      const which = lower === INTRODUCTORY_PRICE_HEADING.toLowerCase() ? "price" : "terms";
      const entry = lastDosage === undefined ? undefined : (introductory.get(lastDosage) ?? {});
      if (!entry || entry[which] !== undefined) {
        skipped.push({
          sheet,
          row: HEADER_ROW + 1,
          column: index + 1,
          reason: `"${heading}" must follow a dosage's column, once`,
        });
        continue;
      }
      entry[which] = index;
      introductory.set(lastDosage as number, entry);
      continue;
    }
    lastDosage = index;
    if (seen.has(heading)) {
      skipped.push({
        sheet,
        row: HEADER_ROW + 1,
        column: index + 1,
        reason: `dosage "${heading}" heads an earlier column too`,
      });
      continue;
    }
    seen.add(heading);
    columns.set(index, heading);
  }
  return columns;
}

/** "first-order", "First order", "first month"… as the contract's terms; undefined for anything else. */
function readTerms(cell: unknown): IntroductoryTerms | undefined {
  const value = cellText(cell).toLowerCase().replace(/\s+/g, "-");
  return INTRODUCTORY_TERMS.find((terms) => terms === value);
}

/**
 * A price's introductory fields from its dosage's optional columns: left out (undefined, the stored
 * ones kept) without the column, null for a blank cell (cleared), the value otherwise. A cell that
 * is neither is reported and read as left out.
 */
function readIntroductory(
  row: readonly unknown[],
  columns: IntroductoryColumns | undefined,
  report: (column: number, reason: string) => void,
): Pick<Price, "introductoryPrice" | "introductoryTerms"> {
  const read: Pick<Price, "introductoryPrice" | "introductoryTerms"> = {};
  if (columns?.price !== undefined) {
    const cell = row[columns.price];
    const value = isBlank(cell) ? null : readPrice(cell);
    if (value === undefined) report(columns.price, "not an introductory price above 0; left as it is");
    else read.introductoryPrice = value;
  }
  if (columns?.terms !== undefined) {
    const cell = row[columns.terms];
    const value = isBlank(cell) ? null : readTerms(cell);
    if (value === undefined)
      report(columns.terms, "introductory terms must be first-order or first-month; left as they are");
    else read.introductoryTerms = value;
  }
  return read;
}

/**
 * The row's link (public site §5: its last cell starting with http) when it passes the admin price form's rule
 * (`PriceLink`: http or https with a host, at most the catalogue's URL length, decision 029); one
 * that does not is reported and the row's prices are read without a link.
 */
function checkedLink(sheet: string, rowNumber: number, row: readonly unknown[], skipped: Skip[]) {
  const link = readLink(row);
  if (link === undefined) return undefined;
  const checked = PriceLink.safeParse(link);
  if (checked.success && checked.data !== null) return checked.data;
  const shown = link.length > 80 ? `${link.slice(0, 80)}…` : link;
  const column = row.findLastIndex((cell) => cellText(cell) === link) + 1;
  skipped.push({
    sheet,
    row: rowNumber,
    ...(column > 0 ? { column } : {}),
    reason: `link "${shown}" ${checked.error?.issues[0]?.message ?? "is not a web address"}; the row's prices are read without it`,
  });
  return undefined;
}

/**
 * The legal category a sheet states (decision 035): the cell right of one headed "Legal category"
 * in rows 1-5. Blank or absent: undefined. Anything but POM, P or GSL is reported and read as absent.
 */
function readStatedLegalCategory(
  sheet: string,
  rows: readonly unknown[],
  skipped: Skip[],
): LegalCategoryId | undefined {
  for (let index = 0; index < HEADER_ROW; index++) {
    const row = rowAt(rows, index);
    const column = row.findIndex(
      (cell) => cellText(cell).toLowerCase() === LEGAL_CATEGORY_HEADING.toLowerCase(),
    );
    if (column === -1) continue;
    const cell = row[column + 1];
    if (isBlank(cell)) return undefined;
    const category = readLegalCategory(cell);
    if (category === undefined) {
      const written = cellText(cell) || String(cell);
      const shown = written.length > 40 ? `${written.slice(0, 40)}…` : written;
      skipped.push({
        sheet,
        row: index + 1,
        column: column + 2,
        reason: `legal category "${shown}" is not POM, P or GSL; read as not given`,
      });
    }
    return category;
  }
  return undefined;
}

/** Why a row after the header is no pharmacy's row (public site §5), or undefined when it is one. */
function pharmacyRowProblem(row: unknown, seen: ReadonlySet<string>): string | undefined {
  if (!Array.isArray(row)) return "not a row of cells";
  if (row.every(isBlank)) return "an empty row";
  if (row.length < MIN_PHARMACY_CELLS) return `fewer than ${MIN_PHARMACY_CELLS} cells`;
  const name = cellText(row[0]);
  if (name === "") return "no pharmacy name";
  const id = sheetId(name);
  if (id === "") return `pharmacy name "${name}" has no letters or digits`;
  if (seen.has(id)) return `a second row for pharmacy "${id}"`;
  return undefined;
}

/**
 * The public site §5 rules over a whole workbook: one medication per usable sheet (its name is the sheet's),
 * its pharmacies and their prices above 0. Pure: never throws on any sheet content, and every
 * sheet, row or cell it leaves out is in `skipped` with the reason.
 */
export function importPriceSheets(workbook: Workbook, options: ImportOptions): PriceSheetsImport {
  const medications: Medication[] = [];
  const statedLegalCategories = new Map<string, LegalCategoryId>();
  const prices: Price[] = [];
  const pharmacies = new Map<string, PricePharmacy>();
  const skipped: Skip[] = [];
  const rowOf = new Map<string, number>();
  const defaultLastUpdated = options.defaultLastUpdated.toISOString();

  for (const [sheet, rows] of Object.entries(workbook)) {
    const name = sheet.trim();
    if (!Array.isArray(rows) || rows.length < MIN_SHEET_ROWS) {
      skipped.push({ sheet, reason: `not an array of at least ${MIN_SHEET_ROWS} rows` });
      continue;
    }
    const conditionRow = CONDITION_ROWS.map((index) => rowAt(rows, index)).find(
      (row) => labelled(row, "condition") && cellText(row[1]) !== "",
    );
    if (!conditionRow) {
      skipped.push({ sheet, reason: "no condition in row 4 or row 5" });
      continue;
    }
    const condition = cellText(conditionRow[1]);
    const subcategory = options.mapCondition(condition);
    if (!subcategory) {
      skipped.push({ sheet, reason: `condition "${condition}" has no mapped category` });
      continue;
    }
    const medicationId = sheetId(name);
    if (medicationId === "") {
      skipped.push({ sheet, reason: "the sheet's name has no letters or digits" });
      continue;
    }
    if (medications.some((medication) => medication.id === medicationId)) {
      skipped.push({ sheet, reason: `a second sheet for medication "${medicationId}"` });
      continue;
    }

    const dateRow = CONDITION_ROWS.map((index) => rowAt(rows, index)).find((row) =>
      labelled(row, "last updated"),
    );
    const lastUpdated = (dateRow && readDate(dateRow[1])) ?? defaultLastUpdated;
    const introductoryColumns = new Map<number, IntroductoryColumns>();
    const columns = readDosageColumns(sheet, rowAt(rows, HEADER_ROW), skipped, introductoryColumns);
    const genericName = cellText(rowAt(rows, 0)[1]);
    const legalCategory = readStatedLegalCategory(sheet, rows, skipped);
    if (legalCategory !== undefined) statedLegalCategories.set(medicationId, legalCategory);

    medications.push({
      id: medicationId,
      _id: medicationId,
      name,
      ...(genericName ? { genericName } : {}),
      category: subcategory.categoryId,
      subcategory: subcategory.id,
      form: readForm(rowAt(rows, 1)[1]),
      description: cellText(rowAt(rows, 2)[1]),
      dosage: [...columns.values()],
      active: true,
      legalCategory: legalCategory ?? UNKNOWN_LEGAL_CATEGORY,
    });

    const seenPharmacies = new Set<string>();
    for (const [offset, row] of rows.slice(HEADER_ROW + 1).entries()) {
      const rowNumber = HEADER_ROW + 2 + offset;
      const problem = pharmacyRowProblem(row, seenPharmacies);
      if (problem !== undefined) {
        skipped.push({ sheet, row: rowNumber, reason: problem });
        continue;
      }
      const pharmacyName = cellText(row[0]);
      const pharmacyId = sheetId(pharmacyName);
      seenPharmacies.add(pharmacyId);

      const link = checkedLink(sheet, rowNumber, row, skipped);
      const pharmacy = pharmacies.get(pharmacyId) ?? {
        id: pharmacyId,
        name: pharmacyName,
        website: link ?? SHEET_DEFAULTS.website,
        rating: readRating(row[1]),
        deliveryTime: SHEET_DEFAULTS.deliveryTime,
        prescriptionRequired: SHEET_DEFAULTS.prescriptionRequired,
      };
      pharmacies.set(pharmacyId, pharmacy);

      for (const [column, dosage] of columns) {
        const cell = row[column];
        const price = readPrice(cell);
        if (price === undefined) {
          // A blank cell is "not sold there"; anything else in it was meant as a price.
          if (!isBlank(cell)) {
            skipped.push({ sheet, row: rowNumber, column: column + 1, reason: "not a price above 0" });
          }
          continue;
        }
        const id = sheetPriceId(medicationId, pharmacyId, dosage);
        rowOf.set(id, rowNumber);
        prices.push({
          _id: id,
          medicationId,
          pharmacyId,
          pharmacy,
          dosage,
          price,
          ...readIntroductory(row, introductoryColumns.get(column), (at, reason) =>
            skipped.push({ sheet, row: rowNumber, column: at + 1, reason }),
          ),
          quantity: SHEET_DEFAULTS.quantity,
          inStock: SHEET_DEFAULTS.inStock,
          link: link ?? null,
          lastUpdated,
        });
      }
    }
  }

  return { medications, statedLegalCategories, pharmacies: [...pharmacies.values()], prices, skipped, rowOf };
}
