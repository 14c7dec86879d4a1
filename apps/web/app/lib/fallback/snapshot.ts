import type { Category, Medication, Price } from "@pharmacompare/contract";

/**
 * A whole catalogue held in memory: what the static file or the built-in sample data provide when
 * the live API cannot be asked. Same entity shapes as the API's answers, so pages draw it unchanged.
 */
export interface CatalogueSnapshot {
  categories: Category[];
  medications: Medication[];
  prices: Price[];
}

/** The API's id rule for a price row, kept stable so React keys and tests can rely on it. */
export function snapshotPriceId(medicationId: string, pharmacyId: string, dosage: string): string {
  return `${medicationId}/${pharmacyId}/${dosage}`;
}

export function snapshotMedications(snapshot: CatalogueSnapshot, subcategoryId: string): Medication[] {
  return snapshot.medications
    .filter((medication) => medication.subcategory === subcategoryId)
    .sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
}

/** One medication and dosage's prices, in no particular order (the comparison orders them). */
export function snapshotPrices(snapshot: CatalogueSnapshot, medicationId: string, dosage: string): Price[] {
  return snapshot.prices.filter((price) => price.medicationId === medicationId && price.dosage === dosage);
}
