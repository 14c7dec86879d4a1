import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { Slug } from "../../entities.ts";
import {
  MONTH_PATTERN,
  PRICE_INDEX_ATTRIBUTION,
  PRICE_INDEX_LICENCE,
  PRICE_INDEX_LICENCE_URL,
} from "../../price-index.ts";

/*
 * The monthly UK price index (issue 45, decision 061): what the index pages read, and what the
 * open-data downloads hold (the downloads are these answers, or these answers as CSV).
 */

export const IndexMonth = z.string().regex(MONTH_PATTERN, "must be a month, YYYY-MM");

const Licence = {
  /** Stated first in every file (issue 45: "stated on the page and in each file"). */
  licence: z.literal(PRICE_INDEX_LICENCE),
  licenceUrl: z.literal(PRICE_INDEX_LICENCE_URL),
  attribution: z.literal(PRICE_INDEX_ATTRIBUTION),
};

export const IndexChangeSchema = z.object({ pence: z.number().int(), percent: z.number() });

export const PriceIndexRow = z.object({
  medicationId: Slug,
  medicationName: z.string().min(1),
  dosage: z.string().min(1),
  subcategoryId: z.string().min(1),
  /** The median of the month's daily lowest in-stock prices, pounds in whole pence. */
  medianLowest: z.number().positive(),
  /** Days of the month with a lowest in-stock price. */
  days: z.number().int().min(1),
  /** The most pharmacies that had it in stock on one day of the month. */
  pharmacies: z.number().int().min(1),
  /** Change on the previous month; null when that month has no figure for it. */
  previousMonth: IndexChangeSchema.nullable(),
  /** Change on the same month a year earlier; null when that month has no figure for it. */
  lastYear: IndexChangeSchema.nullable(),
});
export type PriceIndexRow = z.infer<typeof PriceIndexRow>;

export const PriceIndexCondition = z.object({ subcategoryId: z.string().min(1), name: z.string().min(1) });

export const PriceIndexMonthAnswer = z.object({
  ...Licence,
  month: IndexMonth,
  /** When the job computed the month. */
  computedAt: z.iso.datetime({ offset: true }),
  /** The conditions with figures this month, by name. */
  conditions: z.array(PriceIndexCondition.extend({ rows: z.number().int().min(1) })),
  /** By condition, then medication name, then dosage. */
  rows: z.array(PriceIndexRow),
});
export type PriceIndexMonthAnswer = z.infer<typeof PriceIndexMonthAnswer>;

export const PriceIndexArchive = z.object({
  /** Newest first: every month the job has computed, with how many medications and dosages it holds. */
  months: z.array(z.object({ month: IndexMonth, rows: z.number().int().min(1) })),
});
export type PriceIndexArchive = z.infer<typeof PriceIndexArchive>;

export const PriceIndexConditionAnswer = z.object({
  ...Licence,
  month: IndexMonth,
  condition: PriceIndexCondition,
  rows: z.array(PriceIndexRow),
  /** The condition's chained index (100 at its first month), oldest first, up to this month. */
  series: z.array(z.object({ month: IndexMonth, index: z.number().positive() })),
});
export type PriceIndexConditionAnswer = z.infer<typeof PriceIndexConditionAnswer>;

export const DailyLowestRow = z.object({
  date: z.iso.date(),
  medicationId: Slug,
  dosage: z.string().min(1),
  lowest: z.number().positive(),
  pharmacies: z.number().int().min(1),
});
export type DailyLowestRow = z.infer<typeof DailyLowestRow>;

export const PriceIndexDailyLowest = z.object({
  ...Licence,
  month: IndexMonth,
  /** By medication, dosage, then day; a day with none in stock is left out. */
  rows: z.array(DailyLowestRow),
});
export type PriceIndexDailyLowest = z.infer<typeof PriceIndexDailyLowest>;

const MonthParams = z.object({ month: IndexMonth });
const ConditionParams = MonthParams.extend({ subcategoryId: z.string().min(1).max(100) });

export const priceIndexArchive = defineEndpoint({
  method: "GET",
  path: "/api/price-index",
  access: "public",
  tag: "price index",
  summary: "Every month of the UK price index computed so far, newest first",
  description:
    "A month appears once it has ended and the scheduled job has computed it from the price history.",
  cache: "public",
  responses: { 200: PriceIndexArchive },
});

export const priceIndexMonth = defineEndpoint({
  method: "GET",
  path: "/api/price-index/:month",
  access: "public",
  tag: "price index",
  summary: "One month of the UK price index: each medication and dosage's median lowest price (CC BY 4.0)",
  description:
    "The median of each day's lowest in-stock price of each listed medication and dosage in the month " +
    "(UK days), in whole pence, with its change on the previous month and on the same month a year " +
    "earlier and the most pharmacies that priced it in stock on a day. Open data under CC BY 4.0. A " +
    "month the job has not computed answers 404.",
  cache: "public",
  params: MonthParams,
  responses: { 200: PriceIndexMonthAnswer, ...refusals(400, 404) },
});

export const priceIndexCondition = defineEndpoint({
  method: "GET",
  path: "/api/price-index/:month/conditions/:subcategoryId",
  access: "public",
  tag: "price index",
  summary: "One condition's rows of a month's UK price index, and its index over the months",
  description:
    "The month's rows for the condition and its chained index (100 in its first month with figures). " +
    "A month not computed, or a condition with no figures that month, answers 404.",
  cache: "public",
  params: ConditionParams,
  responses: { 200: PriceIndexConditionAnswer, ...refusals(400, 404) },
});

export const priceIndexDailyLowest = defineEndpoint({
  method: "GET",
  path: "/api/price-index/:month/daily-lowest",
  access: "public",
  tag: "price index",
  summary: "Each day's lowest in-stock price of each medication and dosage in an index month (CC BY 4.0)",
  description:
    "The daily figures the month's index is the median of, read from the price history as it is now. " +
    "A month the job has not computed answers 404.",
  cache: "public",
  params: MonthParams,
  responses: { 200: PriceIndexDailyLowest, ...refusals(400, 404) },
});
