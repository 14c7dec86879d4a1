import type { MEDICATION_EVENT_KINDS } from "./ids.ts";

/**
 * The words of price context and price events (issue 45, decision 059), apart from their schemas so
 * the condition page's JavaScript carries them without zod (decision 025; page-budget.test.ts).
 */

/** Fewer days with an in-stock price than this (today included) is too little to say what is usual. */
export const PRICE_CONTEXT_MIN_DAYS = 14;
/** Within this many percent of the typical price either way (edges included) is "about usual". */
export const PRICE_CONTEXT_BAND_PERCENT = 5;
/** "The lowest since …" is said only when that day is more than this many days back: a price matched last week is not news. */
export const PRICE_CONTEXT_SINCE_MIN_DAYS = 7;

/** How the back-office and the chart name each kind of event. */
export const MEDICATION_EVENT_LABELS: Record<(typeof MEDICATION_EVENT_KINDS)[number], string> = {
  "list-price-change": "Manufacturer's list-price change",
  "supply-disruption": "Supply disruption",
  "new-strength": "New strength",
  other: "Other",
};

/** How today's lowest compares with the typical price; "new" when there is too little history. */
export const PRICE_CONTEXT_LABELS = {
  below: "Below its usual price",
  usual: "About usual",
  above: "Above usual",
  new: "New price",
} as const;
export type PriceContextLabel = keyof typeof PRICE_CONTEXT_LABELS;
