import { memo } from "react";
import { inputClass } from "../kit/admin-ui.tsx";
import { cellPrice, type GridColumn } from "./medication-draft.ts";

/**
 * The Medication form's pharmacy price grid (back-office §2, §3 "Price grid row", §5): a row per
 * pharmacy, a column per dosage, one link per row. Only prices above £0 are saved; the row's link
 * goes with its first priced dosage. On a phone the grid scrolls sideways inside its own region,
 * with the pharmacy names kept in view.
 */

export interface GridPharmacy {
  id: string;
  name: string;
  active: boolean;
}

const NOT_A_PRICE = "Not a price above £0: it will not be saved.";
const LINK_WITHOUT_PRICE = "Enter a price in this row for the link to be saved.";

export function PriceGrid({
  pharmacies,
  columns,
  cells,
  links,
  cellErrors,
  linkErrors,
  disabled,
  onCell,
  onLink,
}: {
  pharmacies: readonly GridPharmacy[];
  columns: readonly GridColumn[];
  cells: Readonly<Record<string, Readonly<Record<string, string>>>>;
  links: Readonly<Record<string, string>>;
  /** A refusal's messages: pharmacy id → column key → message. */
  cellErrors: Readonly<Record<string, Readonly<Record<string, string>>>>;
  linkErrors: Readonly<Record<string, string>>;
  disabled: boolean;
  onCell: (pharmacyId: string, columnKey: string, value: string) => void;
  onLink: (pharmacyId: string, value: string) => void;
}) {
  if (pharmacies.length === 0) {
    return (
      <p className="text-slate-600 text-sm">There are no pharmacies yet: add one before entering prices.</p>
    );
  }
  if (columns.length === 0) {
    return <p className="text-slate-600 text-sm">Add a dosage above to enter its prices here.</p>;
  }
  return (
    <section
      aria-label="Price grid"
      // Focusable so keyboard users can scroll the grid sideways when it does not fit.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      className="relative overflow-x-auto rounded-md ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <table className="w-full border-separate border-spacing-0 text-left text-sm">
        <caption className="sr-only">
          Price in pounds of each pharmacy for each dosage, and the link to each pharmacy's page
        </caption>
        <thead className="bg-slate-50 text-slate-700 text-xs">
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 border-slate-200 border-b bg-slate-50 px-3 py-2 font-semibold"
            >
              Pharmacy
            </th>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className="whitespace-nowrap border-slate-200 border-b px-2 py-2 font-semibold"
              >
                {column.dosage}
              </th>
            ))}
            <th scope="col" className="border-slate-200 border-b px-2 py-2 font-semibold">
              Link
            </th>
          </tr>
        </thead>
        <tbody>
          {pharmacies.map((pharmacy) => (
            <GridRow
              key={pharmacy.id}
              pharmacy={pharmacy}
              columns={columns}
              cells={cells[pharmacy.id]}
              link={links[pharmacy.id] ?? ""}
              cellErrors={cellErrors[pharmacy.id]}
              linkError={linkErrors[pharmacy.id]}
              disabled={disabled}
              onCell={onCell}
              onLink={onLink}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One pharmacy's row: drawn again only when its own values, errors or the columns change. */
const GridRow = memo(function GridRow({
  pharmacy,
  columns,
  cells,
  link,
  cellErrors,
  linkError,
  disabled,
  onCell,
  onLink,
}: {
  pharmacy: GridPharmacy;
  columns: readonly GridColumn[];
  cells: Readonly<Record<string, string>> | undefined;
  link: string;
  cellErrors: Readonly<Record<string, string>> | undefined;
  linkError: string | undefined;
  disabled: boolean;
  onCell: (pharmacyId: string, columnKey: string, value: string) => void;
  onLink: (pharmacyId: string, value: string) => void;
}) {
  const rowId = `grid-${pharmacy.id}`;
  const priced = columns.some((column) => cellPrice(cells?.[column.key]) !== null);
  const linkNote = linkError ?? (link.trim() && !priced ? LINK_WITHOUT_PRICE : undefined);
  return (
    <tr className="align-top">
      <th
        scope="row"
        className="sticky left-0 z-10 min-w-[6.5rem] max-w-[8rem] border-slate-100 sm:min-w-[9rem] sm:max-w-[12rem] border-b bg-white px-3 py-2 font-medium text-slate-900 hyphens-auto break-words"
      >
        {pharmacy.name}
        {pharmacy.active ? null : (
          <span className="mt-0.5 block font-normal text-slate-600 text-xs">
            Inactive: not shown to visitors
          </span>
        )}
      </th>
      {columns.map((column) => {
        const value = cells?.[column.key] ?? "";
        const error = cellErrors?.[column.key];
        const note = error ?? (value.trim() && cellPrice(value) === null ? NOT_A_PRICE : undefined);
        const noteId = `${rowId}-${column.key}-note`;
        return (
          <td key={column.key} className="border-slate-100 border-b px-2 py-2">
            <div className="relative w-28">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-2.5 text-slate-600 text-sm"
              >
                £
              </span>
              <input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                aria-label={`${pharmacy.name} ${column.dosage} price`}
                value={value}
                placeholder="0.00"
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={note ? noteId : undefined}
                onChange={(event) => onCell(pharmacy.id, column.key, event.target.value)}
                className={`${inputClass} pl-6 tabular-nums`}
              />
            </div>
            {note ? (
              <p
                id={noteId}
                role={error ? "alert" : undefined}
                className={`mt-1 w-28 text-xs ${error ? "font-medium text-red-700" : "text-amber-800"}`}
              >
                {note}
              </p>
            ) : null}
          </td>
        );
      })}
      <td className="border-slate-100 border-b px-2 py-2">
        <input
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          aria-label={`${pharmacy.name} link`}
          value={link}
          placeholder="https://"
          disabled={disabled}
          aria-invalid={linkError ? true : undefined}
          aria-describedby={linkNote ? `${rowId}-link-note` : undefined}
          onChange={(event) => onLink(pharmacy.id, event.target.value)}
          className={`${inputClass} w-56`}
        />
        {linkNote ? (
          <p
            id={`${rowId}-link-note`}
            role={linkError ? "alert" : undefined}
            className={`mt-1 w-56 text-xs ${linkError ? "font-medium text-red-700" : "text-amber-800"}`}
          >
            {linkNote}
          </p>
        ) : null}
      </td>
    </tr>
  );
});
