import type { MEDICATION_EVENT_KINDS } from "./ids.ts";

/**
 * The words of price context and price events (issue 45, decision 059), apart from their schemas so
 * the condition page's JavaScript carries them without zod (decision 025; page-budget.test.ts).
 */

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
