import { DELIVERY_OPTIONS, PHARMACY_DEFAULTS } from "@pharmacompare/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { deliveryOptionLabels } from "../../lib/delivery-options.ts";
import { adminScreens } from "../kit/admin-screens.ts";
import {
  CheckboxField,
  CheckboxGroup,
  InputField,
  SelectField,
  TextareaField,
} from "../kit/form/catalogue-controls.tsx";
import { moneyInputValue, type PharmacyField, type PharmacyFormValues } from "./pharmacy-input.ts";
import { GphcField } from "./pharmacy-registration.tsx";

/**
 * Pieces of the pharmacy form (back-office §2 Pharmacy form: basic information, delivery,
 * settings). Its fields are one table, drawn by one renderer, so no field's markup is written twice.
 */

/** A new pharmacy starts from the §3 defaults: rating 4, fee £2.95, standard delivery, prescription required, active. */
export const NEW_PHARMACY: PharmacyFormValues = {
  ...PHARMACY_DEFAULTS,
  deliveryOptions: [...PHARMACY_DEFAULTS.deliveryOptions],
  name: "",
  website: "",
  gphcNumber: null,
  referralParams: "",
  consultationUrl: "",
};

/** One of the form's groups: a titled panel. */
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

type FieldKind = "text" | "url" | "rating" | "textarea" | "money" | "check" | "gphc" | "delivery" | "basis";

interface FieldSpec {
  name: PharmacyField;
  label: string;
  kind: FieldKind;
  required?: boolean;
  placeholder?: string;
  hint?: string;
}

const BASIS_LABELS = {
  "per-order": "On every order",
  "one-off": "Once, on the first order",
} as const;

/** The form's groups: fields side by side in `grid` (two columns from tablet width), then `stacked`. */
const GROUPS: { title: string; id: string; grid: FieldSpec[]; stacked: FieldSpec[]; first?: FieldSpec }[] = [
  {
    title: "Basic information",
    id: "basic-heading",
    grid: [
      { name: "name", label: "Name", kind: "text", required: true },
      { name: "website", label: "Website", kind: "url", required: true, placeholder: "https://" },
      { name: "gphcNumber", label: "GPhC registration number", kind: "gphc" },
      { name: "rating", label: "Rating", kind: "rating", hint: "0 to 5 in steps of 0.1; 0 shows as N/A." },
    ],
    stacked: [
      { name: "description", label: "Description", kind: "textarea" },
      {
        name: "trustpilotUrl",
        label: "Trustpilot URL",
        kind: "url",
        placeholder: "https://uk.trustpilot.com/review/…",
        hint: "Optional.",
      },
    ],
  },
  {
    title: "Delivery information",
    id: "delivery-heading",
    first: { name: "deliveryOptions", label: "Delivery options", kind: "delivery" },
    grid: [
      { name: "deliveryTime", label: "Delivery time", kind: "text", placeholder: "e.g. 1-2 days" },
      { name: "deliveryFee", label: "Delivery fee", kind: "money" },
      {
        name: "freeDeliveryThreshold",
        label: "Free-delivery threshold",
        kind: "money",
        hint: "Orders from this amount are delivered free; 0 for none.",
      },
      { name: "minOrderValue", label: "Minimum order value", kind: "money", hint: "0 for none." },
      // Decision 042: every total visitors see includes the fee and names it.
      {
        name: "consultationFee",
        label: "Consultation fee",
        kind: "money",
        hint: "A consultation or prescribing fee; 0 for none. Every total visitors see includes it.",
      },
      { name: "consultationFeeBasis", label: "Consultation fee charged", kind: "basis" },
    ],
    stacked: [],
  },
  {
    title: "Settings",
    id: "settings-heading",
    grid: [],
    stacked: [
      {
        name: "prescriptionRequired",
        label: "Prescription required",
        kind: "check",
        hint: "Visitors are told they need a prescription or an online consultation.",
      },
      // Decision 058: a prescription-only medicine's link goes here and reads "Start a consultation".
      {
        name: "consultationUrl",
        label: "Consultation address",
        kind: "url",
        placeholder: "https://…/consultation?treatment={medication}",
        hint:
          "Where a visit for a prescription-only medicine starts: the pharmacy's online consultation, on its own " +
          "website, starting https://. Put {medication} in the query to pass the medication's name. Leave empty " +
          "to link every medicine to its product page.",
      },
      {
        name: "active",
        label: "Active",
        kind: "check",
        hint: "An inactive pharmacy and its prices are hidden from the public site.",
      },
      // Decision 044: appended to every link to the pharmacy, which then carries rel="sponsored".
      {
        name: "referralParams",
        label: "Referral parameters",
        kind: "text",
        placeholder: "utm_source=pharmacompare&ref=…",
        hint: "Only for a pharmacy that pays a commission: query parameters added to every link to it. Leave empty for none.",
      },
    ],
  },
];

