/**
 * Why an uploaded price file was not read. Plain data (no Fastify, no class the structured clone
 * would strip), so the reader can run in a worker thread and the API turn it into a 4xx `{ error }`.
 */
export interface SheetRefusal {
  status: 400 | 413 | 415;
  message: string;
  /** The request field at fault, when it is one field (the empty file: `content`). */
  field?: string;
}

/** Thrown inside the reader; the worker posts its refusal back. */
export class SheetRefused extends Error {
  override name = "SheetRefused";
  readonly refusal: SheetRefusal;
  constructor(refusal: SheetRefusal) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

export const refused = (status: SheetRefusal["status"], message: string, field?: string) =>
  new SheetRefused(field === undefined ? { status, message } : { status, message, field });

/** Limits the reader enforces: the contract's PRICE_SHEET_LIMITS and its wording, passed in as data. */
export interface ReadLimits {
  maxBytes: number;
  maxRows: number;
  maxCellChars: number;
  maxUnzippedBytes: number;
  maxPartBytes: number;
  maxZipEntries: number;
  maxSheets: number;
  maxColumns: number;
  maxSharedStrings: number;
  maxCsvLineChars: number;
  /** "Please choose an .xlsx workbook or a .csv file" */
  wrongType: string;
  /** "The file is larger than 10 MB" */
  tooLarge: string;
}

export const thousands = (value: number) => value.toLocaleString("en-GB");

/** Spreadsheet column letters for a 1-based column: 1 → A, 28 → AB. */
export function columnLetters(column: number): string {
  let letters = "";
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

export const notA = (kind: string, limits: ReadLimits) =>
  refused(415, `The file's content is not ${kind}. ${limits.wrongType}`);
export const tooManyRows = (limits: ReadLimits) =>
  refused(
    413,
    `The file has more than ${thousands(limits.maxRows)} rows; please split it into smaller files`,
  );
export const cellTooLong = (where: string, limits: ReadLimits) =>
  refused(
    400,
    `${where} holds more than ${thousands(limits.maxCellChars)} characters; a price sheet's cells are short`,
  );
export const formulaCell = (where: string) =>
  refused(400, `${where} holds a formula; please paste values only (formulas are not accepted)`);
export const unpacksTooLarge = () =>
  refused(413, "The file is too large once unpacked (a zip bomb?); it was not read");
