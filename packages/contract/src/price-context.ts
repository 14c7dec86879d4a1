import { z } from "zod";
import { formatPounds, fromPence, medianPence, toPence } from "./format.ts";
import { MEDICATION_EVENT_KINDS } from "./ids.ts";
import {
  PRICE_CONTEXT_BAND_PERCENT,
  PRICE_CONTEXT_MIN_DAYS,
  PRICE_CONTEXT_SINCE_MIN_DAYS,
  type PriceContextLabel,
} from "./price-context-words.ts";
import { text } from "./text.ts";
import { webAddressText } from "./web-address-field.ts";

/**
 * "Is this a good price?" (issue 45, decision 059): today's lowest in-stock price read against our
 * own 90 days of each day's lowest (the series the history chart draws), and the dated events
 * staff record on a medication's history. One pure rule, so the API, the page and the tests read
 * the same sentence. The words are neutral for every medicine: never "deal", "bargain" or "save"
 * (decision 040 forbids them for a prescription-only medicine; the simplest rule is never).
 */

export const MedicationEventKind = z.enum(MEDICATION_EVENT_KINDS, {
  error: `must be one of: ${MEDICATION_EVENT_KINDS.join(", ")}`,
});
export type MedicationEventKind = z.infer<typeof MedicationEventKind>;

/** How the context sentence names an event it explains a move by. */
const EVENT_PHRASES: Partial<Record<MedicationEventKind, string>> = {
  "list-price-change": "the manufacturer's list-price change",
  "supply-disruption": "the supply disruption",
};

/**
 * One day's lowest in-stock price, as `GET /api/prices/history` answers it (its `DailyPrice`,
 * restated here: the comparison imports this module, and the endpoint's module imports the comparison).
 */
interface DailyPrice {
  date: string;
  price: number;
}

export const MEDICATION_EVENT_LIMITS = { summaryMax: 280, urlMax: 500, dosageMax: 120 } as const;

/** An event on a medication's price history as the public page reads it. */
export const MedicationEvent = z.object({
  id: z.string(),
  kind: MedicationEventKind,
  /** The UK day it happened, "YYYY-MM-DD". */
  happenedOn: z.iso.date(),
  /** Null when it concerns every dosage of the medication. */
  dosage: z.string().nullable(),
  summary: z.string(),
  /** The https page that says so. */
  sourceUrl: z.string(),
});
export type MedicationEvent = z.infer<typeof MedicationEvent>;

/** An event as the back-office's dialog sends it. */
export const MedicationEventInput = z.object({
  medicationId: text({ error: "is required" }).trim().min(1, { error: "is required" }).max(120),
  /** "" or absent: every dosage. */
  dosage: text({ error: "must be text" })
    .trim()
    .max(MEDICATION_EVENT_LIMITS.dosageMax, {
      error: `must be at most ${MEDICATION_EVENT_LIMITS.dosageMax} characters`,
    })
    .nullable()
    .optional()
    .transform((value) => value || null),
  kind: MedicationEventKind,
  happenedOn: z.iso.date({ error: "must be a date as YYYY-MM-DD" }),
  summary: text({ error: "is required" })
    .trim()
    .min(1, { error: "is required" })
    .max(MEDICATION_EVENT_LIMITS.summaryMax, {
      error: `must be at most ${MEDICATION_EVENT_LIMITS.summaryMax} characters`,
    }),
  // A source a visitor may follow: only https (the table's CHECK says the same).
  sourceUrl: webAddressText({ max: MEDICATION_EVENT_LIMITS.urlMax, optional: false }).refine(
    (value) => value.startsWith("https://"),
    { error: "must start with https://" },
  ),
});
export type MedicationEventInput = z.input<typeof MedicationEventInput>;

export const PriceContext = z.object({
  label: z.enum(["below", "usual", "above", "new"] as const satisfies readonly PriceContextLabel[]),
  /** One plain sentence for the page. */
  sentence: z.string(),
  /** Today's lowest in-stock price, in pounds. */
  today: z.number(),
  /** Days with an in-stock price in the window, today included. */
  daysKnown: z.number().int().nonnegative(),
  /** The window's lowest and highest daily lowest; null under "new". */
  range: z.object({ min: z.number(), max: z.number() }).nullable(),
  /** The median of each day's lowest, to the penny; null under "new". */
  typical: z.number().nullable(),
  /** The last day before today whose lowest was at or below today's; null when none. */
  lowestSince: z.iso.date().nullable(),
});
export type PriceContext = z.infer<typeof PriceContext>;

const dayAndMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });

