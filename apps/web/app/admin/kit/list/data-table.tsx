import type { ReactNode } from "react";

/** One column of an admin list. */
export interface DataColumn<Row> {
  /** The column heading; on phones, the term before the value. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** This column names the row: its cells are row headers (one column at most). */
  rowHeader?: boolean;
  /** Classes for this column's cells (wrapping, width, type size). */
  className?: string;
  /**
   * How a phone card shows this column: `false` leaves it out (say, because the card's title
   * already shows it); otherwise `label` and `cell` replace the header and cell, and a `cell`
   * answering null leaves the line out for that row.
   */
  card?: false | { label?: string; cell?: (row: Row) => ReactNode };
}

const cellClass = "px-3 py-2.5";

/**
 * An admin list's rows: a table from 768 px (scrolling sideways in its own focusable region when it
 * does not fit) and one card per row on phones, built from the same columns. Only one of the two
 * is displayed, so assistive technology meets one list.
 */
export function DataTable<Row>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  cardTitle,
  rowActions,
  minWidthClass = "min-w-[40rem]",
}: {
  /** The list's name, e.g. "Audit log entries" (the scroll region and the phone list). */
  label: string;
  /** The table's caption, read by screen readers, e.g. "Audit log entries, newest first". */
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The heading line of a row's phone card; the row-header column's cell by default. */
  cardTitle?: (row: Row) => ReactNode;
  /** Per-row controls (Edit, Delete…): the table's last column, and the foot of each card. */
  rowActions?: (row: Row) => ReactNode;
  /** The narrowest the table may be before it scrolls sideways (a literal Tailwind class). */
  minWidthClass?: string;
}) {
  const titleColumn = columns.find((column) => column.rowHeader);
  const title = cardTitle ?? titleColumn?.cell;
  const cardColumns = columns.filter(
    (column) => column.card !== false && (cardTitle || column !== titleColumn),
  );

  return (
    <>
      <ul aria-label={label} className="space-y-3 md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
            {title ? <div className="font-medium text-slate-900">{title(row)}</div> : null}
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
              {cardColumns.map((column) => {
                const card = column.card || {};
                const value = (card.cell ?? column.cell)(row);
                if (value === null || value === undefined) return null;
                return (
                  <CardLine key={column.header} term={card.label ?? column.header}>
                    {value}
                  </CardLine>
                );
              })}
            </dl>
            {rowActions ? <div className="mt-3 flex flex-wrap gap-2">{rowActions(row)}</div> : null}
          </li>
        ))}
      </ul>

      {/* Focusable so keyboard users can scroll the table sideways when it does not fit. Positioned,
          so the rows' visually hidden labels (absolute) are clipped by it rather than widening the page. */}
      <section
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        className="relative hidden overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200 md:block"
      >
        <table className={`w-full ${minWidthClass} text-left text-sm`}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700 text-xs uppercase tracking-wide">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`whitespace-nowrap font-semibold ${cellClass}`}
                >
                  {column.header}
                </th>
              ))}
              {rowActions ? (
                <th scope="col" className={`whitespace-nowrap font-semibold ${cellClass}`}>
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th
                      key={column.header}
                      scope="row"
                      className={`font-normal ${cellClass} ${column.className ?? ""}`}
                    >
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className={`${cellClass} ${column.className ?? ""}`}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
                {rowActions ? (
                  <td className={cellClass}>
                    <div className="flex flex-wrap gap-2">{rowActions(row)}</div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

function CardLine({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </>
  );
}
