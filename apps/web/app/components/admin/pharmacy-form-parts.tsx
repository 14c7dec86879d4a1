import { PHARMACY_DEFAULTS } from "@pharmacompare/contract";
import type { ReactNode } from "react";
import { InputField, SelectField } from "./catalogue-controls.tsx";
import { moneyInputValue, type PharmacyField, type PharmacyFormValues } from "./pharmacy-input.ts";

/** Pieces of the pharmacy form (back-office §2 Pharmacy form: basic information, delivery, settings). */

/** A new pharmacy starts from the §3 defaults: rating 4, fee £2.95, standard delivery, prescription required, active. */
export const NEW_PHARMACY: PharmacyFormValues = {
  ...PHARMACY_DEFAULTS,
  deliveryOptions: [...PHARMACY_DEFAULTS.deliveryOptions],
  name: "",
  website: "",
  gphcNumber: null,
  referralParams: "",
};

/** One of the form's three groups: a titled panel. */
export function FormGroup({
  title,
  titleId,
  children,
}: {
  title: string;
  titleId: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <h2
        id={titleId}
        className="border-slate-200 border-b px-4 py-3 font-semibold text-base text-slate-900 sm:px-5"
      >
        {title}
      </h2>
      <div className="space-y-4 px-4 py-4 sm:px-5 sm:py-5">{children}</div>
    </section>
  );
}

/** An amount in pounds: at least 0, in pence. */
export function MoneyField({
  label,
  name,
  value,
  hint,
  error,
}: {
  label: string;
  name: PharmacyField;
  value: number;
  hint?: string;
  error?: string;
}) {
  return (
    <InputField
      label={label}
      name={name}
      type="number"
      inputMode="decimal"
      min={0}
      step={0.01}
      prefix="£"
      defaultValue={moneyInputValue(value)}
      hint={hint}
      error={error}
    />
  );
}

const BASIS_LABELS = {
  "per-order": "On every order",
  "one-off": "Once, on the first order",
} as const;

/**
 * The pharmacy's consultation or prescribing fee and how it is charged (decision 042): every total
 * visitors see includes it and names it.
 */
export function ConsultationFeeFields({
  pharmacy,
  errorFor,
}: {
  pharmacy: Pick<PharmacyFormValues, "consultationFee" | "consultationFeeBasis">;
  errorFor: (field: PharmacyField, label: string) => string | undefined;
}) {
  return (
    <>
      <MoneyField
        label="Consultation fee"
        name="consultationFee"
        value={pharmacy.consultationFee}
        hint="A consultation or prescribing fee; 0 for none. Every total visitors see includes it."
        error={errorFor("consultationFee", "Consultation fee")}
      />
      <SelectField
        label="Consultation fee charged"
        name="consultationFeeBasis"
        defaultValue={pharmacy.consultationFeeBasis}
        error={errorFor("consultationFeeBasis", "Consultation fee charged")}
      >
        {(Object.keys(BASIS_LABELS) as (keyof typeof BASIS_LABELS)[]).map((basis) => (
          <option key={basis} value={basis}>
            {BASIS_LABELS[basis]}
          </option>
        ))}
      </SelectField>
    </>
  );
}
