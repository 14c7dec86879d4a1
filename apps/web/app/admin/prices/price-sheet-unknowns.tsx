import type { PriceSheetNewPharmacy, PriceSheetPreview } from "@pharmacompare/contract";
import { useId } from "react";
import { FieldNotes, inputClass } from "../kit/admin-ui.tsx";

/** What the administrator chose for the file's unknown medications (by sheet) and pharmacies (by name). */
export interface UnknownChoices {
  medications: ReadonlySet<string>;
  /** The pharmacies to create, with the website and GPhC number typed for each. */
  pharmacies: ReadonlyMap<string, { website: string; gphcNumber: string }>;
}

export const noUnknownChoices: UnknownChoices = { medications: new Set(), pharmacies: new Map() };

/** The apply request's choices, in the order the API names their errors (`createPharmacies.<i>.<field>`). */
export function applyChoices(choices: UnknownChoices): {
  createMedications: string[];
  createPharmacies: PriceSheetNewPharmacy[];
} {
  return {
    createMedications: [...choices.medications],
    createPharmacies: [...choices.pharmacies].map(([name, entry]) => ({ name, ...entry })),
  };
}

/** The API's field errors for one pharmacy to create, by its field. */
function pharmacyErrors(
  choices: UnknownChoices,
  fields: Partial<Record<string, string>>,
  name: string,
): { website?: string | undefined; gphcNumber?: string | undefined; name?: string | undefined } {
  const index = [...choices.pharmacies.keys()].indexOf(name);
  if (index < 0) return {};
  return {
    name: fields[`createPharmacies.${index}.name`],
    website: fields[`createPharmacies.${index}.website`],
    gphcNumber: fields[`createPharmacies.${index}.gphcNumber`],
  };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The preview's unknown medications and pharmacies, each skipped unless ticked (nothing is created
 * by accident). A medication is created in its sheet's condition with the sheet's dosages; a
 * pharmacy needs what a sheet cannot say: its website and its GPhC number.
 */
export function PriceSheetUnknowns({
  preview,
  choices,
  onChange,
  fields,
  disabled,
}: {
  preview: PriceSheetPreview;
  choices: UnknownChoices;
  onChange: (choices: UnknownChoices) => void;
  fields: Partial<Record<string, string>>;
  disabled: boolean;
}) {
  const toggleMedication = (sheet: string, create: boolean) => {
    const medications = new Set(choices.medications);
    if (create) medications.add(sheet);
    else medications.delete(sheet);
    onChange({ ...choices, medications });
  };
  const setPharmacy = (name: string, entry: { website: string; gphcNumber: string } | null) => {
    const pharmacies = new Map(choices.pharmacies);
    if (entry) pharmacies.set(name, entry);
    else pharmacies.delete(name);
    onChange({ ...choices, pharmacies });
  };

  return (
    <>
      {preview.unknownMedications.length > 0 ? (
        <fieldset className="mt-4">
          <legend className="font-medium text-slate-900 text-sm">Medications not in the catalogue</legend>
          <p className="text-slate-700 text-sm">
            Skipped unless you tick them: a ticked one is created in its sheet's condition with the sheet's
            dosages and prices.
          </p>
          <ul className="mt-2 space-y-2">
            {preview.unknownMedications.map((entry) => (
              <li key={entry.sheet}>
                <label className="flex items-start gap-2 text-slate-800 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 accent-brand-700"
                    checked={choices.medications.has(entry.sheet)}
                    disabled={disabled}
                    onChange={(event) => toggleMedication(entry.sheet, event.target.checked)}
                  />
                  <span>
                    <span className="font-medium">Create {entry.name}</span>
                    <span className="block text-slate-600 text-xs">
                      {entry.condition} · {entry.legalCategory} · {plural(entry.dosages.length, "dosage")} ·{" "}
                      {plural(entry.prices, "price")} in the file
                    </span>
                  </span>
                </label>
                {fields[`createMedications.${[...choices.medications].indexOf(entry.sheet)}`] ? (
                  <p className="mt-1 ml-6 text-red-700 text-xs">
                    {fields[`createMedications.${[...choices.medications].indexOf(entry.sheet)}`]}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      {preview.unknownPharmacies.length > 0 ? (
        <fieldset className="mt-4">
          <legend className="font-medium text-slate-900 text-sm">Pharmacies not in the catalogue</legend>
          <p className="text-slate-700 text-sm">
            Skipped unless you tick them. A new pharmacy needs its website and its GPhC registration number (a
            price file does not carry it); its other details take the usual defaults, to complete on the
            Pharmacies screen.
          </p>
          <ul className="mt-2 space-y-3">
            {preview.unknownPharmacies.map((entry) => (
              <UnknownPharmacy
                key={entry.name}
                entry={entry}
                chosen={choices.pharmacies.get(entry.name)}
                errors={pharmacyErrors(choices, fields, entry.name)}
                disabled={disabled}
                onChange={(chosen) => setPharmacy(entry.name, chosen)}
              />
            ))}
          </ul>
        </fieldset>
      ) : null}
    </>
  );
}

function UnknownPharmacy({
  entry,
  chosen,
  errors,
  disabled,
  onChange,
}: {
  entry: PriceSheetPreview["unknownPharmacies"][number];
  chosen: { website: string; gphcNumber: string } | undefined;
  errors: ReturnType<typeof pharmacyErrors>;
  disabled: boolean;
  onChange: (chosen: { website: string; gphcNumber: string } | null) => void;
}) {
  const id = useId();
  return (
    <li>
      <label className="flex items-start gap-2 text-slate-800 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          checked={chosen !== undefined}
          disabled={disabled}
          onChange={(event) =>
            onChange(event.target.checked ? { website: entry.website ?? "", gphcNumber: "" } : null)
          }
        />
        <span>
          <span className="font-medium">Create {entry.name}</span>
          <span className="block text-slate-600 text-xs">
            {plural(entry.prices, "price")} in {entry.sheets.join(", ")}
          </span>
        </span>
      </label>
      {errors.name ? <p className="mt-1 ml-6 text-red-700 text-xs">{errors.name}</p> : null}
      {chosen ? (
        <div className="mt-2 ml-6 grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-website`} className="block font-medium text-slate-800 text-xs">
              Website of {entry.name}
            </label>
            <input
              id={`${id}-website`}
              type="url"
              required
              className={`${inputClass} mt-1`}
              value={chosen.website}
              disabled={disabled}
              aria-invalid={errors.website ? true : undefined}
              aria-describedby={errors.website ? `${id}-website-error` : undefined}
              placeholder="https://"
              onChange={(event) => onChange({ ...chosen, website: event.target.value })}
            />
            <FieldNotes id={`${id}-website`} error={errors.website} />
          </div>
          <div>
            <label htmlFor={`${id}-gphc`} className="block font-medium text-slate-800 text-xs">
              GPhC number of {entry.name}
            </label>
            <input
              id={`${id}-gphc`}
              inputMode="numeric"
              required
              className={`${inputClass} mt-1`}
              value={chosen.gphcNumber}
              disabled={disabled}
              aria-invalid={errors.gphcNumber ? true : undefined}
              aria-describedby={`${id}-gphc-hint${errors.gphcNumber ? ` ${id}-gphc-error` : ""}`}
              onChange={(event) => onChange({ ...chosen, gphcNumber: event.target.value })}
            />
            <FieldNotes
              id={`${id}-gphc`}
              hint="7 digits starting with 1, as on the GPhC register"
              error={errors.gphcNumber}
            />
          </div>
        </div>
      ) : null}
    </li>
  );
}
