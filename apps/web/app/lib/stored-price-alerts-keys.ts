/*
 * Where the price alerts kept on this device live, apart from reading and sending them: every
 * page's first JavaScript checks for waiting alerts, while the sending loads only when some wait.
 */

/**
 * Price alerts the API could not be reached for, kept in the browser until it answers (public
 * site §3 "locally stored price alerts (each with id and createdAt)", §7). The key is the
 * specification's own.
 */
export const STORED_PRICE_ALERTS_KEY = "priceAlerts";
/** Fired on `window` when this tab changes the list, so the sender looks again. */
export const STORED_PRICE_ALERTS_EVENT = "pc:price-alerts";
/** At most this many wait on one device; the oldest give way. */
export const STORED_PRICE_ALERTS_MAX = 20;
/** How often a page tries again while alerts wait (and at once when the browser comes back online). */
export const STORED_PRICE_ALERTS_RETRY_MS = 60_000;

/** Whether any alert may be waiting, without reading the list (that loads with the sender). */
export function mayHoldStoredPriceAlerts(storage: Pick<Storage, "getItem"> | undefined): boolean {
  try {
    const value = storage?.getItem(STORED_PRICE_ALERTS_KEY);
    return value !== null && value !== undefined && value !== "[]";
  } catch {
    return false;
  }
}