/** "2026-09-01" → "1 September", with the year only when it is not `today`'s. */
function shortDay(day: string, today: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const text = dayAndMonth.format(date);
  return day.slice(0, 4) === today.slice(0, 4) ? text : `${text} ${day.slice(0, 4)}`;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * Where `todayPence` sits against `typicalPence`: "usual" within ±PRICE_CONTEXT_BAND_PERCENT %
 * with both edges included, in whole-pence integer arithmetic so an edge never depends on rounding.
 */
export function compareWithTypical(todayPence: number, typicalPence: number): "below" | "usual" | "above" {
  if (todayPence * 100 < typicalPence * (100 - PRICE_CONTEXT_BAND_PERCENT)) return "below";
  if (todayPence * 100 > typicalPence * (100 + PRICE_CONTEXT_BAND_PERCENT)) return "above";
  return "usual";
}

/**
 * The latest list-price change or supply disruption in the window, and which way the lowest moved
 * from the last day before it to today; nothing when it did not move or no day came before it.
 */
function eventClause(
  lowest: readonly DailyPrice[],
  todayPence: number,
  events: readonly MedicationEvent[],
  from: string,
  to: string,
): string | null {
  const explaining = events
    .filter((event) => EVENT_PHRASES[event.kind] && event.happenedOn >= from && event.happenedOn <= to)
    .sort((a, b) => (a.happenedOn < b.happenedOn ? 1 : a.happenedOn > b.happenedOn ? -1 : 0));
  for (const event of explaining) {
    const before = lowest.filter((point) => point.date < event.happenedOn).at(-1);
    if (!before) continue;
    const then = toPence(before.price);
    if (then === todayPence) continue;
    const way = todayPence > then ? "rose" : "fell";
    return `Prices ${way} after ${EVENT_PHRASES[event.kind]} on ${shortDay(event.happenedOn, to)}.`;
  }
  return null;
}

/**
 * Today's lowest against the window's daily lowest (oldest first, one a day at most, days with
 * nothing in stock left out, as `GET /api/prices/history` answers). Null when nothing is in stock
 * today: there is no price to judge, and the comparison already says so.
 */
export function priceContext(history: {
  days: number;
  from: string;
  to: string;
  lowest: readonly DailyPrice[];
  events?: readonly MedicationEvent[];
}): PriceContext | null {
  const { lowest, to, from } = history;
  const last = lowest.at(-1);
  if (!last || last.date !== to) return null;
  const todayPence = toPence(last.price);
  const today = fromPence(todayPence);
  const daysKnown = lowest.length;
  const earlier = lowest.slice(0, -1);
  const since = earlier.filter((point) => toPence(point.price) <= todayPence).at(-1)?.date ?? null;

  if (daysKnown < PRICE_CONTEXT_MIN_DAYS) {
    return {
      label: "new",
      sentence:
        `${formatPounds(today)} is the lowest price today. We have ${daysKnown === 1 ? "one day" : `${daysKnown} days`} ` +
        "of prices for it, not enough history to compare.",
      today,
      daysKnown,
      range: null,
      typical: null,
      lowestSince: since,
    };
  }

  const pence = lowest.map((point) => toPence(point.price));
  // `pence` holds at least the minimum history here, so a median exists.
  const typicalPence = medianPence(pence) as number;
  const min = fromPence(Math.min(...pence));
  const max = fromPence(Math.max(...pence));
  const label = compareWithTypical(todayPence, typicalPence);
  const first = lowest[0] as DailyPrice;
  const span =
    first.date === from ? `over the last ${history.days} days` : `since ${shortDay(first.date, to)}`;

  let opening = `${formatPounds(today)} is the lowest price today`;
  if (since === null && earlier.length > 0 && Math.min(...pence.slice(0, -1)) > todayPence) {
    opening += first.date === from ? `, the lowest in ${history.days} days` : ", the lowest we have recorded";
  } else if (since !== null && dayNumber(to) - dayNumber(since) > PRICE_CONTEXT_SINCE_MIN_DAYS) {
    opening += `, the lowest since ${shortDay(since, to)}`;
  }
  const typicalText = formatPounds(fromPence(typicalPence));
  const rangeText =
    min === max
      ? `it was ${formatPounds(min)} on every day it was in stock`
      : `it ranged from ${formatPounds(min)} to ${formatPounds(max)}`;
  const sentence =
    `${opening}; ${span} ${rangeText}, typically ${typicalText}.` +
    (history.events ? ` ${eventClause(lowest, todayPence, history.events, from, to) ?? ""}`.trimEnd() : "");
  return {
    label,
    sentence,
    today,
    daysKnown,
    range: { min, max },
    typical: fromPence(typicalPence),
    lowestSince: since,
  };
}

/** What the condition page carries for its history (decision 059): the context and the window's events. */
export const ConditionPriceContext = z.object({
  /** The 90-day window, UK days. */
  from: z.iso.date(),
  to: z.iso.date(),
  /** Null when nothing is in stock today. */
  context: PriceContext.nullable(),
  /** Events in the window for the medication and this dosage (or all its dosages), oldest first. */
  events: z.array(MedicationEvent),
});
export type ConditionPriceContext = z.infer<typeof ConditionPriceContext>;
