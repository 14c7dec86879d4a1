import type { Cell, SheetRows } from "@pharmacompare/price-sheets";
import {
  cellTooLong,
  columnLetters,
  formulaCell,
  notA,
  type ReadLimits,
  refused,
  thousands,
  tooManyRows,
} from "./refusal.ts";
import { attributes, decodeXml, elements, hasDoctype, textRuns } from "./xml.ts";
import { readZip } from "./zip.ts";

/**
 * A workbook (.xlsx) read into the public site §5 shape (decision 029): our zip reader, then only the parts a
 * price sheet needs (the sheet list, the shared text, the date styles, each worksheet), each cell
 * as it is written (only filled cells are visited; a cell beyond the column bound is refused
 * before anything is allocated for it). Formulas are refused; a hyperlink's target is not read,
 * only the text staff see in the cell.
 */

/** Row 1's third cell when the fourth holds the medication's whole name (a sheet tab has 31 characters). */
export const FULL_NAME_LABEL = "Medication";

/** Excel's built-in number formats that show a date or time. */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);
const MS_PER_DAY = 86_400_000;
/** Day 0 of Excel's 1900 date system as a Unix day (with Excel's 1900 leap-year slip), and of the 1904 one. */
const EPOCH_1900 = 25_569;
const EPOCH_1904 = 24_107;

/** "C7" → 3; NaN for anything else. */
function columnOf(reference: string): number {
  const letters = /^([A-Z]{1,3})\d+$/.exec(reference)?.[1];
  if (!letters) return Number.NaN;
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

/** A relationship part's targets by id, resolved against the folder of the part it belongs to. */
function relationships(xml: string, folder: string): Map<string, { type: string; target: string }> {
  const found = new Map<string, { type: string; target: string }>();
  for (const { tag } of elements(xml, "Relationship")) {
    const rel = attributes(tag);
    const target = rel.get("Target") ?? "";
    const parts = (target.startsWith("/") ? target.slice(1) : `${folder}${target}`).split("/");
    const path: string[] = [];
    for (const part of parts) {
      if (part === "..") path.pop();
      else if (part !== "." && part !== "") path.push(part);
    }
    found.set(rel.get("Id") ?? "", { type: rel.get("Type") ?? "", target: path.join("/") });
  }
  return found;
}

/** Indexes of the cell styles (`s="…"`) whose number format shows a date. */
function dateStyles(xml: string): Set<number> {
  const custom = new Map<number, string>();
  for (const { tag } of elements(xml, "numFmt")) {
    const format = attributes(tag);
    custom.set(Number(format.get("numFmtId")), format.get("formatCode") ?? "");
  }
  const isDate = (id: number) => {
    if (DATE_FORMAT_IDS.has(id)) return true;
    const code = custom.get(id);
    // A custom format shows a date when, outside quoted text and [colour] sections, it has d, m, y…
    return code !== undefined && /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ""));
  };
  const styles = new Set<number>();
  const [cellXfs] = elements(xml, "cellXfs");
  if (!cellXfs) return styles;
  let index = 0;
  for (const { tag } of elements(cellXfs.inner, "xf")) {
    if (isDate(Number(attributes(tag).get("numFmtId") ?? 0))) styles.add(index);
    index += 1;
  }
  return styles;
}

function sharedStrings(xml: string, limits: ReadLimits): string[] {
  const strings: string[] = [];
  for (const { inner } of elements(xml, "si")) {
    if (strings.length >= limits.maxSharedStrings) {
      throw refused(
        413,
        `The workbook's table of text has more than ${thousands(limits.maxSharedStrings)} entries; it was not read`,
      );
    }
    const text = textRuns(inner);
    if (text.length > limits.maxCellChars) throw cellTooLong("A text in the workbook", limits);
    strings.push(text);
  }
  return strings;
}

interface SheetContext {
  name: string;
  shared: readonly string[];
  dates: ReadonlySet<number>;
  epoch: number;
  limits: ReadLimits;
}

/** One cell's value as exceljs used to give it to the importer: text, a number, or a date as ISO text. */
function cellValue(type: string | undefined, style: number, inner: string, context: SheetContext): Cell {
  const [v] = elements(inner, "v");
  const raw = v ? v.inner : "";
  switch (type) {
    case "s":
      return context.shared[Number(raw)] ?? "";
    case "inlineStr":
      return textRuns(inner);
    case "b":
      return raw === "1" ? "true" : "false";
    case "e":
    case "str":
    case "d":
      return decodeXml(raw);
    default: {
      if (raw.trim() === "") return "";
      const number = Number(raw);
      if (!Number.isFinite(number)) return raw;
      if (context.dates.has(style)) {
        const date = new Date(Math.round((number - context.epoch) * MS_PER_DAY));
        return Number.isNaN(date.getTime()) ? number : date.toISOString();
      }
      return number;
    }
  }
}

