/*
 * The one rule for a web address, without zod: the pharmacy and compare pages check a stored
 * address with it in the browser, where zod is not loaded (page budget, decision 025); the
 * schema every URL field uses is in web-address-field.ts.
 */

/** True for an absolute http or https address with a host. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const WEB_ADDRESS_RULE = "must be a web address starting with http:// or https://";
export const WEB_ADDRESS_CHARACTERS_RULE =
  "must not contain spaces, line breaks, tabs or other invisible characters: type the address on one line (a space is written %20)";

/**
 * Control characters (C0, DEL, C1), invisible format characters (soft hyphen, zero-width, bidi
 * marks) and every kind of space or line separator. The URL parser drops a tab or line break
 * anywhere in an address, so an address holding one was stored as typed yet led somewhere else
 * (issue 42); an address a visitor is sent to has none of them.
 */
const INVISIBLE_OR_SPACE = /[\p{Cc}\p{Cf}\p{Z}\s]/u;

/** True when an address (already trimmed) holds a space, line break or invisible character inside. */
export function hasInvisibleOrSpace(value: string): boolean {
  return INVISIBLE_OR_SPACE.test(value);
}

/** Why an address (already trimmed) cannot be stored, or null: the one rule of every URL field. */
export function webAddressProblem(value: string): string | null {
  if (INVISIBLE_OR_SPACE.test(value)) return WEB_ADDRESS_CHARACTERS_RULE;
  if (!isWebAddress(value)) return WEB_ADDRESS_RULE;
  return null;
}
