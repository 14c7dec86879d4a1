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

/** The longest referral template a pharmacy may carry. */
export const REFERRAL_PARAMS_MAX = 300;

const PARAMETER_NAME = /^[A-Za-z0-9_.~-]+$/;
const PARAMETER_VALUE = /^(?:[A-Za-z0-9_.~+-]|%[0-9A-Fa-f]{2})*$/;

/**
 * Why a referral template is refused, or undefined when it is fine ("" is no referral). A template
 * is query parameters only (`utm_source=pharmacompare&ref=abc`), so appended to a stored link it
 * can change neither the scheme, the host nor the path: no `:`, `/`, `?`, `#`, `@` or `\`, each part
 * `name=value` with plain characters (a value may percent-encode others).
 */
export function referralParamsProblem(template: string): string | undefined {
  if (template === "") return undefined;
  if (template.length > REFERRAL_PARAMS_MAX) return `must be at most ${REFERRAL_PARAMS_MAX} characters`;
  if (/[:/\\@]/.test(template))
    return 'must be query parameters only: ":", "/", "\\" and "@" could change the link\'s scheme, host or path';
  if (template.includes("#")) return 'must be query parameters only: "#" would start a fragment';
  if (template.includes("?")) return 'must be query parameters only, without "?" (it is added for you)';
  if (/\s/.test(template)) return "must not contain spaces (percent-encode them as %20)";
  for (const part of template.split("&")) {
    const [name, value, extra] = part.split("=");
    if (!name || value === undefined || extra !== undefined)
      return `must be name=value pairs joined by "&" ("${part}" is not one)`;
    if (!PARAMETER_NAME.test(name))
      return `parameter names may use letters, digits, "_", ".", "~" and "-" only ("${name}")`;
    if (!PARAMETER_VALUE.test(value))
      return `values may use letters, digits, "_", ".", "~", "+", "-" and %XX escapes only ("${value}")`;
  }
  return undefined;
}

/**
 * The stored link with the referral parameters appended (the link itself unchanged), or undefined
 * when the link is not an http(s) address or the result would point anywhere else: the redirect's
 * target is always the stored link's scheme, host and path.
 */
export function withReferral(link: string, template: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (template === "") return url.href;
  if (referralParamsProblem(template) !== undefined) return undefined;
  const { protocol, host, pathname } = url;
  const query = url.search.length > 1 ? `${url.search.slice(1)}&${template}` : template;
  url.search = `?${query}`;
  return url.protocol === protocol && url.host === host && url.pathname === pathname ? url.href : undefined;
}
