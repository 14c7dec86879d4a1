import { z } from "zod";
import { text } from "./text.ts";
import { webAddressProblem } from "./web-address.ts";

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
