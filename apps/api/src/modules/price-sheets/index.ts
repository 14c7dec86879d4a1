export { PRICE_SHEET_READING, readPriceSheetFile } from "./price-sheet-files.ts";
export { medicationMatcher } from "./price-sheet-plan.ts";
export { createPriceSheetService } from "./price-sheet-service.ts";
