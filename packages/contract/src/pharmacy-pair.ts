import { z } from "zod";
import { buildComparison, ComparisonPrice } from "./comparison.ts";
import { CourseCost, type CoursePlan, courseCost } from "./course-cost.ts";
import { DEFAULT_COURSE_HORIZON } from "./course-horizons.ts";
import { Medication, Pharmacy, type Price } from "./entities.ts";

/**
 * Two pharmacies side by side for one medication (issue 30, decision 042): each dosage's price,
 * delivery, consultation and total at both, from the one comparison rule, and the course cost of
 * the medication's first plan at both. A comparison, not a promotion (decision 040): the same facts
 * for both, in the same order, with no "winner" beyond the lower figure.
 */

export const PairDosage = z.object({
  dosage: z.string(),
  /** The pharmacy's row of the dosage's comparison; null when it has no price for it. */
  a: ComparisonPrice.nullable(),
  b: ComparisonPrice.nullable(),
});
export type PairDosage = z.infer<typeof PairDosage>;

/** One choice of the compare page's pickers (issue 41). */
export const PairChoice = z.object({ id: z.string(), name: z.string() });
export type PairChoice = z.infer<typeof PairChoice>;

/** At most this many medications of the condition are offered in the compare page's picker. */
export const PAIR_MEDICATION_CHOICES = 50;

export const PharmacyPair = z
  .object({
    medication: Medication,
    a: Pharmacy,
    b: Pharmacy,
    /** Every dosage of the medication, in its order, with each pharmacy's row or null. */
    dosages: z.array(PairDosage),
    /** The first course plan over the default horizon, at these two pharmacies only; null without a plan. */
    course: CourseCost.nullable(),
    /**
     * What the page's pickers offer (issue 41), by name: the pharmacies with a public price for the
     * medication (both of the pair always among them), and the condition's medications (the first
     * PAIR_MEDICATION_CHOICES by name, this one always among them).
     */
    choices: z.object({ pharmacies: z.array(PairChoice), medications: z.array(PairChoice) }),
  })
  .describe(
    "Two pharmacies for one medication: each dosage's price, delivery, consultation fee and total at both " +
      "(null where one has no price), and the course cost of the medication's first plan at both.",
  );
export type PharmacyPair = z.infer<typeof PharmacyPair>;

/** The pair from the medication's public prices (every dosage) and its plans. */
export function buildPharmacyPair(parts: {
  medication: Medication;
  a: Pharmacy;
  b: Pharmacy;
  prices: readonly Price[];
  plans: readonly CoursePlan[];
  /** The condition's medications to offer besides this one. */
  medications?: readonly PairChoice[];
}): PharmacyPair {
  const { medication, a, b } = parts;
  const byName = (x: PairChoice, y: PairChoice) =>
    x.name.localeCompare(y.name, "en-GB") || x.id.localeCompare(y.id);
  const pharmacies = new Map<string, PairChoice>([
    [a.id, { id: a.id, name: a.name }],
    [b.id, { id: b.id, name: b.name }],
  ]);
  for (const price of parts.prices) {
    if (!pharmacies.has(price.pharmacyId)) {
      pharmacies.set(price.pharmacyId, { id: price.pharmacyId, name: price.pharmacy.name });
    }
  }
  const medications = new Map<string, PairChoice>([
    [medication.id, { id: medication.id, name: medication.name }],
  ]);
  for (const other of parts.medications ?? []) {
    if (!medications.has(other.id)) medications.set(other.id, { id: other.id, name: other.name });
  }
  const both = parts.prices.filter((price) => price.pharmacyId === a.id || price.pharmacyId === b.id);
  const dosages = medication.dosage.map((dosage) => {
    // Ongoing prices side by side (decision 057): each dosage's price and total are the ongoing
    // price's, with a first order's fees as before; the course below pays an introductory price once.
    const rows = buildComparison(medication, dosage, both.map(withoutIntroductoryPrice)).prices;
    return {
      dosage,
      a: rows.find((row) => row.pharmacyId === a.id) ?? null,
      b: rows.find((row) => row.pharmacyId === b.id) ?? null,
    };
  });
  const plan = parts.plans[0];
  return {
    medication,
    a,
    b,
    dosages,
    course: plan ? courseCost(plan, DEFAULT_COURSE_HORIZON, both) : null,
    choices: {
      pharmacies: [...pharmacies.values()].sort(byName),
      medications: [...medications.values()].sort(byName),
    },
  };
}

/** The price with its introductory price left out: the pair compares ongoing prices. */
function withoutIntroductoryPrice(price: Price): Price {
  return { ...price, introductoryPrice: null, introductoryTerms: null };
}
