import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { Slug } from "../../entities.ts";
import { DosageQuery, MedicationIdParams } from "../../public-api.ts";
import { boundedInt } from "../../query.ts";

/** How far back a price history reaches: `price_history` keeps 90 days of the demo's prices. */
export const PRICE_HISTORY_DAYS = { default: 90, max: 90 } as const;

export const PriceHistoryQuery = DosageQuery.extend({
  days: boundedInt(1, PRICE_HISTORY_DAYS.max, PRICE_HISTORY_DAYS.default),
});
export type PriceHistoryQuery = z.infer<typeof PriceHistoryQuery>;

/** A calendar day in UK time (Europe/London), "2026-03-29". */
export const HistoryDate = z.iso.date();

/** The cheapest in-stock price on one day. */
export const DailyPrice = z.object({ date: HistoryDate, price: z.number().positive() });
export type DailyPrice = z.infer<typeof DailyPrice>;

/** One pharmacy's price on one day, in stock or not. */
export const PharmacyDailyPrice = DailyPrice.extend({ inStock: z.boolean() });
export type PharmacyDailyPrice = z.infer<typeof PharmacyDailyPrice>;

export const PharmacyPriceHistory = z.object({
  pharmacyId: Slug,
  name: z.string().min(1),
  /** Oldest first, one a day from its first known price (or the window's first day) to today. */
  points: z.array(PharmacyDailyPrice),
});
export type PharmacyPriceHistory = z.infer<typeof PharmacyPriceHistory>;

export const PriceHistory = z.object({
  medicationId: Slug,
  dosage: z.string().min(1),
  days: z.number().int().min(1).max(PRICE_HISTORY_DAYS.max),
  /** The window's first and last day (today, UK time), so a client can tell what is missing. */
  from: HistoryDate,
  to: HistoryDate,
  /** Oldest first; a day on which no pharmacy had it in stock is left out. */
  lowest: z.array(DailyPrice),
  /** The pharmacies that list it now, by name. */
  pharmacies: z.array(PharmacyPriceHistory),
});
export type PriceHistory = z.infer<typeof PriceHistory>;

export const priceHistory = defineEndpoint({
  method: "GET",
  path: "/api/prices/history/:medicationId",
  access: "public",
  tag: "prices",
  summary: "A medication and dosage's daily lowest price, and each pharmacy's, over the last 1 to 90 days",
  description:
    "Days are UK calendar days (Europe/London), the last `days` of them ending today. A pharmacy's " +
    "price on a day is the last one recorded by the end of that day, carried forward to the following " +
    "days until it changes. Only pharmacies a visitor can compare now appear: active, with a public " +
    "price for this dosage today (its current price is its last point). `lowest` is the cheapest " +
    "in-stock price each day (out-of-stock prices cannot be bought, so they never count, as for price " +
    "alerts); a day with none in stock is left out. An unknown or hidden medication answers 404; a " +
    "dosage the medication is not sold in, or `days` outside 1 to 90, answers 400.",
  cache: "public",
  params: MedicationIdParams,
  query: PriceHistoryQuery,
  responses: { 200: PriceHistory, ...refusals(400, 404) },
});
