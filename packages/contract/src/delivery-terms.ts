import type { ConsultationFeeBasis, PricePharmacy } from "./entities.ts";
import { toPence } from "./format.ts";

/**
 * A pharmacy's terms as its totals use them (issue 11, issue 30): shared by the comparison of one
 * pack and the cost of a course, so both charge delivery and consultation the same way.
 */

/** A pharmacy's delivery terms, in pounds (a price row's pharmacy carries them from the API). */
export interface DeliveryTerms {
  deliveryFee: number;
  /** Orders of this much or more travel free; 0 means delivery is never free. */
  freeDeliveryThreshold: number;
  /** The smallest order the pharmacy accepts; 0 means none. */
  minOrderValue: number;
  /** Its consultation or prescribing fee; absent or 0 for none (decision 042). */
  consultationFee?: number;
  /** Per order (the default) or once, on the first order. */
  consultationFeeBasis?: ConsultationFeeBasis;
}

/** A price row's pharmacy's terms; undefined when its delivery terms are not known (the saved file). */
export function termsOf(pharmacy: PricePharmacy): DeliveryTerms | undefined {
  const { deliveryFee, freeDeliveryThreshold, minOrderValue } = pharmacy;
  if (deliveryFee === undefined || freeDeliveryThreshold === undefined || minOrderValue === undefined)
    return undefined;
  return {
    deliveryFee,
    freeDeliveryThreshold,
    minOrderValue,
    consultationFee: pharmacy.consultationFee ?? 0,
    consultationFeeBasis: pharmacy.consultationFeeBasis ?? "per-order",
  };
}

/** The delivery fee, in pence, on an order of `orderPence` worth of packs. */
export function deliveryPence(orderPence: number, terms: DeliveryTerms): number {
  const threshold = toPence(terms.freeDeliveryThreshold);
  return threshold > 0 && orderPence >= threshold ? 0 : toPence(terms.deliveryFee);
}
