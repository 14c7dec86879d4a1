import { CATALOGUE_LIMITS } from "@pharmacompare/contract";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { buttonClass, FieldNotes, inputClass, Panel } from "../kit/admin-ui.tsx";
import { type DosageRow, dosageRow, repeatedDosageRows } from "./medication-draft.ts";

/** The Medication form's Dosages panel: the list of dosages, each a column of the price grid. */

export function DosagesPanel({
  rows,
  error,
  disabled,
  onRows,
}: {
  rows: readonly DosageRow[];
  error: string | undefined;
  disabled: boolean;
  /** The list changed; `edited` when a dosage was typed or removed (its refusal goes). */
  onRows: (update: (rows: DosageRow[]) => DosageRow[], edited: boolean) => void;
}) {
  const repeated = useMemo(() => repeatedDosageRows(rows), [rows]);
  return (
    <Panel title="Dosages" titleId="medication-dosages-heading">
      <div className="px-4 py-4 sm:px-5 sm:py-5">
        <p className="mb-3 text-slate-600 text-sm">
          Each dosage is a column of the price grid below. Empty rows are left out when saving.
        </p>
        <DosageList
          rows={rows}
          repeated={repeated}
          max={CATALOGUE_LIMITS.dosagesMax}
          maxLength={CATALOGUE_LIMITS.dosageMax}
          error={error}
          disabled={disabled}
          onChange={(key, value) =>
            onRows((current) => current.map((row) => (row.key === key ? { ...row, value } : row)), true)
          }
          onAdd={() => onRows((current) => [...current, dosageRow()], false)}
          onRemove={(key) => onRows((current) => current.filter((row) => row.key !== key), true)}
        />
      </div>
    </Panel>
  );
}

/**
 * The dosages list: a text field per dosage, Remove on each, Add at the end. Empty rows are
 * dropped on save (back-office §5). Focus follows: to a new row, or after a removal to the row
 * that took its place (else Add).
 */
function DosageList({
  rows,
  repeated,
  max,
  maxLength,
  error,
  disabled,
  onChange,
  onAdd,
  onRemove,
}: {
  rows: readonly DosageRow[];
  /** Rows repeating an earlier dosage. */
  repeated: ReadonlySet<string>;
  max: number;
  maxLength: number;
  /** A refusal about the list. */
  error?: string;
  disabled: boolean;
  onChange: (key: string, value: string) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
}) {
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // The row index to focus after the next render (a row was added or removed).
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  useEffect(() => {
    if (focusIndex === null) return;
    const inputs = listRef.current?.querySelectorAll<HTMLInputElement>("input") ?? [];
    const target = inputs[Math.min(focusIndex, inputs.length - 1)];
    if (target) target.focus();
    else addRef.current?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  return (
    <div>
      <ol ref={listRef} className="space-y-2">
        {rows.map((row, index) => {
          const rowId = `${id}-${row.key}`;
          const note = repeated.has(row.key) ? "Listed above already: remove one of the two." : undefined;
          return (
            <li key={row.key}>
              <div className="flex items-end gap-2">
                <div className="min-w-0 flex-1">
                  <label htmlFor={rowId} className="block font-medium text-slate-800 text-sm">
                    Dosage {index + 1}
                  </label>
                  <input
                    id={rowId}
                    type="text"
                    value={row.value}
                    maxLength={maxLength}
                    disabled={disabled}
                    placeholder="e.g. 50mg"
                    autoComplete="off"
                    aria-invalid={note || error ? true : undefined}
                    aria-describedby={
                      [note ? `${rowId}-error` : null, error ? `${id}-error` : null]
                        .filter(Boolean)
                        .join(" ") || undefined
                    }
                    onChange={(event) => onChange(row.key, event.target.value)}
                    onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
                      // Enter adds the next row rather than saving the whole form half-typed.
                      if (event.key === "Enter") {
                        event.preventDefault();
                        if (rows.length < max) {
                          onAdd();
                          setFocusIndex(rows.length);
                        }
                      }
                    }}
                    className={`mt-1 ${inputClass}`}
                  />
                </div>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  disabled={disabled}
                  onClick={() => {
                    onRemove(row.key);
                    setFocusIndex(index);
                  }}
                >
                  Remove<span className="sr-only"> dosage {index + 1}</span>
                </button>
              </div>
              <FieldNotes id={rowId} error={note} />
            </li>
          );
        })}
      </ol>
      {rows.length === 0 ? <p className="text-slate-600 text-sm">No dosages.</p> : null}
      <FieldNotes id={id} error={error} />
      <button
        ref={addRef}
        type="button"
        className={`${buttonClass.secondary} mt-3`}
        disabled={disabled || rows.length >= max}
        onClick={() => {
          onAdd();
          setFocusIndex(rows.length);
        }}
      >
        <span aria-hidden="true">+</span> Add dosage
      </button>
      {rows.length >= max ? (
        <p className="mt-1 text-slate-600 text-xs">A medication lists at most {max} dosages.</p>
      ) : null}
    </div>
  );
}
