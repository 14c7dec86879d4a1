import {
  type AdminPharmacy,
  CONSULTATION_FEE_BASES,
  DELIVERY_OPTIONS,
  formatAmount,
  type PharmacyInput,
} from "@pharmacompare/contract";

/** The pharmacy form's fields in the order they appear (focus goes to the first one at fault). */
export const PHARMACY_FIELDS = [
  "name",
  "website",
  "gphcNumber",
  "rating",
  "description",
  "trustpilotUrl",
  "deliveryOptions",
  "deliveryTime",
  "deliveryFee",
  "freeDeliveryThreshold",
  "minOrderValue",
  "consultationFee",
  "consultationFeeBasis",
  "prescriptionRequired",
  "consultationUrl",
  "active",
  "referralParams",
] as const satisfies readonly (keyof PharmacyInput)[];
export type PharmacyField = (typeof PHARMACY_FIELDS)[number];

/** What the form's inputs start from: the pharmacy being edited, or a new one's defaults. */
export type PharmacyFormValues = Pick<AdminPharmacy, PharmacyField>;

/**
 * Back-office §5: "numeric fields fall back to 0 when not a number". A number field the browser
 * could not read arrives blank, so blank and unreadable text are both 0; the API judges the rest
 * (negative, out of range, off its step).
 */
export function numberOrZero(value: FormDataEntryValue | null): number {
  const trimmed = typeof value === "string" ? value.trim() : "";
  const parsed = trimmed === "" ? Number.NaN : Number(trimmed);
  return Number.isFinite(parsed) ? parsed : 0;
}

const isConsultationFeeBasis = (value: string): value is (typeof CONSULTATION_FEE_BASES)[number] =>
  (CONSULTATION_FEE_BASES as readonly string[]).includes(value);

const isDeliveryOption = (value: string): value is (typeof DELIVERY_OPTIONS)[number] =>
  (DELIVERY_OPTIONS as readonly string[]).includes(value);

/** The form's fields as the API takes them, for creating and for updating alike. */
export function pharmacyBody(form: FormData): PharmacyInput {
  const text = (name: PharmacyField) => String(form.get(name) ?? "");
  const basis = text("consultationFeeBasis");
  return {
    name: text("name"),
    website: text("website"),
    gphcNumber: text("gphcNumber"),
    rating: numberOrZero(form.get("rating")),
    description: text("description"),
    trustpilotUrl: text("trustpilotUrl"),
    deliveryOptions: form.getAll("deliveryOptions").map(String).filter(isDeliveryOption),
    deliveryTime: text("deliveryTime"),
    deliveryFee: numberOrZero(form.get("deliveryFee")),
    freeDeliveryThreshold: numberOrZero(form.get("freeDeliveryThreshold")),
    minOrderValue: numberOrZero(form.get("minOrderValue")),
    consultationFee: numberOrZero(form.get("consultationFee")),
    // A value the form never offers is left to the API's default rather than sent.
    ...(isConsultationFeeBasis(basis) ? { consultationFeeBasis: basis } : {}),
    prescriptionRequired: form.get("prescriptionRequired") === "on",
    consultationUrl: text("consultationUrl"),
    active: form.get("active") === "on",
    referralParams: text("referralParams"),
  };
}

/**
 * The refusal's messages for this form's fields. The API names a field by its path, so a
 * message about one delivery option ("deliveryOptions.1") belongs to the options group.
 */
export function pharmacyFieldErrors(fields: Record<string, string>): Partial<Record<PharmacyField, string>> {
  const errors: Partial<Record<PharmacyField, string>> = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = PHARMACY_FIELDS.find((name) => path === name || path.startsWith(`${name}.`));
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** "2.95" for a money input; whole pounds keep their pence so the field reads as money. */
export function moneyInputValue(amount: number): string {
  return formatAmount(amount);
}
