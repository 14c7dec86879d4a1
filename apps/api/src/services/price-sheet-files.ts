import { Readable } from "node:stream";
import { inflateRawSync } from "node:zlib";
import { PRICE_SHEET_LIMITS, priceSheetMessages } from "@pharmacompare/contract";
import type { SheetRows, Workbook } from "@pharmacompare/price-sheets";
import { parse } from "csv-parse";
import ExcelJS from "exceljs";
import { badRequest, refuse } from "../plugins/refusal.ts";

/**
 * Reading an uploaded price file (decision 017) into the workbook shape the §5 importer takes,
 * refusing hostile files before they cost memory: the type is judged by content (a zip holding a
 * workbook, or UTF-8 text), a workbook's parts are inflated under a budget before exceljs sees
 * them (zip bombs), formula cells are refused, and rows and cell lengths are bounded.
 */

const { maxBytes, maxRows, maxCellChars, maxUnzippedBytes } = PRICE_SHEET_LIMITS;
/** Row 1's third cell when the fourth holds the medication's whole name (a sheet tab has 31 characters). */
const FULL_NAME_LABEL = "Medication";
const thousands = (value: number) => value.toLocaleString("en-GB");

const tooManyRows = () =>
  refuse(413, `The file has more than ${thousands(maxRows)} rows; please split it into smaller files`);
const cellTooLong = (where: string) =>
  badRequest(
    `${where} holds more than ${thousands(maxCellChars)} characters; a price sheet's cells are short`,
  );
const formulaCell = (where: string) =>
  badRequest(`${where} holds a formula; please paste values only (formulas are not accepted)`);
const notA = (kind: string) =>
  refuse(415, `The file's content is not ${kind}. ${priceSheetMessages.wrongType}`);

/** Spreadsheet column letters for a 1-based column: 1 → A, 28 → AB. */
function columnLetters(column: number): string {
  let letters = "";
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Walks the zip's central directory and inflates every part under one budget, so a workbook that
 * unpacks to more than maxUnzippedBytes is refused whatever sizes its headers claim.
 */
function checkZip(bytes: Buffer): void {
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= searchFrom; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notA("an .xlsx workbook");
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let budget = maxUnzippedBytes;
  const names = new Set<string>();
  const bomb = () =>
    refuse(413, "The workbook unpacks to far more than its size (a zip bomb?); it was not read");
  for (let index = 0; index < entries; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw notA("an .xlsx workbook");
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    names.add(bytes.toString("utf8", at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (compressed === 0xffffffff || local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) {
      throw notA("an .xlsx workbook");
    }
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + compressed);
    let size: number;
    if (method === 0) size = data.length;
    else if (method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
          throw bomb();
        }
        throw notA("an .xlsx workbook");
      }
    } else throw notA("an .xlsx workbook");
    budget -= size;
    if (budget < 0) throw bomb();
  }
  if (!names.has("[Content_Types].xml") || !names.has("xl/workbook.xml")) throw notA("an .xlsx workbook");
}

/** One exceljs cell as the importer reads cells; refuses formulas and long text. */
function workbookCell(cell: ExcelJS.Cell, where: () => string): string | number | boolean {
  if (
    cell.type === ExcelJS.ValueType.Formula ||
    cell.formula ||
    (cell as { sharedFormula?: string }).sharedFormula
  ) {
    throw formulaCell(where());
  }
  const value = cell.value;
  let result: string | number | boolean;
  if (value === null || value === undefined) result = "";
  else if (typeof value === "number" || typeof value === "boolean") result = value;
  else if (typeof value === "string") result = value;
  else if (value instanceof Date) result = value.toISOString();
  else if (typeof value === "object" && "richText" in value)
    result = value.richText.map((part) => part.text).join("");
  else if (typeof value === "object" && "hyperlink" in value) {
    result = value.hyperlink.startsWith("http") ? value.hyperlink : String(value.text ?? "");
  } else if (typeof value === "object" && "error" in value) result = String(value.error);
  else result = "";
  if (typeof result === "string" && result.length > maxCellChars) throw cellTooLong(where());
  return result;
}

