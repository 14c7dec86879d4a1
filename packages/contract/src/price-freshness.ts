/**
 * How fresh a price must be to be shown, and how it is flagged (issue 29, decision 048). The API
 * applies these with its configured limits (PRICE_STALE_DAYS, PRICE_HIDE_DAYS,
 * PRICE_DAILY_CLAIM_SHARE); the web only shows what the API's rows and figures say.
 */
export const PRICE_FRESHNESS_DEFAULTS = {
  /** Days unconfirmed after which a price "may be out of date" (TreatCompare's published week). */
  staleDays: 7,
  /** Days unconfirmed after which a price leaves the comparison and every lowest-price figure. */
  hideDays: 14,
  /** Share of listed prices confirmed in the last 24 hours needed to claim "prices updated daily". */
  dailyClaimShare: 0.9,
} as const;

export interface PriceFreshnessLimits {
  staleDays: number;
  hideDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Prices confirmed at or before this instant are stale ("may be out of date"). */
export const staleBefore = (limits: PriceFreshnessLimits, now: Date): Date =>
  new Date(now.getTime() - limits.staleDays * DAY_MS);

/** Prices confirmed at or before this instant are no longer listed (they stay in the history). */
export const hiddenBefore = (limits: PriceFreshnessLimits, now: Date): Date =>
  new Date(now.getTime() - limits.hideDays * DAY_MS);

/** Whether a price last confirmed at `lastConfirmed` may be out of date at `now`. */
export const mayBeOutOfDate = (limits: PriceFreshnessLimits, lastConfirmed: Date, now: Date): boolean =>
  lastConfirmed.getTime() <= staleBefore(limits, now).getTime();

/** The visible words a stale price carries (issue 29: text, never colour alone). */
export const STALE_PRICE_TEXT = "may be out of date";

/** Confirmed within this long counts toward the daily claim. */
export const DAILY_CLAIM_WINDOW_MS = DAY_MS;

/** Whole percent of listed prices confirmed in the last day, rounded down (never overstated). */
export function confirmedSharePercent(listed: number, confirmedLastDay: number): number {
  if (listed <= 0) return 0;
  return Math.floor((Math.min(confirmedLastDay, listed) / listed) * 100 + 1e-9);
}
