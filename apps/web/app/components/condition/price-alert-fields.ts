import { fromPence, PRICE_ALERT_KINDS, type PriceAlertKind, toPence } from "@pharmacompare/contract";
import { formText } from "../../lib/form-text.ts";

/*
 * What the price alert form shows and posts, apart from checking and sending it: the page's first
 * JavaScript needs this, while the sending (and the contract's schemas) loads when the form is used
 * (decision 025).
 */

/** The form's `intent`: the condition page's only write today, named so another can join it. */
export const PRICE_ALERT_INTENT = "price-alert";

export type PriceAlertField = "email" | "kind" | "targetPrice" | "consent";

/** What the visitor typed, kept to refill the form after a failure without JavaScript. */
export interface PriceAlertValues {
  email: string;
  /** What the alert watches (decision 043); the specification's target price unless another is chosen. */
  kind: PriceAlertKind;
  targetPrice: string;
  consent: boolean;
}

/** The form's choice of kind: one of the contract's, else the specification's target alert. */
function readKind(value: string): PriceAlertKind {
  return PRICE_ALERT_KINDS.find((kind) => kind === value) ?? "target";
}

export type PriceAlertOutcome =
  | { status: "success"; message: string }
  /** The API could not be reached: the alert waits on this device (only with JavaScript). */
  | { status: "saved"; message: string }
  | {
      status: "error";
      /** The notice above the button; undefined when every problem sits beside its field. */
      message: string | undefined;
      fields: Partial<Record<PriceAlertField, string>>;
      values: PriceAlertValues;
    };

/** The page's choice, as hidden fields of the form carry it. */
export interface PriceAlertSubject {
  medicationId: string;
  medicationName: string;
  dosage: string;
  /** The cheapest in-stock price when the page was drawn. */
  currentPrice: number;
  lowestPharmacy: { name: string; price: number };
}

/** The largest target the form takes: a penny under the current lowest price (public site §5). */
export function maxTarget(lowest: number): number {
  return fromPence(Math.max(0, toPence(lowest) - 1));
}

export function readPriceAlertForm(form: FormData): {
  values: PriceAlertValues;
  subject: PriceAlertSubject | undefined;
} {
  const values: PriceAlertValues = {
    email: formText(form, "email").trim(),
    kind: readKind(formText(form, "kind")),
    targetPrice: formText(form, "targetPrice").trim(),
    consent: form.get("consent") !== null,
  };
  const currentPrice = Number(formText(form, "currentPrice"));
  const pharmacy = formText(form, "lowestPharmacy");
  const subject: PriceAlertSubject = {
    medicationId: formText(form, "medicationId"),
    medicationName: formText(form, "medicationName"),
    dosage: formText(form, "dosage"),
    currentPrice,
    lowestPharmacy: { name: pharmacy, price: currentPrice },
  };
  const complete =
    subject.medicationId !== "" && subject.dosage !== "" && Number.isFinite(currentPrice) && currentPrice > 0;
  return { values, subject: complete ? subject : undefined };
}
