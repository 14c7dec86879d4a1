import {
  hiddenBefore,
  mayBeOutOfDate,
  type PriceFreshnessLimits,
  staleBefore,
} from "@pharmacompare/contract";
import { gt, type SQL } from "drizzle-orm";
import { prices } from "../../db/schema.ts";

/**
 * The API's one place for price freshness (decision 048): with the configured limits and the
 * services' clock, which prices are still listed (confirmed within PRICE_HIDE_DAYS) and which
 * "may be out of date" (not confirmed for PRICE_STALE_DAYS). Every read that shows a price or a
 * lowest-price figure adds `listed()`; the price history and the back-office do not.
 */
export interface PriceFreshness {
  limits: PriceFreshnessLimits & { dailyClaimShare: number };
  now: () => Date;
  /** A condition on `prices`: still listed now. */
  listed(): SQL;
  /** A condition on `prices`: confirmed within the stale limit (alerts fire on these only). */
  fresh(): SQL;
  /** The cut-off behind `listed()`, for raw SQL. */
  hiddenBefore(): Date;
  /** Whether a row last confirmed then is to carry "may be out of date". */
  mayBeOutOfDate(lastConfirmed: Date): boolean;
}

export function createPriceFreshness(
  limits: PriceFreshnessLimits & { dailyClaimShare: number },
  now: () => Date,
): PriceFreshness {
  return {
    limits,
    now,
    listed: () => gt(prices.lastConfirmed, hiddenBefore(limits, now())),
    fresh: () => gt(prices.lastConfirmed, staleBefore(limits, now())),
    hiddenBefore: () => hiddenBefore(limits, now()),
    mayBeOutOfDate: (lastConfirmed) => mayBeOutOfDate(limits, lastConfirmed, now()),
  };
}
