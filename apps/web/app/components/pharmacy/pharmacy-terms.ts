import { formatPounds, type Pharmacy } from "@pharmacompare/contract";

/**
 * A pharmacy's delivery and ordering terms in words, as its page shows them. Every fee is named
 * with its amount: a cost a visitor must pay is never left for the checkout to reveal.
 */

export interface TermLine {
  term: string;
  value: string;
}

type Terms = Pick<
  Pharmacy,
  | "deliveryFee"
  | "freeDeliveryThreshold"
  | "minOrderValue"
  | "consultationFee"
  | "consultationFeeBasis"
  | "deliveryTime"
  | "deliveryOptions"
  | "prescriptionRequired"
>;

/** The delivery and ordering lines, in reading order; `optionLabels` words the delivery options. */
export function termLines(terms: Terms, optionLabels: readonly string[]): TermLine[] {
  const free = terms.deliveryFee === 0;
  const time = terms.deliveryTime.trim();
  return [
    {
      term: "Delivery fee",
      value: free ? "Free on every order" : `${formatPounds(terms.deliveryFee)} an order`,
    },
    ...(free
      ? []
      : [
          {
            term: "Free delivery",
            value:
              terms.freeDeliveryThreshold > 0
                ? `On orders of ${formatPounds(terms.freeDeliveryThreshold)} or more`
                : "Not offered: every order pays the fee",
          },
        ]),
    {
      term: "Minimum order",
      value: terms.minOrderValue > 0 ? formatPounds(terms.minOrderValue) : "None",
    },
    { term: "Consultation fee", value: consultationFeeText(terms) },
    ...(time ? [{ term: "Delivery time", value: time }] : []),
    ...(optionLabels.length > 0 ? [{ term: "Delivery options", value: optionLabels.join(", ") }] : []),
    {
      term: "Prescription",
      value: terms.prescriptionRequired
        ? "Required: prescription-only medicines need one (usually after an online consultation)"
        : "Not required",
    },
  ];
}

/**
 * A pharmacy's consultation or prescribing fee in words (decision 042): "None", "£2.50 an order" or
 * "£15.00 once, on your first order".
 */
export function consultationFeeText(
  terms: Pick<Pharmacy, "consultationFee" | "consultationFeeBasis">,
): string {
  if (terms.consultationFee === 0) return "None";
  const amount = formatPounds(terms.consultationFee);
  return terms.consultationFeeBasis === "one-off"
    ? `${amount} once, on your first order`
    : `${amount} an order`;
}

/** "From £5.59" when the pharmacy prices several dosages, else just the price. */
export function cheapestText(price: number, dosageCount: number): string {
  return dosageCount > 1 ? `From ${formatPounds(price)}` : formatPounds(price);
}
