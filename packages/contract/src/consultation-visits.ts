import { readLegalCategory, UNKNOWN_LEGAL_CATEGORY } from "./ids.ts";
import { withReferral } from "./referral-params.ts";
import { webAddressProblem } from "./web-address.ts";

/*
 * Visits that start at the consultation (issue 44, decision 058). A person must not choose a
 * prescription-only medicine before a prescriber has assessed them (GPhC guidance for pharmacy
 * services at a distance, 2025), so a click-out for one goes to the pharmacy's consultation
 * address, not to a product or basket page, and the row says "Start a consultation". Both tiers
 * read the rule from here: the API to choose the redirect, the web to choose the link's words.
 */

/** Where a consultation address takes the medication as context: its query only. */
export const CONSULTATION_MEDICATION_PLACEHOLDER = "{medication}";

/** The link's words where the visit starts at the consultation, and where it does not. */
export const START_CONSULTATION_LABEL = "Start a consultation";
export const VISIT_PHARMACY_LABEL = "Visit pharmacy";

const PLACEHOLDER_PATTERN = /\{medication\}|%7Bmedication%7D/i;
const ANY_BRACES = /\{[^}]*\}|%7B.*?%7D/gi;

/**
 * Why a consultation address (already a parsed web address, see `webAddressText`) cannot be
 * stored, or undefined when it is fine ("" is none). Its site is checked against the pharmacy's
 * website by the API, which holds the public-suffix list (decision 029's rule, `onWebsite`).
 */
export function consultationUrlProblem(address: string): string | undefined {
  if (address === "") return undefined;
  const problem = webAddressProblem(address);
  if (problem) return problem;
  const url = new URL(address);
  if (url.protocol !== "https:")
    return "must start with https:// (a consultation asks about a person's health)";
  const outsideQuery = `${url.username}${url.password}${url.hostname}${url.pathname}${url.hash}`;
  if (PLACEHOLDER_PATTERN.test(outsideQuery)) {
    return `may hold ${CONSULTATION_MEDICATION_PLACEHOLDER} only in its query (after "?"), never in the site, path or "#" part`;
  }
  const others = (url.search.match(ANY_BRACES) ?? []).filter((found) => !PLACEHOLDER_PATTERN.test(found));
  if (others.length > 0) {
    return `knows only the placeholder ${CONSULTATION_MEDICATION_PLACEHOLDER} ("${others[0]}" is not one)`;
  }
  return undefined;
}

/** True for a prescription-only medicine: POM, or a category nobody gave (decision 035). */
export function isPrescriptionOnly(legalCategory: unknown): boolean {
  return (readLegalCategory(legalCategory) ?? UNKNOWN_LEGAL_CATEGORY) === "POM";
}

/**
 * Whether a visit for this medicine at this pharmacy starts at its consultation: a
 * prescription-only medicine at a pharmacy with a consultation address.
 */
export function startsAtConsultation(
  legalCategory: unknown,
  pharmacyHasConsultation: boolean | undefined,
): boolean {
  return pharmacyHasConsultation === true && isPrescriptionOnly(legalCategory);
}

/**
 * The consultation address with the medication as context: each placeholder in its query becomes
 * the medication's URL-encoded name (a pharmacy's consultation recognises a medicine's name; our
 * ids are our own). Undefined when the address is not one `consultationUrlProblem` accepts, or
 * when the result would change its scheme, host or path.
 */
export function consultationAddress(template: string, medicationName: string): string | undefined {
  if (template === "" || consultationUrlProblem(template) !== undefined) return undefined;
  const url = new URL(template);
  const { protocol, host, pathname } = url;
  if (url.search.length > 1) {
    url.search = url.search.replace(/\{medication\}|%7Bmedication%7D/gi, encodeURIComponent(medicationName));
  }
  return url.protocol === protocol && url.host === host && url.pathname === pathname ? url.href : undefined;
}

/** Where a click-out goes, and which kind of address that is. */
export interface ClickOutDestination {
  /** "consultation" for a prescription-only visit that starts at the consultation, else "product". */
  kind: "consultation" | "product";
  location: string;
}

/**
 * The one choice of where a click-out goes (issue 44, decisions 044 and 058). A prescription-only
 * medicine at a pharmacy with a consultation address goes to that address (with the medication as
 * context where it has the placeholder); anything else to the price's link, else the pharmacy's
 * website, as before. The pharmacy's referral parameters are appended either way (`withReferral`).
 * A stored address that breaks the rules (a space inside, from before issue 42) is passed over;
 * undefined when nothing is left.
 */
export function clickOutDestination(visit: {
  legalCategory: unknown;
  medicationName: string;
  consultationUrl: string;
  link: string | null;
  website: string;
  referralParams: string;
}): ClickOutDestination | undefined {
  if (startsAtConsultation(visit.legalCategory, visit.consultationUrl.trim() !== "")) {
    const address = consultationAddress(visit.consultationUrl.trim(), visit.medicationName);
    const location = address ? withReferral(address, visit.referralParams) : undefined;
    if (location) return { kind: "consultation", location };
  }
  for (const candidate of [visit.link, visit.website]) {
    const trimmed = candidate?.trim();
    if (!trimmed || webAddressProblem(trimmed)) continue;
    const location = withReferral(trimmed, visit.referralParams);
    if (location) return { kind: "product", location };
  }
  return undefined;
}
