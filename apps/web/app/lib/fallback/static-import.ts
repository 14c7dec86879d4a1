import { conditionMapper, importPriceSheets, readWorkbookJson, type Skip } from "@pharmacompare/price-sheets";
import type { CatalogueSnapshot } from "./snapshot.ts";
import { fallbackCategories } from "./taxonomy.ts";

/**
 * The static medications file (public/data/medications.json), the second link of the start-up
 * chain (public site §4): a workbook saved as JSON, exported from the database by
 * `npm run export:fallback` and read back through the one importer of the public site §5 rules
 * (@pharmacompare/price-sheets), with conditions mapped onto the contract's fixed category tree.
 */

export interface StaticImportResult extends CatalogueSnapshot {
  skipped: Skip[];
}

const mapCondition = conditionMapper(fallbackCategories);

/**
 * Parses the file's text into a catalogue; what the rules leave out is in `skipped`. Throws
 * PriceSheetsFileError when the text is not a JSON object of sheets.
 */
export function importStaticMedications(
  source: string,
  options: { defaultLastUpdated: Date },
): StaticImportResult {
  const imported = importPriceSheets(readWorkbookJson(source), {
    mapCondition,
    defaultLastUpdated: options.defaultLastUpdated,
  });
  return {
    categories: fallbackCategories,
    medications: imported.medications,
    prices: imported.prices,
    skipped: imported.skipped,
  };
}
