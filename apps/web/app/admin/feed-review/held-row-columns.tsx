import {
  type FeedHeldRow,
  formatDateTime,
  formatPounds,
  INTRODUCTORY_TERMS_WORDS,
} from "@pharmacompare/contract";
import { TwoLines } from "../kit/feeds/feed-columns.tsx";
import type { DataColumn } from "../kit/list/data-table.tsx";

/**
 * The Feed review screen's columns (issue 29, decision 047): what a feed wanted to change and why
 * it waits for staff. Prices in pounds with two decimals, times en-GB.
 */

/**
 * "£12.50 → £6.25", "new: £6.25" when the pharmacy had no price; with the feed's introductory
 * price when it sent one (decision 057): "… (£4.00 first month)".
 */
function priceChange(row: FeedHeldRow): string {
  const change =
    row.oldPrice === null
      ? `new: ${formatPounds(row.newPrice)}`
      : `${formatPounds(row.oldPrice)} → ${formatPounds(row.newPrice)}`;
  return row.newIntroductoryPrice !== null && row.newIntroductoryTerms !== null
    ? `${change} (${formatPounds(row.newIntroductoryPrice)} ${INTRODUCTORY_TERMS_WORDS[row.newIntroductoryTerms]})`
    : change;
}

/** A feed row without a link keeps the stored one (decision 045), so only a new host is a change. */
function hostChange(row: FeedHeldRow): string {
  if (row.newLinkHost === null || row.oldLinkHost === row.newLinkHost) return row.oldLinkHost ?? "No link";
  return `${row.oldLinkHost ?? "none"} → ${row.newLinkHost}`;
}

export function heldRowColumns(select: {
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  enabled: boolean;
}): readonly DataColumn<FeedHeldRow>[] {
  const name = (row: FeedHeldRow) => `${row.medicationName} ${row.dosage}, ${row.pharmacyName}`;
  const selectColumn: DataColumn<FeedHeldRow> = {
    header: "Select",
    cell: (row) => (
      <input
        type="checkbox"
        aria-label={`Select ${name(row)}`}
        checked={select.selected.has(row.id)}
        onChange={() => select.toggle(row.id)}
        className="size-4 accent-brand-700"
      />
    ),
  };
  return [
    ...(select.enabled ? [selectColumn] : []),
    {
      header: "Medication",
      rowHeader: true,
      className: "min-w-[8rem]",
      cell: (row) => <TwoLines main={`${row.medicationName} ${row.dosage}`} sub={row.pharmacyName} />,
    },
    { header: "Price", className: "whitespace-nowrap text-slate-900 tabular-nums", cell: priceChange },
    { header: "Link", className: "min-w-[9rem] text-slate-700 [overflow-wrap:anywhere]", cell: hostChange },
    {
      header: "Why held",
      className: "min-w-[10rem] text-slate-700",
      cell: (row) => (
        <ul className="list-disc space-y-0.5 pl-4">
          {row.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ),
    },
    {
      header: "From run",
      className: "text-slate-700 text-xs",
      cell: (row) => (
        <>
          <span className="block">{formatDateTime(row.heldAt)}</span>
          {row.runId ? <span className="block font-mono">{row.runId.slice(0, 8)}</span> : null}
          {row.row === null ? null : <span className="block">Row {row.row}</span>}
        </>
      ),
    },
  ];
}