/** A worksheet's rows; `rowsBefore` rows were read from earlier sheets (the bound is over all). */
function readSheet(xml: string, rowsBefore: number, context: SheetContext): SheetRows {
  const { limits, name } = context;
  const rows: SheetRows = [];
  let nextRow = 1;
  for (const row of elements(xml, "row")) {
    const rowNumber = Number(attributes(row.tag).get("r") ?? nextRow);
    if (!Number.isInteger(rowNumber) || rowNumber < nextRow) throw notA("a readable .xlsx workbook", limits);
    if (rowsBefore + rowNumber > limits.maxRows) throw tooManyRows(limits);
    const cells: Cell[] = [];
    let nextColumn = 1;
    for (const cell of elements(row.inner, "c")) {
      const cellAttributes = attributes(cell.tag);
      const reference = cellAttributes.get("r");
      const column = reference === undefined ? nextColumn : columnOf(reference);
      if (!(column >= nextColumn)) throw notA("a readable .xlsx workbook", limits);
      const where = () => `Sheet "${name}" cell ${columnLetters(column)}${rowNumber}`;
      if (column > limits.maxColumns) {
        throw refused(
          400,
          `${where()} is beyond column ${columnLetters(limits.maxColumns)}; a price sheet has at most ${limits.maxColumns} columns`,
        );
      }
      if (/<(?:\w+:)?f[\s>/]/.test(cell.inner)) throw formulaCell(where());
      const value = cellValue(
        cellAttributes.get("t"),
        Number(cellAttributes.get("s") ?? 0),
        cell.inner,
        context,
      );
      if (typeof value === "string" && value.length > limits.maxCellChars) throw cellTooLong(where(), limits);
      while (cells.length < column - 1) cells.push("");
      cells.push(value);
      nextColumn = column + 1;
    }
    while (rows.length < rowNumber - 1) rows.push([]);
    rows.push(cells);
    nextRow = rowNumber + 1;
  }
  return rows;
}

/** An attribute of the workbook's `<workbookPr>` (the date system). */
function workbookProperty(book: string, name: string): string | undefined {
  const [properties] = elements(book, "workbookPr");
  return properties ? attributes(properties.tag).get(name) : undefined;
}

/** The workbook's sheets by name (a long name from D1 when C1 says "Medication"), in tab order. */
export function readXlsx(bytes: Buffer, limits: ReadLimits): Record<string, SheetRows> {
  const parts = readZip(bytes, limits);
  if (!parts.has("[Content_Types].xml") || !parts.has("xl/workbook.xml"))
    throw notA("an .xlsx workbook", limits);
  const text = (name: string): string | undefined => {
    const xml = parts.get(name)?.toString("utf8");
    if (xml !== undefined && hasDoctype(xml)) throw notA("a readable .xlsx workbook", limits);
    return xml;
  };
  const book = text("xl/workbook.xml") ?? "";
  const sheets = [...elements(book, "sheet")].map(({ tag }) => attributes(tag));
  if (sheets.length > limits.maxSheets) {
    throw refused(
      413,
      `The workbook has more than ${thousands(limits.maxSheets)} sheets; please split it into smaller files`,
    );
  }
  const links = relationships(text("xl/_rels/workbook.xml.rels") ?? "", "xl/");
  const partOfType = (type: string, fallback: string) =>
    [...links.values()].find((link) => link.type.endsWith(`/${type}`))?.target ?? fallback;
  const context = {
    shared: sharedStrings(text(partOfType("sharedStrings", "xl/sharedStrings.xml")) ?? "", limits),
    dates: dateStyles(text(partOfType("styles", "xl/styles.xml")) ?? ""),
    epoch: ["1", "true"].includes(workbookProperty(book, "date1904") ?? "") ? EPOCH_1904 : EPOCH_1900,
    limits,
  };

  const workbook: Record<string, SheetRows> = {};
  let rowsRead = 0;
  for (const sheet of sheets) {
    const link = links.get(sheet.get("id") ?? "");
    if (!link?.type.endsWith("/worksheet")) continue; // a chart sheet has no cells
    const xml = text(link.target);
    if (xml === undefined) throw notA("a readable .xlsx workbook", limits);
    const name = sheet.get("name") ?? "";
    const rows = readSheet(xml, rowsRead, { ...context, name });
    rowsRead += rows.length;
    const [first] = rows;
    const fullName = first?.[2] === FULL_NAME_LABEL && typeof first[3] === "string" ? first[3].trim() : "";
    workbook[fullName || name] = rows;
  }
  return workbook;
}
