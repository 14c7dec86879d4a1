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
   * The "Up to" saving (issue 41): for each pack (medication and dosage) two or more pharmacies
   * list in stock, the saving between the cheapest and the dearest as a share of the dearest; the
   * figure one pack in ten reaches (SAVING_PERCENTILE), as a whole percentage rounded down — a
   * robust figure that one outlier row cannot move, and one a visitor can find.
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
