/**
 * The medication a visitor's name stands for (public site §4): the exact name ignoring case, else
 * the first whose name starts with it. Shared by the condition page's `medication` query and the
 * home page's popular searches so both read a name the same way.
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