async function readXlsx(bytes: Buffer): Promise<Workbook> {
  checkZip(bytes);
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw notA("a readable .xlsx workbook");
  }
  const total = book.worksheets.reduce((sum, sheet) => sum + sheet.rowCount, 0);
  if (total > maxRows) throw tooManyRows();
  const workbook: Record<string, SheetRows> = {};
  for (const sheet of book.worksheets) {
    const rows: SheetRows = [];
    for (let number = 1; number <= sheet.rowCount; number++) {
      const row = sheet.getRow(number);
      const cells: (string | number)[] = [];
      for (let column = 1; column <= row.cellCount; column++) {
        const cell = row.getCell(column);
        const value = workbookCell(
          cell,
          () => `Sheet "${sheet.name}" cell ${columnLetters(column)}${number}`,
        );
        cells.push(typeof value === "boolean" ? String(value) : value);
      }
      rows.push(cells);
    }
    const [first] = rows;
    const fullName = first?.[2] === FULL_NAME_LABEL && typeof first[3] === "string" ? first[3].trim() : "";
    workbook[fullName || sheet.name] = rows;
  }
  return workbook;
}

/**
 * A CSV cell a spreadsheet would run as a formula (CSV injection): "=…", "@…", or "+"/"-" before a
 * name or bracket ("-SUM(…)"); a lone "-" (not sold) and signed numbers are data.
 */
const looksLikeFormula = (cell: string) => /^\s*[=@]/.test(cell) || /^\s*[+-]\s*[A-Za-z(@=$]/.test(cell);

/** One sheet, named by the file (without its extension), read by a streaming parser. */
async function readCsv(bytes: Buffer, sheetName: string): Promise<Workbook> {
  const rows: SheetRows = [];
  const parser = Readable.from([bytes]).pipe(
    parse({ bom: true, relax_column_count: true, relax_quotes: true, max_record_size: maxCellChars * 16 }),
  );
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (rows.length >= maxRows) throw tooManyRows();
      const number = rows.length + 1;
      record.forEach((cell, index) => {
        const where = `Row ${number} cell ${columnLetters(index + 1)}`;
        if (cell.length > maxCellChars) throw cellTooLong(where);
        if (looksLikeFormula(cell)) throw formulaCell(where);
      });
      rows.push(record);
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof Error && "code" in error && error.code === "CSV_MAX_RECORD_SIZE") {
      throw cellTooLong(`Row ${rows.length + 1}`);
    }
    if (error instanceof Error && "code" in error && String(error.code).startsWith("CSV_")) {
      throw badRequest(`The CSV could not be read at row ${rows.length + 1}: ${error.message}`);
    }
    throw error;
  }
  return { [sheetName]: rows };
}

/**
 * The uploaded file as a workbook: `.xlsx` or `.csv` by its name, and the content must be what the
 * name says (a zip holding a workbook, or UTF-8 text without NUL bytes).
 */
export async function readPriceSheetFile(fileName: string, bytes: Buffer): Promise<Workbook> {
  if (bytes.length > maxBytes) throw refuse(413, priceSheetMessages.tooLarge);
  if (bytes.length === 0) throw badRequest("The file is empty", "content");
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === "xlsx") {
    if (!isZip(bytes)) throw notA("an .xlsx workbook");
    return readXlsx(bytes);
  }
  if (extension === "csv") {
    if (!isText(bytes)) throw notA("CSV text");
    const sheetName =
      fileName
        .replace(/^.*[\\/]/, "")
        .replace(/\.csv$/i, "")
        .trim() || "Sheet 1";
    return readCsv(bytes, sheetName);
  }
  throw refuse(415, priceSheetMessages.wrongType);
}

/** A workbook in the §5 format as .xlsx bytes (the export staff edit and upload again). */
export async function writeXlsx(workbook: Readonly<Record<string, SheetRows | string>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const used = new Set<string>();
  for (const [name, sheet] of Object.entries(workbook)) {
    if (!Array.isArray(sheet)) continue;
    // Excel's sheet names: at most 31 characters, none of : \ / ? * [ ]
    const safe =
      name
        .replace(/[:\\/?*[\]]/g, " ")
        .slice(0, 31)
        .trim() || "Sheet";
    let unique = safe;
    for (let n = 2; used.has(unique.toLowerCase()); n++) unique = `${safe.slice(0, 28)} ${n}`;
    used.add(unique.toLowerCase());
    const worksheet = book.addWorksheet(unique);
    sheet.forEach((row, index) => {
      // A name the tab cannot hold travels beside the generic name (C1:D1), which §5 does not read.
      worksheet.addRow(index === 0 && unique !== name ? [...row, FULL_NAME_LABEL, name] : row);
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
