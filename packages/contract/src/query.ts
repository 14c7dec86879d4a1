import { z } from "zod";

/**
 * A whole number from `min` to `max` read from a query string (or a JSON number), `fallback`
 * when absent. The one rule for every bounded integer parameter, so all say the same thing.
 */
export function boundedInt(min: number, max: number, fallback: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce
    .number<number>({ error })
    .int({ error })
    .min(min, { error })
    .max(max, { error })
    .default(fallback);
}

/** Highest offset a list accepts: far past any real catalogue, low enough to keep OFFSET cheap. */
export const MAX_OFFSET = 1_000_000;

/** Highest page number any list accepts: far past any real list, low enough to keep OFFSET sane. */
export const MAX_PAGE = 100_000;

/**
 * The one pagination convention of admin lists (back-office §7: `page`, `limit`, `totalPages`):
 * pages count from 1; a page past the end answers an empty list with the real `totalPages`.
 */
export function pageQuery(limits: { default: number; max: number }) {
  return z.object({
    page: boundedInt(1, MAX_PAGE, 1),
    limit: boundedInt(1, limits.max, limits.default),
  });
}

/** The paging fields every paged answer carries beside its list. `totalPages` is at least 1. */
export const PageInfo = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().min(1),
});
export type PageInfo = z.infer<typeof PageInfo>;

/** Page info for `total` rows at `limit` a page. */
export function pageInfo(page: number, limit: number, total: number): PageInfo {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
