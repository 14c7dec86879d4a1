import type { Medication, PriceInput, PriceUpdate } from "@pharmacompare/contract";

/** The Price Management screen's reading of its forms (back-office §2 Price Management, §5). */

/** The add form's fields in the order they appear (focus goes to the first one at fault). */
export const PRICE_FIELDS = [
  "pharmacyId",
  "dosage",
  "price",
  "quantity",
  "introductoryPrice",
  "introductoryTerms",
  "link",
  "acceptOffSiteLink",
  "inStock",
] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** A medication picker option: "Mounjaro (Injection)". */
export function medicationOptionLabel(medication: Pick<Medication, "name" | "form">): string {
  return `${medication.name} (${medication.form})`;
}

/** "Save Price" stays disabled until a pharmacy, a dosage and a price are set. */
export function canSavePrice(values: { pharmacyId: string; dosage: string; price: string }): boolean {
  return values.pharmacyId !== "" && values.dosage.trim() !== "" && values.price.trim() !== "";
}

/**
 * A typed number as the API takes it: the number when the text is one, else the text itself, so
 * the API refuses it by name instead of the form guessing ("12abc" is not £12).
 */
function typedNumber(value: FormDataEntryValue | null): number | string {
  const text = typeof value === "string" ? value.trim() : "";
  const parsed = text === "" ? Number.NaN : Number(text);
  return Number.isFinite(parsed) ? parsed : text;
}

/** A blank link is no link. */
function linkValue(value: FormDataEntryValue | null): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  return text === "" ? null : text;
}

/**
 * The introductory price and terms as the API takes them (decision 057): "" clears both, and a
 * typed amount goes as a number (or its text, for the API to refuse by name).
 */
function introductoryFields(form: FormData) {
  const amount = typedNumber(form.get("introductoryPrice"));
  const terms = String(form.get("introductoryTerms") ?? "").trim();
  return {
    introductoryPrice: amount,
    introductoryTerms: terms as "" | "first-order" | "first-month",
  };
}

/** The "+ Add Price" form as the API takes it; a blank quantity is the default, 1 (back-office §9). */
export function priceInput(form: FormData, medicationId: string): PriceInput {
  const quantity = typedNumber(form.get("quantity"));
  return {
    medicationId,
    pharmacyId: String(form.get("pharmacyId") ?? ""),
    dosage: String(form.get("dosage") ?? "").trim(),
    price: typedNumber(form.get("price")),
    quantity: quantity === "" ? 1 : quantity,
    inStock: form.get("inStock") === "on",
    link: linkValue(form.get("link")),
    ...(form.has("introductoryPrice") ? introductoryFields(form) : {}),
    // Shown only once the API refused a link to another site than the pharmacy's (decision 029).
    ...(form.get("acceptOffSiteLink") === "on" ? { acceptOffSiteLink: true } : {}),
  };
}

/**
 * An inline edit: the new amount, stock and introductory price; the rest of the row stays as it is.
 * A form without the introductory fields leaves them as stored.
 */
export function priceUpdate(form: FormData): PriceUpdate {
  return {
    price: typedNumber(form.get("price")),
    inStock: form.get("inStock") === "on",
    ...(form.has("introductoryPrice") ? introductoryFields(form) : {}),
  };
}

/** The refusal's messages for the add form's fields. */
export function priceFieldErrors(fields: Record<string, string>): Partial<Record<PriceField, string>> {
  return Object.fromEntries(
    PRICE_FIELDS.filter((field) => fields[field]).map((field) => [field, fields[field]]),
  );
}
