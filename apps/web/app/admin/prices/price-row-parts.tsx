import type { AdminCategory, AdminMedication, AdminPrice } from "@pharmacompare/contract";
import { useId } from "react";
import { buttonClass, inputClass } from "../kit/admin-ui.tsx";
import { Badge } from "../kit/form/catalogue-controls.tsx";
import { medicationOptionLabel } from "./price-input.ts";
import type { PriceEditing } from "./use-price-editing.ts";

/** The chosen medication's place in the tree and its dosages. */
export function MedicationSummary({
  medication,
  categories,
}: {
  medication: AdminMedication;
  categories: readonly AdminCategory[];
}) {
  const category = categories.find((entry) => entry.id === medication.category);
  const subcategory = category?.subcategories.find((entry) => entry.id === medication.subcategory);
  return (
    <section
      aria-labelledby="medication-heading"
      className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="medication-heading" className="font-semibold text-base text-slate-900">
          {medicationOptionLabel(medication)}
        </h2>
        {medication.active ? null : <Badge tone="slate">Inactive: hidden from visitors</Badge>}
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-[1fr_1fr_2fr]">
        <div>
          <dt className="text-slate-600">Category</dt>
          <dd className="mt-0.5 font-medium text-slate-900">{category?.name ?? medication.category}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Subcategory</dt>
          <dd className="mt-0.5 font-medium text-slate-900">{subcategory?.name ?? medication.subcategory}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Available dosages</dt>
          <dd className="mt-1">
            {medication.dosage.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="Available dosages">
                {medication.dosage.map((dosage) => (
                  <li
                    key={dosage}
                    className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-900 text-xs ring-1 ring-brand-200 ring-inset"
                  >
                    {dosage}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-slate-700">None yet: add dosages on the medication's form first.</span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The price being edited in its row: Enter saves, Escape cancels. */
export function InlinePriceInput({
  price,
  value,
  error,
  onChange,
  onSave,
  onCancel,
}: {
  price: AdminPrice;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  return (
    <div className="min-w-[8rem]">
      <label htmlFor={id} className="sr-only">
        Price in pounds for {price.pharmacy.name} {price.dosage}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600 text-sm"
        >
          £
        </span>
        <input
          id={id}
          data-price-input={price._id}
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              onSave();
            } else if (event.key === "Escape") {
              event.preventDefault();
              onCancel();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`w-28 pl-7 ${inputClass}`}
        />
      </div>
      {error ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="mt-1 whitespace-normal font-medium text-red-700 text-xs"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A price row's actions: Edit and Delete, or Save and Cancel while it is edited inline. */
export function PriceRowActions({
  price,
  edits,
  onDelete,
}: {
  price: AdminPrice;
  edits: PriceEditing;
  onDelete: (button: HTMLElement) => void;
}) {
  const name = (
    <span className="sr-only">
      {" "}
      {price.pharmacy.name} {price.dosage}
    </span>
  );
  if (edits.editing?.id === price._id) {
    return (
      <>
        <button
          type="button"
          className={buttonClass.primary}
          aria-disabled={edits.saving || undefined}
          onClick={edits.saveEdit}
        >
          {edits.saving ? "Saving..." : "Save"}
          {name}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={edits.cancelEdit}>
          Cancel{name}
        </button>
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        data-edit-price={price._id}
        className={buttonClass.secondary}
        onClick={() => edits.startEdit(price)}
      >
        Edit{name}
      </button>
      <button
        type="button"
        className={`${buttonClass.secondary} text-red-700`}
        onClick={(event) => onDelete(event.currentTarget)}
      >
        Delete{name}
      </button>
    </>
  );
}
