import type { Workbook } from "./import.ts";

/** The file as a whole is unusable: not JSON, or not an object of sheets. */
export class PriceSheetsFileError extends Error {
  override name = "PriceSheetsFileError";
}

/** Parses a workbook saved as JSON (the web's fallback file). */
export function readWorkbookJson(text: string): Workbook {
  let workbook: unknown;
  try {
    workbook = JSON.parse(text);
  } catch {
    throw new PriceSheetsFileError("the price file is not valid JSON");
  }
  if (workbook === null || typeof workbook !== "object" || Array.isArray(workbook)) {
    throw new PriceSheetsFileError("the price file is not an object of sheets");
  }
  return workbook as Workbook;
}
