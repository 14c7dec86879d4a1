import { z } from "zod";

/**
 * The figures behind the site's headline claims, counted from the live catalogue: what a visitor
 * can compare right now.
 */
export const CatalogueFigures = z.object({
  /** Listed pharmacies (active and GPhC-registered) with at least one price a visitor can see. */
  pharmacies: z.number().int().min(0),
  /** Public medications with at least one price a visitor can see. */
  medications: z.number().int().min(0),
  /**
   * The largest saving on one pack, as a whole percentage of the dearest in-stock price: between
   * the cheapest and the dearest pharmacy that have the same medication and dosage in stock.
   */
  largestSavingPercent: z.number().int().min(0).max(100),
  /** When the most recently checked visible price was checked; null with no prices. */
  latestPriceUpdate: z.iso.datetime({ offset: true }).nullable(),
  /** Prices a visitor can see (listed: public and confirmed within the hide limit, decision 048). */
  pricesListed: z.number().int().min(0),
  /** Of those, how many were confirmed in the last 24 hours. */
  pricesConfirmedLastDay: z.number().int().min(0),
  /** The share of listed prices (0–1) that must be confirmed in the last day to claim daily updates. */
  dailyClaimShare: z.number().min(0).max(1),
});
export type CatalogueFigures = z.infer<typeof CatalogueFigures>;