type ErrorFor = (field: PharmacyField, label: string) => string | undefined;

function Field({ spec, pharmacy, error }: { spec: FieldSpec; pharmacy: PharmacyFormValues; error?: string }) {
  const { name, label, hint } = spec;
  const value = pharmacy[name];
  switch (spec.kind) {
    case "gphc":
      return <GphcField defaultValue={String(value ?? "")} error={error} />;
    case "textarea":
      return <TextareaField label={label} name={name} rows={3} defaultValue={String(value)} error={error} />;
    case "check":
      return (
        <CheckboxField label={label} name={name} defaultChecked={Boolean(value)} hint={hint} error={error} />
      );
    case "delivery":
      return (
        <CheckboxGroup
          legend={label}
          name={name}
          options={DELIVERY_OPTIONS.map((option) => ({ value: option, label: deliveryOptionLabels[option] }))}
          defaultValues={pharmacy.deliveryOptions}
          error={error}
        />
      );
    case "basis":
      return (
        <SelectField label={label} name={name} defaultValue={String(value)} error={error}>
          {(Object.keys(BASIS_LABELS) as (keyof typeof BASIS_LABELS)[]).map((basis) => (
            <option key={basis} value={basis}>
              {BASIS_LABELS[basis]}
            </option>
          ))}
        </SelectField>
      );
    default: {
      // Text, addresses and amounts: one input; amounts in pounds, at least 0, in pence.
      const numeric =
        spec.kind === "money"
          ? { min: 0, step: 0.01, prefix: "£" }
          : spec.kind === "rating"
            ? { min: 0, max: 5, step: 0.1 }
            : undefined;
      return (
        <InputField
          label={label}
          name={name}
          type={numeric ? "number" : spec.kind === "url" ? "url" : "text"}
          inputMode={numeric ? "decimal" : undefined}
          autoComplete="off"
          required={spec.required}
          placeholder={spec.placeholder}
          {...numeric}
          defaultValue={spec.kind === "money" ? moneyInputValue(Number(value)) : String(value ?? "")}
          hint={hint}
          error={error}
        />
      );
    }
  }
}

/** Every group of the pharmacy form, each field with the API's refusal beside it. */
export function PharmacyFieldGroups({
  pharmacy,
  errorFor,
}: {
  pharmacy: PharmacyFormValues;
  errorFor: ErrorFor;
}) {
  const field = (spec: FieldSpec) => (
    <Field key={spec.name} spec={spec} pharmacy={pharmacy} error={errorFor(spec.name, spec.label)} />
  );
  return GROUPS.map((group) => (
    <FormGroup key={group.id} title={group.title} titleId={group.id}>
      {group.first ? field(group.first) : null}
      {group.grid.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2">{group.grid.map(field)}</div>
      ) : null}
      {group.stacked.map(field)}
    </FormGroup>
  ));
}

/** The way back to the Pharmacy Management list, above the form. */
export function BackToPharmacies() {
  return (
    <Link
      to={adminScreens.pharmacies.path}
      className="inline-flex items-center gap-1 font-medium text-brand-800 text-sm underline-offset-2 hover:underline"
    >
      <span aria-hidden="true">←</span> Back to pharmacies
    </Link>
  );
}
