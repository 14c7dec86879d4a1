export { cellText, isBlank, readDate, readForm, readLink, readPrice, readRating, sheetId } from "./cells.ts";
export { type ConditionMapper, conditionMapper } from "./conditions.ts";
export {
  type Cell,
  type ExportInput,
  exportPriceSheets,
  type Omission,
  type PriceSheetsExport,
  type SheetRows,
  workbookJson,
} from "./export.ts";
export { HEADER_ROW, MIN_SHEET_ROWS, SHEET_DEFAULTS, sheetPriceId } from "./format.ts";
export {
  type ImportOptions,
  importPriceSheets,
  type PriceSheetsImport,
  type Skip,
  type Workbook,
} from "./import.ts";
export { PriceSheetsFileError, readWorkbookJson } from "./json.ts";
