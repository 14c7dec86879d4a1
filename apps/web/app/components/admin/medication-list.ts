import { type AdminCategory, type AdminMedication, formatCount } from "@pharmacompare/contract";

/**
 * The Medication list's rules (back-office §2): search is a case-insensitive substring of the name
 * or the id, the category filter an exact match, and a row shows its first 3 dosages then "+N more".
 * The whole list (up to 1,000) is in the browser, so filtering happens here, on every keystroke.
 */

/** The edit form of one medication. */
export function editMedicationPath(id: string): string {
  return `/admin/medications/edit/${encodeURIComponent(id)}`;
}

/** Dosage chips shown per medication row (back-office §9). */
export const DOSAGES_SHOWN = 3;

export interface MedicationFilters {
  search: string;
  category: string;
}

/** A medication with the text its search looks in, lower-cased once rather than on every keystroke. */
export interface SearchableMedication {
  medication: AdminMedication;
  haystack: string;
}

export function searchable(medications: readonly AdminMedication[]): SearchableMedication[] {
  // A line break cannot be typed into the search box, so a term never spans the name and the id.
  return medications.map((medication) => ({
    medication,
    haystack: `${medication.name}\n${medication.id}`.toLowerCase(),
  }));
}

export function filterMedications(
  rows: readonly SearchableMedication[],
  filters: MedicationFilters,
): AdminMedication[] {
  const term = filters.search.trim().toLowerCase();
  const category = filters.category;
  const shown: AdminMedication[] = [];
  for (const row of rows) {
    if (category && row.medication.category !== category) continue;
    if (term && !row.haystack.includes(term)) continue;
    shown.push(row.medication);
  }
  return shown;
}

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

/**
 * The category filter's choices: the tree's categories in its order, then any category a
 * medication names that the tree did not (so the filter can still reach every row).
 */
export function categoryChoices(
  categories: readonly AdminCategory[],
  medications: readonly AdminMedication[],
): { value: string; label: string }[] {
  const choices = categories.map((category) => ({ value: category.id, label: category.name }));
  const known = new Set(choices.map((choice) => choice.value));
  for (const medication of medications) {
    if (!known.has(medication.category)) {
      known.add(medication.category);
      choices.push({ value: medication.category, label: medication.category });
    }
  }
  return choices;
}

/** The delete confirmation's second line: how many prices go with the medication. */
export function pricesGoingText(priceCount: number): string {
  if (priceCount === 0) return "It has no prices.";
  return priceCount === 1
    ? "Its 1 price will be deleted with it."
    : `Its ${formatCount(priceCount)} prices will be deleted with it.`;
}
