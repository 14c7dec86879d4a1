export { PRICE_SHEET_READING, readPriceSheetFile } from "./price-sheet-files.ts";
export { createPriceSheetService, medicationMatcher } from "./price-sheet-service.ts";
