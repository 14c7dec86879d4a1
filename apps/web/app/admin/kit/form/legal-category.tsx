import {
  LEGAL_CATEGORY_IDS,
  LEGAL_CATEGORY_NAMES,
  type LegalCategoryId,
  type PriceSheetLegalCategoryChange,
  readLegalCategory,
  UNKNOWN_LEGAL_CATEGORY,
} from "@pharmacompare/contract";
import { Badge, SelectField } from "./catalogue-controls.tsx";

/**
 * A medication's legal category in the back-office (decision 035): the Medication form's select
 * and the Medication list's short badge. The names are the contract's, as the price sheets use.
 */

const HINT =
  "Prescription-only medicines carry a notice on their condition page. Not sure? Keep POM: it is what an unknown category means.";

/** The form's "Legal category" select; a new medication starts at POM. */
export function LegalCategoryField({
  value,
  disabled,
  onChange,
  error,
}: {
  value: string;
  disabled?: boolean | undefined;
  onChange: (value: LegalCategoryId) => void;
  error?: string | undefined;
}) {
  return (
    <SelectField
      label="Legal category"
      name="legalCategory"
      value={value}
      disabled={disabled}
      hint={HINT}
      onChange={(event) => onChange(readLegalCategory(event.target.value) ?? UNKNOWN_LEGAL_CATEGORY)}
      error={error}
    >
      {LEGAL_CATEGORY_IDS.map((id) => (
        <option key={id} value={id}>
          {LEGAL_CATEGORY_NAMES[id]}
        </option>
      ))}
    </SelectField>
  );
}

/** The list's badge: POM, P or GSL, with the full name for a screen reader and on hover. */
export function LegalCategoryBadge({ legalCategory }: { legalCategory: LegalCategoryId }) {
  return (
    <Badge tone={legalCategory === "POM" ? "amber" : "slate"}>
      <abbr title={LEGAL_CATEGORY_NAMES[legalCategory]} className="no-underline">
        <span aria-hidden="true">{legalCategory}</span>
        <span className="sr-only">{LEGAL_CATEGORY_NAMES[legalCategory]}</span>
      </abbr>
    </Badge>
  );
}

/** A price sheet's preview: the catalogue medications whose legal category Apply would change. */
export function LegalCategoryChanges({ changes }: { changes: readonly PriceSheetLegalCategoryChange[] }) {
  if (changes.length === 0) return null;
  return (
    <section className="mt-4 text-sm" aria-labelledby="sheet-legal-categories-heading">
      <h3 id="sheet-legal-categories-heading" className="font-medium text-slate-900">
        Legal categories the file changes
      </h3>
      <p className="text-slate-700">
        Applied with the prices. A sheet without a category leaves a medication's as it is.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
        {changes.map((change) => (
          <li key={change.medicationId}>
            <span className="font-medium">{change.medicationName}</span>: {LEGAL_CATEGORY_NAMES[change.from]}{" "}
            → {LEGAL_CATEGORY_NAMES[change.to]}
          </li>
        ))}
      </ul>
    </section>
  );
}
