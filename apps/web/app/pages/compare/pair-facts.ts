import {
  type ComparisonPrice,
  type CourseCost,
  formatPounds,
  type Pharmacy,
  type PharmacyPair,
  startsAtConsultation,
} from "@pharmacompare/contract";
import { noTotalReason } from "../../components/condition/course-words.ts";
import { totalNote } from "../../components/condition/price-rows.ts";
import { consultationFeeText } from "../../components/pharmacy/pharmacy-terms.ts";

/**
 * The compare page's facts in words (decision 042): the same lines for both pharmacies, in the same
 * order, each marked when the two differ. Zod-free, so the page's first JavaScript stays small.
 */

export interface FactRow {
  term: string;
  a: string;
  b: string;
  /** The two say different things: the row stands out. */
  differs: boolean;
}

function fact(term: string, a: string, b: string): FactRow {
  return { term, a, b, differs: a !== b };
}

const freeDelivery = (pharmacy: Pharmacy) =>
  pharmacy.deliveryFee === 0
    ? "Every order"
    : pharmacy.freeDeliveryThreshold > 0
      ? `Orders of ${formatPounds(pharmacy.freeDeliveryThreshold)} or more`
      : "Not offered";

/** Delivery, consultation, ordering, rating and registration, side by side. */
export function termFacts(a: Pharmacy, b: Pharmacy): FactRow[] {
  const fee = (pharmacy: Pharmacy) =>
    pharmacy.deliveryFee === 0 ? "Free" : `${formatPounds(pharmacy.deliveryFee)} an order`;
  const minimum = (pharmacy: Pharmacy) =>
    pharmacy.minOrderValue > 0 ? formatPounds(pharmacy.minOrderValue) : "None";
  const rating = (pharmacy: Pharmacy) => `${pharmacy.rating.toFixed(1)} out of 5`;
  return [
    fact("Delivery fee", fee(a), fee(b)),
    fact("Free delivery", freeDelivery(a), freeDelivery(b)),
    fact("Minimum order", minimum(a), minimum(b)),
    fact("Consultation fee", consultationFeeText(a), consultationFeeText(b)),
    fact("Delivery time", a.deliveryTime.trim() || "Not stated", b.deliveryTime.trim() || "Not stated"),
    fact("Rating", rating(a), rating(b)),
    // Every pharmacy has its own number: a registration, not a difference to weigh.
    { ...fact("GPhC registration", a.gphcNumber, b.gphcNumber), differs: false },
  ];
}

/** One pharmacy's cell for one dosage: its price, its total and what the total holds. */
export interface DosageCell {
  price: string;
  total: string | null;
  note: string | null;
  stock: string;
}

export function dosageCell(row: ComparisonPrice | null): DosageCell | null {
  if (!row) return null;
  return {
    price: formatPounds(row.price),
    total: row.total === null ? null : formatPounds(row.total),
    note: totalNote(row) ?? null,
    stock: row.inStock ? "In stock" : "Out of stock",
  };
}

/**
 * Which side costs less for a dosage: by total where both have one, else by price; null when only
 * one prices it or they are equal.
 */
export function lowerSide(a: ComparisonPrice | null, b: ComparisonPrice | null): "a" | "b" | null {
  if (!a || !b) return null;
  const [x, y] = a.total !== null && b.total !== null ? [a.total, b.total] : [a.price, b.price];
  const difference = Math.round(x * 100) - Math.round(y * 100);
  return difference < 0 ? "a" : difference > 0 ? "b" : null;
}

/** A pharmacy's course total for the page, or why it has none. */
export function courseFact(course: CourseCost, pharmacyId: string): string {
  const row = course.pharmacies.find((entry) => entry.pharmacyId === pharmacyId);
  if (!row) return "Sells none of the plan's doses";
  return row.total !== null ? formatPounds(row.total) : noTotalReason(row);
}

/**
 * For a prescription-only medicine at a pharmacy whose visits start at its consultation (decision
 * 058): one of its prices for the medication, whose counted click-out the API sends to that
 * consultation with the medication as context. Undefined otherwise, or where it prices no dosage.
 */
export function consultationPriceId(pair: PharmacyPair, side: "a" | "b"): string | undefined {
  if (!startsAtConsultation(pair.medication.legalCategory, pair[side].startsAtConsultation)) return undefined;
  return pair.dosages.find((row) => row[side])?.[side]?._id;
}
