import { z } from "zod";
import { text } from "./text.ts";

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

/**
 * The one schema of every URL field a visitor can be sent to or the API fetches (pharmacy website
 * and Trustpilot page, price links, feed address; sheets and feed rows through `PriceLink`):
 * trimmed, refused with a sentence for whitespace or control characters inside and for anything
 * that is not an http(s) address, and stored as the parser's `href`, so what is stored is exactly
 * where `/go` sends a visitor. `max` bounds both what was typed and the stored `href` (the parser
 * may lengthen an address by percent-encoding it). When `optional`, "" and null are answered as "";
 * otherwise they are "is required".
 */
export function webAddressText(options: {
  max: number;
  optional: boolean;
  /** What a value that is not text is told. */
  error?: string | ((issue: { input: unknown }) => string);
}) {
  const tooLong = `must be at most ${options.max} characters`;
  return text({ error: options.error ?? (options.optional ? "must be text" : "is required") })
    .trim()
    .max(options.max, { error: tooLong })
    .nullable()
    .transform((typed, context) => {
      const value = typed ?? "";
      if (value === "") {
        if (!options.optional) context.addIssue({ code: "custom", message: "is required" });
        return value;
      }
      const problem = webAddressProblem(value);
      if (problem) {
        context.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      const href = new URL(value).href;
      if (href.length > options.max) {
        context.addIssue({ code: "custom", message: tooLong });
        return z.NEVER;
      }
      return href;
    });
}
