import type { SheetRows } from "@pharmacompare/price-sheets";
import { readCsv } from "./csv.ts";
import { notA, type ReadLimits, refused } from "./refusal.ts";
import { readXlsx } from "./xlsx.ts";
import { looksLikeZip } from "./zip.ts";

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
 * The uploaded file as a workbook: `.xlsx` or `.csv` by its name, and the content must be what the
 * name says (a zip holding a workbook, or UTF-8 text without NUL bytes). Runs in the reading
 * worker (price-sheet-files.ts), never on the API's thread.
 */
export async function readPriceSheetBytes(
  fileName: string,
  bytes: Buffer,
  limits: ReadLimits,
): Promise<Record<string, SheetRows>> {
  if (bytes.length > limits.maxBytes) throw refused(413, limits.tooLarge);
  if (bytes.length === 0) throw refused(400, "The file is empty", "content");
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === "xlsx") {
    if (!looksLikeZip(bytes)) throw notA("an .xlsx workbook", limits);
    return readXlsx(bytes, limits);
  }
  if (extension === "csv") {
    if (!isText(bytes)) throw notA("CSV text", limits);
    const sheetName =
      fileName
        .replace(/^.*[\\/]/, "")
        .replace(/\.csv$/i, "")
        .trim() || "Sheet 1";
    return readCsv(bytes, sheetName, limits);
  }
  throw refused(415, limits.wrongType);
}
