/**
 * Counted click-outs (issue 31, decision 044): every "Visit pharmacy" link goes to the API's
 * `/go/{priceId}` (or `/go/pharmacy/{pharmacyId}` for a pharmacy's own website), which counts the
 * visit without anything about the visitor and answers a 302 to the stored link with the
 * pharmacy's referral parameters. Both tiers build and read these addresses from here.
 */

/** Where a click-out was made: a short known value, never a free URL (the dashboard groups by it). */
export const CLICK_OUT_SOURCES = ["comparison", "pharmacy-page", "email", "other"] as const;
export type ClickOutSource = (typeof CLICK_OUT_SOURCES)[number];

/** The query key that names the source; any other value (or none) counts as "other". */
export const CLICK_OUT_SOURCE_KEY = "from";

export function clickOutSource(value: unknown): ClickOutSource {
  return (CLICK_OUT_SOURCES as readonly unknown[]).includes(value) ? (value as ClickOutSource) : "other";
}

const trimOrigin = (apiUrl: string) => apiUrl.replace(/\/+$/, "");

/** Our address for one price's "Visit pharmacy": the API counts it and redirects. */
export function clickOutUrl(apiUrl: string, priceId: string, from: ClickOutSource): string {
  return `${trimOrigin(apiUrl)}/go/${encodeURIComponent(priceId)}?${CLICK_OUT_SOURCE_KEY}=${from}`;
}

/** Our address for a pharmacy's own website (its page's "Visit website"). */
export function pharmacyClickOutUrl(apiUrl: string, pharmacyId: string, from: ClickOutSource): string {
  return `${trimOrigin(apiUrl)}/go/pharmacy/${encodeURIComponent(pharmacyId)}?${CLICK_OUT_SOURCE_KEY}=${from}`;
}
