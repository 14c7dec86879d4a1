import { formatPounds, type Pharmacy } from "@pharmacompare/contract";
import { deliveryOptionLabels } from "../../lib/delivery-options.ts";

/** How the Pharmacy list and form word a pharmacy's fields (back-office §2 Pharmacy list). */

/**
 * Said beside a pharmacy saved without its GPhC registration number, in the list and the form:
 * visitors do not see it until it has one (decision 034).
 */
export const NOT_LISTED_TEXT = "Not listed: add its GPhC registration";

/**
 * "4.7 / 5", or "N/A" for a rating of 0: the form's numeric fall-back turns a blank rating into 0,
 * and no rating site gives a pharmacy 0 stars, so 0 means "not rated".
 */
export function ratingText(rating: number): string {
  return rating > 0 ? `${rating.toFixed(1)} / 5` : "N/A";
}

export function prescriptionText(required: boolean): "Required" | "Not Required" {
  return required ? "Required" : "Not Required";
}

export interface DeliverySummary {
  /** The delivery options, else the delivery time, else "Standard". */
  methods: string;
  /** The delivery time when `methods` shows the options. */
  time: string | null;
  /** "Fee £2.95". */
  fee: string;
  /** "Free over £40.00", when there is a threshold. */
  freeOver: string | null;
}

/** The list's delivery column: what is offered, how long it takes, what it costs. */
export function deliverySummary(
  pharmacy: Pick<Pharmacy, "deliveryOptions" | "deliveryTime" | "deliveryFee" | "freeDeliveryThreshold">,
): DeliverySummary {
  const options = pharmacy.deliveryOptions.map((option) => deliveryOptionLabels[option]).join(", ");
  const time = pharmacy.deliveryTime.trim();
  return {
    methods: options || time || "Standard",
    time: options && time ? time : null,
    fee: `Fee ${formatPounds(pharmacy.deliveryFee)}`,
    freeOver:
      pharmacy.freeDeliveryThreshold > 0 ? `Free over ${formatPounds(pharmacy.freeDeliveryThreshold)}` : null,
  };
}

/** The delete confirmation's second line: what goes with the pharmacy. */
export function pharmacyDeleteDetail(priceCount: number): string {
  if (priceCount === 0) return "It has no prices.";
  const prices = priceCount === 1 ? "1 price" : `${priceCount} prices`;
  return `Its ${prices} and any admin messages in its price rows will be deleted with it.`;
}

/** The host of a web address to show in a list, without "www." ("example.co.uk"); the text itself when it is not one. */
export function websiteLabel(website: string): string {
  try {
    return new URL(website).host.replace(/^www\./, "") || website;
  } catch {
    return website;
  }
}
