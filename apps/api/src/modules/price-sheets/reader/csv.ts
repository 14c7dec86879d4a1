import { Readable } from "node:stream";
import type { SheetRows } from "@pharmacompare/price-sheets";
import { parse } from "csv-parse";
import { cellTooLong, columnLetters, formulaCell, type ReadLimits, refused, tooManyRows } from "./refusal.ts";

/**
 * A CSV cell a spreadsheet would run as a formula (CSV injection): "=…", "@…", or "+"/"-" before a
 * name or bracket ("-SUM(…)"); a lone "-" (not sold) and signed numbers are data.
 */
const looksLikeFormula = (cell: string) => /^\s*[=@]/.test(cell) || /^\s*[+-]\s*[A-Za-z(@=$]/.test(cell);

/**
 * One sheet, named by the file, read by a streaming parser whose record size is bounded: a file of
 * one endless line (or an unclosed quote) is refused once it passes the bound, in time linear in it.
 */
export async function readCsv(
  bytes: Buffer,
  sheetName: string,
  limits: ReadLimits,
): Promise<Record<string, SheetRows>> {
  const rows: SheetRows = [];
  const parser = Readable.from([bytes]).pipe(
    parse({
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: limits.maxCsvLineChars,
    }),
  );
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (rows.length >= limits.maxRows) throw tooManyRows(limits);
      const number = rows.length + 1;
      if (record.length > limits.maxColumns) {
        throw refused(
          400,
          `Row ${number} has more than ${limits.maxColumns} cells; a price sheet has at most ${limits.maxColumns} columns`,
        );
      }
      record.forEach((cell, index) => {
        const where = `Row ${number} cell ${columnLetters(index + 1)}`;
        if (cell.length > limits.maxCellChars) throw cellTooLong(where, limits);
        if (looksLikeFormula(cell)) throw formulaCell(where);
      });
      rows.push(record);
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof Error && "code" in error && error.code === "CSV_MAX_RECORD_SIZE") {
      throw cellTooLong(`Row ${rows.length + 1}`, limits);
    }
    if (error instanceof Error && "code" in error && String(error.code).startsWith("CSV_")) {
      throw refused(400, `The CSV could not be read at row ${rows.length + 1}: ${error.message}`);
    }
    throw error;
  }
  return { [sheetName]: rows };
}
