import { MEDICATION_FORMS, type Medication } from "@pharmacompare/contract";

/**
 * One cell of a price sheet as the rules read it (public site §5, §9). Every reader takes what a
 * JSON workbook, a parsed .xlsx or a CSV can hold (string, number, anything else) and never throws.
 */

/**
 * The public site §5 id of a pharmacy (and of a medication new to the catalogue): its lowercased name with
 * spaces turned into hyphens and every other non-alphanumeric character removed.
 * "Kestrel Lane Pharmacy" → "kestrel-lane-pharmacy", "Dr. Fox's" → "dr-foxs".
 */
export function sheetId(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "");
}

/** A cell's price when it is numeric (a number, or text of only a decimal number) and above 0. */
export function readPrice(cell: unknown): number | undefined {
  let value: number | undefined;
  if (typeof cell === "number") value = cell;
  else if (typeof cell === "string" && /^\s*\d+(?:\.\d+)?\s*$/.test(cell)) value = Number(cell);
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The last cell of a row that starts with "http", else undefined. */
export function readLink(cells: readonly unknown[]): string | undefined {
  for (let index = cells.length - 1; index >= 0; index--) {
    const cell = cells[index];
    if (typeof cell === "string" && cell.trim().startsWith("http")) return cell.trim();
  }
  return undefined;
}

/** A cell's text, trimmed; "" for anything that is not text. */
export const cellText = (cell: unknown): string => (typeof cell === "string" ? cell.trim() : "");

/** Whether a cell holds anything at all (not blank text, null or undefined). */
export const isBlank = (cell: unknown): boolean =>
  cell === undefined || cell === null || (typeof cell === "string" && cell.trim() === "");

/** The second column: a rating from 0 to 5; anything else reads as 0, "not rated". */
export function readRating(cell: unknown): number {
  const value = typeof cell === "string" ? Number(cell.trim() || Number.NaN) : cell;
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 5 ? value : 0;
}

/** A "Last updated" cell: an ISO date or date-time, else undefined. */
export function readDate(cell: unknown): string | undefined {
  const value = cellText(cell);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A "Form" cell: one of the contract's forms in any case, anything else "other". */
export function readForm(cell: unknown): Medication["form"] {
  const value = cellText(cell).toLowerCase();
  return MEDICATION_FORMS.find((form) => form.toLowerCase() === value) ?? "other";
}
