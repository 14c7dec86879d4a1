/*
 * The condition page's choices (order, medication, dosage) without the comparison's schemas: the
 * browser's first JavaScript reads these, and zod stays out of it (decision 025).
 */

/**
 * The orders a visitor can choose: by the pack's price (the specification's, and the default) or
 * by the total with delivery (issue 11). Best marks the lowest price in both.
 */
export const COMPARISON_SORTS = ["price", "total"] as const;
export const DEFAULT_COMPARISON_SORT: (typeof COMPARISON_SORTS)[number] = "price";

/**
 * Which price a comparison compares where some row has an introductory price (decision 057): what
 * the first three months cost (the default), the first order, or the ongoing price. Sort, totals
 * and Best follow it. A comparison with no introductory price has no view (the table as before).
 */
export const COMPARISON_VIEWS = ["three-months", "first-order", "ongoing"] as const;
export const DEFAULT_COMPARISON_VIEW: (typeof COMPARISON_VIEWS)[number] = "three-months";

/**
 * The medication a visitor's name stands for (public site §4): the exact name ignoring case, else
 * the first whose name starts with it. The condition page's `medication` query and the home page's
 * popular searches read a name the same way.
 */
export function findMedicationByName<T extends { name: string }>(
  medications: readonly T[],
  wanted: string | null | undefined,
): T | undefined {
  const query = wanted?.trim().toLowerCase();
  if (!query) return undefined;
  return (
    medications.find((medication) => medication.name.toLowerCase() === query) ??
    medications.find((medication) => medication.name.toLowerCase().startsWith(query))
  );
}

/** The medication named by the `medication` query, else the first; undefined only for an empty list. */
export function selectMedication<T extends { name: string }>(
  medications: readonly T[],
  wanted: string | null | undefined,
): T | undefined {
  return findMedicationByName(medications, wanted) ?? medications[0];
}

/** The `dosage` query when the medication has it, else its first dosage; undefined when none. */
export function selectDosage(
  medication: { dosage: readonly string[] } | undefined,
  wanted: string | null | undefined,
): string | undefined {
  if (!medication) return undefined;
  const query = wanted?.trim();
  if (query && medication.dosage.includes(query)) return query;
  return medication.dosage[0];
}
