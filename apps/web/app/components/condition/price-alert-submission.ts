import {
  fromPence,
  isWholePence,
  PRICE_ALERT_RULES,
  type PriceAlertRequest,
  priceAlertMessages,
  publicEndpoints,
  targetTooHighMessage,
  toPence,
} from "@pharmacompare/contract";
import type { ApiClient, ApiRequestInit } from "../../lib/api-client.ts";
import { formFailure, unreachable } from "../../lib/form-refusal.ts";
import {
  type PriceAlertField,
  type PriceAlertOutcome,
  type PriceAlertValues,
  readPriceAlertForm,
} from "./price-alert-fields.ts";

const fieldLabels: Record<PriceAlertField, string> = {
  email: "Email",
  kind: "What to watch",
  targetPrice: "Target price",
  consent: "Consent",
};

/** Pounds typed as "12", "12.5" or "12.50" (a leading £ is forgiven); NaN for anything else. */
export function parsePounds(typed: string): number {
  const match = /^£?\s*(\d+(?:\.\d*)?|\.\d+)$/.exec(typed.trim());
  return match?.[1] ? Number(match[1]) : Number.NaN;
}

/**
 * The specification's checks before anything is sent (public site §5), in its order: every field
 * present and consent given, then a target below the current lowest price. A target that is not a
 * sum of money in whole pence from £0.01 is our own check (the input's min and step). An alert of
 * another kind (decision 043) has no target: the field is neither needed nor checked.
 */
export function checkPriceAlert(
  values: PriceAlertValues,
  lowest: number,
): { message: string | undefined; fields: Partial<Record<PriceAlertField, string>> } | undefined {
  const needsTarget = values.kind === "target";
  if (values.email === "" || (needsTarget && values.targetPrice === "") || !values.consent) {
    const fields: Partial<Record<PriceAlertField, string>> = {};
    if (values.email === "") fields.email = "Enter your email address";
    if (needsTarget && values.targetPrice === "") fields.targetPrice = "Enter a target price";
    if (!values.consent) fields.consent = "Tick the box to agree to alert emails";
    return { message: priceAlertMessages.missing, fields };
  }
  if (!needsTarget) return undefined;
  const target = parsePounds(values.targetPrice);
  if (!Number.isFinite(target) || toPence(target) < toPence(PRICE_ALERT_RULES.min)) {
    return { message: undefined, fields: { targetPrice: "Enter a target price of at least £0.01" } };
  }
  if (!isWholePence(target)) {
    return {
      message: undefined,
      fields: { targetPrice: "Enter the target price in pounds and pence, such as 12.50" },
    };
  }
  if (toPence(target) >= toPence(lowest)) {
    return { message: undefined, fields: { targetPrice: targetTooHighMessage(lowest) } };
  }
  return undefined;
}

export interface SendPriceAlertOptions {
  init?: ApiRequestInit;
  /**
   * Keeps the alert for later when the API cannot be reached (the browser's local storage);
   * returns false when it could not be kept. Left out on the server, which has nowhere to keep it.
   */
  keepForLater?: (body: PriceAlertRequest) => boolean;
  /** Where a failure's cause goes: the server action's log (decision 032); the browser shows it instead. */
  log?: (message: string, cause?: unknown) => void;
}

/**
 * Checks and sends a price alert (public site §4, §5, §7): success when the API accepts it; the
 * visitor's own mistakes beside their fields; a refusal read from its `fields`; and when nothing
 * answers, the alert kept on the device (the visitor is told it will be sent), else the
 * specification's failure sentence. Never throws, so the form's submitting state always ends.
 */
export async function sendPriceAlert(
  api: ApiClient,
  form: FormData,
  options: SendPriceAlertOptions = {},
): Promise<PriceAlertOutcome> {
  const { log } = options;
  const { values, subject } = readPriceAlertForm(form);
  if (!subject) {
    log?.("price alert: the form arrived without its medication, dosage or current price", "refused");
    return { status: "error", message: priceAlertMessages.failure, fields: {}, values };
  }
  const problem = checkPriceAlert(values, subject.currentPrice);
  if (problem) return { status: "error", ...problem, values };

  const body: PriceAlertRequest = {
    email: values.email,
    medicationId: subject.medicationId,
    medicationName: subject.medicationName,
    dosage: subject.dosage,
    // The target alert's body is the specification's, as before; another kind names itself and has no target.
    ...(values.kind === "target"
      ? { targetPrice: fromPence(toPence(parsePounds(values.targetPrice))) }
      : { kind: values.kind }),
    currentPrice: subject.currentPrice,
    lowestPharmacy: subject.lowestPharmacy,
    consent: true,
  };
  try {
    const answer = await api.call(publicEndpoints.createPriceAlert, { body }, options.init);
    return { status: "success", message: answer.message || priceAlertMessages.success };
  } catch (error) {
    log?.(`price alert: not set: ${error instanceof Error ? error.message : String(error)}`, error);
    if (unreachable(error) && options.keepForLater?.(body)) {
      return { status: "saved", message: priceAlertMessages.savedForLater };
    }
    return { status: "error", ...formFailure(error, fieldLabels, priceAlertMessages.failure), values };
  }
}
