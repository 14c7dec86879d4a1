import { type AdminCategory, formatCount } from "@pharmacompare/contract";

/**
 * The Medication list's words (back-office §2): a row shows its first 3 dosages then "+N more";
 * ids are named from the category tree. The API searches and filters (decision 037).
 */

/** The edit form of one medication. */
export function editMedicationPath(id: string): string {
  return `/admin/medications/edit/${encodeURIComponent(id)}`;
}

/** Dosage chips shown per medication row (back-office §9). */
const DOSAGES_SHOWN = 3;

/** The chips of a row and how many more dosages it has. */
export function dosageSummary(dosages: readonly string[]): { shown: string[]; more: number } {
  return { shown: dosages.slice(0, DOSAGES_SHOWN), more: Math.max(0, dosages.length - DOSAGES_SHOWN) };
}

export interface CatalogueNames {
  category(id: string): string;
  subcategory(id: string): string;
}

/** Names for the category and subcategory ids; an id the tree does not have is shown as itself. */
export function catalogueNames(categories: readonly AdminCategory[]): CatalogueNames {
  const categoryNames = new Map<string, string>();
  const subcategoryNames = new Map<string, string>();
  for (const category of categories) {
    categoryNames.set(category.id, category.name);
    for (const subcategory of category.subcategories) subcategoryNames.set(subcategory.id, subcategory.name);
  }
  return {
    category: (id) => categoryNames.get(id) ?? id,
    subcategory: (id) => subcategoryNames.get(id) ?? id,
  };
}

/** The delete confirmation's second line: how many prices go with the medication. */
export function pricesGoingText(priceCount: number): string {
  if (priceCount === 0) return "It has no prices.";
  return priceCount === 1
    ? "Its 1 price will be deleted with it."
    : `Its ${formatCount(priceCount)} prices will be deleted with it.`;
}
