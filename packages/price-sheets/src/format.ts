/**
 * The price-sheet format (public site §5, §9). A workbook is an object of sheets; each sheet is
 * one medication (the sheet's name is its name) and an array of rows of cells. Rows count from 1:
 *
 *   row 1  ["Generic name", "Sildenafil"]                         ("" when there is none)
 *   row 2  ["Form", "Tablets", "Legal category", "POM"]           (anything unknown reads "other")
 *   row 3  ["Description", "…"]
 *   row 4  ["Condition", "Erectile Dysfunction"]                  the condition: row 4, else row 5
 *   row 5  ["Last updated", "2025-09-01"]                         optional; the other of rows 4, 5
 *   row 6  ["Pharmacy", "Rating", "50mg x 4 tablets", …, "link"]  the header row
 *   row 7+ ["Kestrel Lane Pharmacy", 4.7, 29.99, …, "https://…"]  one row per pharmacy
 *
 * A dosage's column may be followed by "Introductory price" and "Introductory terms" columns
 * (decision 057), which are that dosage's and ours, not public site §5's.
 *
 * "Legal category" (decision 035) is optional and ours, not public site §5's: a cell of rows 1-5 headed so,
 * its value in the cell to its right (POM, P or GSL in any case). The export writes it on row 2,
 * after the form, where a reader of the public site §5 rows alone never looks.
 */

/** Public site §9: what a sheet does not say about a pharmacy or a price. */
export const SHEET_DEFAULTS = {
  deliveryTime: "1-3 days",
  prescriptionRequired: true,
  quantity: 1,
  inStock: true,
  website: "#",
} as const;

export const MIN_SHEET_ROWS = 6;
/** Zero-based: rows 4 and 5. */
export const CONDITION_ROWS = [3, 4] as const;
/** Zero-based: row 6. */
export const HEADER_ROW = 5;
/** Zero-based: the third column. */
export const FIRST_DOSAGE_COLUMN = 2;
export const MIN_PHARMACY_CELLS = 3;
export const LINK_HEADING = "link";
export const LEGAL_CATEGORY_HEADING = "Legal category";
/**
 * Optional columns right after a dosage's column (decision 057): that dosage's introductory price
 * and its terms ("first-order" or "first-month"). A blank cell clears the row's introductory
 * price; a sheet without the columns leaves stored ones as they are.
 */
export const INTRODUCTORY_PRICE_HEADING = "Introductory price";
export const INTRODUCTORY_TERMS_HEADING = "Introductory terms";

/** The API's id of a price row, so a sheet's prices key the same as the live ones. */
export function sheetPriceId(medicationId: string, pharmacyId: string, dosage: string): string {
  return `${medicationId}/${pharmacyId}/${dosage}`;
}
