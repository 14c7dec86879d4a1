import { findMedicationByName } from "../../lib/medication-name-match.ts";

/**
 * Which medication and dosage a condition page compares (public site §4 "Condition page
 * selection"). The choice lives in the URL (`?medication=<name>&dosage=<dosage>`) so a comparison
 * can be shared and reloaded; these rules turn the URL into a choice.
 */

/**
 * The medication named by the `medication` query: exact name ignoring case, else the first whose
 * name starts with it (ignoring case), else the first medication. Undefined only for an empty list.
 */
export function selectMedication<T extends { name: string }>(
  medications: readonly T[],
  wanted: string | null | undefined,
): T | undefined {
  return findMedicationByName(medications, wanted) ?? medications[0];
}

/**
 * The `dosage` query when it is one of the medication's dosages, else its first dosage; undefined
 * when there is no medication or it has no dosage.
 */
export function selectDosage(
  medication: { dosage: readonly string[] } | undefined,
  wanted: string | null | undefined,
): string | undefined {
  if (!medication) return undefined;
  const query = wanted?.trim();
  if (query && medication.dosage.includes(query)) return query;
  return medication.dosage[0];
}

/** The query string that holds a choice; changing medication picks its first dosage (spec §4). */
export function comparisonSearch(medication: { name: string; dosage: readonly string[] }, dosage?: string) {
  const params = new URLSearchParams({ medication: medication.name });
  const chosen = dosage !== undefined && medication.dosage.includes(dosage) ? dosage : medication.dosage[0];
  if (chosen !== undefined) params.set("dosage", chosen);
  return `?${params.toString()}`;
}
