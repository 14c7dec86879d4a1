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
});
export type CatalogueFigures = z.infer<typeof CatalogueFigures>;
