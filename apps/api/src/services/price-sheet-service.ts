import type { Medication } from "@pharmacompare/contract";
import { exportPriceSheets, type PriceSheetsExport } from "@pharmacompare/price-sheets";
import type { CategoryService } from "./category-service.ts";
import type { MedicationService } from "./medication-service.ts";
import type { PriceService } from "./price-service.ts";

/** More medications than a catalogue will hold: "all of them" for the public list. */
const ALL = 1_000_000;

/**
 * Price sheets (decision 017): the catalogue written in the §5 spreadsheet format, read back by
 * the one importer in @pharmacompare/price-sheets.
 */
export function createPriceSheetService(deps: {
  categories: CategoryService;
  medications: MedicationService;
  prices: PriceService;
}) {
  return {
    /**
     * What a visitor can see, as a workbook: every public medication with its public prices, each
     * sheet's condition its subcategory's name. The web's fallback file is made from this.
     */
    async publicWorkbook(preface?: Record<string, string>): Promise<PriceSheetsExport> {
      const [tree, medications] = await Promise.all([
        deps.categories.listPublic(),
        deps.medications.listPublic({ limit: ALL, offset: 0 }),
      ]);
      const conditionNames = new Map(
        tree.flatMap((category) => category.subcategories.map((entry) => [entry.id, entry.name] as const)),
      );
      const prices = [];
      for (const medication of medications) prices.push(...(await deps.prices.forMedication(medication.id)));
      return exportPriceSheets({
        medications,
        prices,
        conditionOf: (medication: Medication) =>
          conditionNames.get(medication.subcategory) ?? medication.subcategory,
        ...(preface ? { preface } : {}),
      });
    },
  };
}

export type PriceSheetService = ReturnType<typeof createPriceSheetService>;
