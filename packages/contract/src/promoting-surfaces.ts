/**
 * Surfaces that promote rather than compare (the home page, the subscription pop-up, email
 * subjects, price news) never name a prescription-only medicine: Human Medicines Regulations 2012
 * reg. 284 and CAP Code 12.12 (docs/compliance.md, decision 040). These are the one rule for which
 * names count; the comparison pages name medicines as the facts a visitor looked for.
 */

export interface CatalogueName {
  name: string;
  genericName?: string | null;
  legalCategory: string;
}

/**
 * Every prescription-only medicine's name, and its generic name unless a pharmacy or general-sale
 * medicine shares it (sildenafil is sold as both; "Viagra Connect" being P does not make the word
 * "sildenafil" on its own promote the prescription-only packs).
 */
export function prescriptionOnlyNames(catalogue: readonly CatalogueName[]): string[] {
  const sellableWithout = new Set(
    catalogue
      .filter((medication) => medication.legalCategory !== "POM" && medication.genericName)
      .map((medication) => medication.genericName?.toLowerCase()),
  );
  const names = new Set<string>();
  for (const medication of catalogue) {
    if (medication.legalCategory !== "POM") continue;
    names.add(medication.name);
    const generic = medication.genericName?.trim();
    if (generic && !sellableWithout.has(generic.toLowerCase())) names.add(generic);
  }
  return [...names];
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The first of `names` that `text` contains as a whole word or phrase, ignoring case; undefined
 * when none. "Wegovy" is found in "Wegovy vs Mounjaro", not in "Wegovyx".
 */
export function findNamedMedicine(text: string, names: readonly string[]): string | undefined {
  return names.find((name) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name.trim())}(?![\\p{L}\\p{N}])`, "iu").test(text),
  );
}
