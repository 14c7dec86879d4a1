import { z } from "zod";
import { isWholePence } from "../../format.ts";
import { text } from "../../text.ts";
import { webAddressText } from "../../web-address-field.ts";

/**
 * Building blocks of the back-office catalogue's request bodies (medications, pharmacies, prices,
 * categories): one rule per kind of field, so every form and the API say the same thing.
 */

export const CATALOGUE_LIMITS = {
  nameMax: 200,
  descriptionMax: 5000,
  dosageMax: 100,
  dosagesMax: 50,
  urlMax: 500,
  deliveryTimeMax: 100,
  /** The medication dropdowns' fetch (back-office §9). */
  medicationListMax: 1000,
  bulkPricesMax: 5000,
  /** Highest price or fee we store: numeric(10,2) holds more, nobody sells a pack for more. */
  poundsMax: 99_999.99,
  idMax: 120,
} as const;

/** Sentences the catalogue screens show as they are (back-office §5, §8). */
export const catalogueMessages = {
  subcategoryNameRequired: "Please enter a subcategory name",
  requiredFields: "Please fill all required fields",
} as const;

/**
 * A catalogue id from a name: lowercase ASCII letters and digits, runs of anything else turned
 * into one hyphen, no hyphen at either end, at most 110 characters (room for a "-2" suffix within
 * the 120 an id may have). Accents are dropped first ("Crème" → "creme"). "" when nothing is left.
 */
export function idFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 110)
    .replace(/-+$/, "");
}

export const requiredMessage = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? "is required" : "must be text";

/** Text a form requires: trimmed, not blank ("is required" when missing or blank). */
export function requiredText(max: number) {
  return text({ error: requiredMessage })
    .trim()
    .min(1, { error: "is required" })
    .max(max, { error: `must be at most ${max} characters` });
}

/** Text a form may leave out: trimmed; null and absent read as "". */
export function optionalText(max: number) {
  return text({ error: "must be text" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .nullable()
    .transform((value) => value ?? "");
}

const CATALOGUE_ID_RULE =
  "must be lowercase letters and digits in words joined by single hyphens, at most 120 characters";

/** A catalogue id given by the client (medications, pharmacies, categories). */
export const CatalogueId = text({ error: "must be text" })
  .trim()
  .max(CATALOGUE_LIMITS.idMax, { error: CATALOGUE_ID_RULE })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: CATALOGUE_ID_RULE });

/** An id that refers to a row (a medication, a pharmacy): its existence is the API's check. */
export const ReferenceId = text({ error: requiredMessage })
  .trim()
  .min(1, { error: "is required" })
  .max(100, { error: "must be at most 100 characters" });

/** A required web address (a pharmacy's website): the one URL rule (web-address.ts), stored as its `href`. */
export const WebAddress = webAddressText({
  max: CATALOGUE_LIMITS.urlMax,
  optional: false,
  error: requiredMessage,
});

/** A web address or nothing: "" and null mean none (stored as ""); otherwise stored as its `href`. */
export const OptionalWebAddress = webAddressText({ max: CATALOGUE_LIMITS.urlMax, optional: true });

/** A price's link: a web address, or "" / null for none (stored as null). */
export const PriceLink = OptionalWebAddress.transform((value) => (value === "" ? null : value));

/**
 * Staff's explicit confirmation of a link on another site than the pharmacy's own (decision 029's
 * rule, which sheets and feeds apply): without it such a link is refused beside the field; with it
 * the link is written and the audit entry names it (029, addendum of issue 42).
 */
export const AcceptOffSiteLink = z.boolean({ error: "must be true or false" }).optional();

/** A number from JSON, or the text of one as a form field gives it ("12.50"). */
const numberOrNumericText = (error: string) =>
  z.union([z.number({ error }), text({ error })], { error }).transform((value, context) => {
    if (typeof value === "number") return value;
    const trimmed = value.trim();
    const parsed = trimmed === "" ? Number.NaN : Number(trimmed);
    if (!Number.isFinite(parsed)) {
      context.addIssue({ code: "custom", message: error });
      return z.NEVER;
    }
    return parsed;
  });

const PRICE_RULE = "must be a price in pounds above 0, with at most 2 decimals";

/** A selling price in pounds: above 0, whole pence (public site §5: prices above £0 count). */
export const PoundsPrice = numberOrNumericText(PRICE_RULE).pipe(
  z
    .number()
    .gt(0, { error: PRICE_RULE })
    .max(CATALOGUE_LIMITS.poundsMax, { error: `must be at most ${CATALOGUE_LIMITS.poundsMax}` })
    .refine(isWholePence, { error: PRICE_RULE }),
);

const QUANTITY_RULE = "must be a whole number of at least 1";

/** Packs in a price (back-office §9: default 1). */
export const PackQuantity = numberOrNumericText(QUANTITY_RULE).pipe(
  z
    .number()
    .int({ error: QUANTITY_RULE })
    .min(1, { error: QUANTITY_RULE })
    .max(10_000, { error: "must be at most 10000" }),
);

/**
 * A pharmacy's numeric field under the specification's fall-back (back-office §5 "numeric fields
 * fall back to 0 when not a number"): "", null and text that is not a number read as 0; a number
 * (or numeric text) must then be within `min`..`max` and a multiple of `step`.
 */
export function fallbackNumber(options: { max: number; step: number; rule: string }) {
  const { max, step, rule } = options;
  const onStep = (value: number) => Math.abs(Math.round(value / step) * step - value) < 1e-9;
  return z
    .union([z.number(), z.string(), z.null()], { error: rule })
    .transform((value) => {
      if (typeof value === "number") return value;
      if (value === null) return 0;
      const trimmed = value.trim();
      const parsed = trimmed === "" ? Number.NaN : Number(trimmed);
      return Number.isFinite(parsed) ? parsed : 0;
    })
    .pipe(z.number().min(0, { error: rule }).max(max, { error: rule }).refine(onStep, { error: rule }));
}
