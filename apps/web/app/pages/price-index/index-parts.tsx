import {
  formatIndexChange,
  formatIndexMonth,
  formatPounds,
  PRICE_INDEX_LICENCE,
  PRICE_INDEX_LICENCE_URL,
  PRICE_INDEX_METHOD,
  type PriceIndexRow,
} from "@pharmacompare/contract";
import { Link } from "react-router";
import { sitePaths } from "../../lib/site-paths.ts";

/*
 * The pieces the price index pages share (issue 45, decision 061). The index lists medications
 * only as a comparison table, as the condition page does (decision 040): no call to buy, no
 * "deal", and no medication named on the landing page, which only links conditions.
 */

const linkClass = "rounded-sm font-medium text-brand-800 underline hover:text-brand-900";

/** The licence, as each page states it (and each file does in its first line or fields). */
export function LicenceNote() {
  return (
    <p className="text-slate-600 text-sm">
      Open data: free to reuse under{" "}
      <a href={PRICE_INDEX_LICENCE_URL} className={linkClass} rel="license">
        {PRICE_INDEX_LICENCE}
      </a>
      , crediting "PharmaCompare UK price index".
    </p>
  );
}

/** The month's downloads: the index and the daily lowest prices it is computed from, CSV and JSON. */
export function Downloads({ month }: { month: string }) {
  const label = formatIndexMonth(month);
  const files = [
    { file: "index.csv", text: `Index, ${label} (CSV)` },
    { file: "index.json", text: `Index, ${label} (JSON)` },
    { file: "daily-lowest.csv", text: `Daily lowest prices, ${label} (CSV)` },
    { file: "daily-lowest.json", text: `Daily lowest prices, ${label} (JSON)` },
  ] as const;
  return (
    <section aria-labelledby="index-downloads" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="index-downloads" className="font-semibold text-lg text-slate-900">
        Download the data
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {files.map(({ file, text }) => (
          <li key={file}>
            <a href={sitePaths.priceIndexDownload(month, file)} className={linkClass} download>
              {text}
            </a>
          </li>
        ))}
      </ul>
      <div className="mt-4">
        <LicenceNote />
      </div>
    </section>
  );
}

/** The method, written out (issue 45). */
export function Method() {
  return (
    <section aria-labelledby="index-method" className="rounded-xl border border-slate-200 bg-slate-50 p-5">
      <h2 id="index-method" className="font-semibold text-lg text-slate-900">
        How the index is worked out
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700 text-sm leading-6">
        {PRICE_INDEX_METHOD.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

/** Every computed month, newest first. */
export function Archive({ months, current }: { months: readonly { month: string }[]; current?: string }) {
  return (
    <section aria-labelledby="index-archive" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="index-archive" className="font-semibold text-lg text-slate-900">
        Past months
      </h2>
      {months.length === 0 ? (
        <p className="mt-3 text-slate-600 text-sm">No month has been computed yet.</p>
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
          {months.map(({ month }) => (
            <li key={month}>
              {month === current ? (
                <span aria-current="page" className="font-semibold text-slate-900">
                  {formatIndexMonth(month)}
                </span>
              ) : (
                <Link to={sitePaths.priceIndexMonth(month)} className={linkClass}>
                  {formatIndexMonth(month)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A change as a cell: the words, coloured by direction, with no judgement of the price. */
function ChangeCell({ change }: { change: PriceIndexRow["previousMonth"] }) {
  const tone =
    !change || change.pence === 0 ? "text-slate-600" : change.pence > 0 ? "text-red-800" : "text-saving-700";
  return <td className={`px-3 py-2 text-right tabular-nums ${tone}`}>{formatIndexChange(change)}</td>;
}

/** The condition's rows: medication, dosage, median lowest, changes and pharmacies. */
export function IndexTable({ rows, caption }: { rows: readonly PriceIndexRow[]; caption: string }) {
  return (
    // Scrolls sideways on a phone: a labelled region a keyboard can reach and scroll (WCAG 2.1.1).
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus:outline-2 focus:outline-brand-700"
    >
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Medication
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Dosage
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Median lowest price
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              On previous month
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              On a year earlier
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Pharmacies
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.medicationId}|${row.dosage}`}>
              <th scope="row" className="break-words px-3 py-2 font-medium text-slate-900">
                {row.medicationName}
              </th>
              <td className="break-words px-3 py-2 text-slate-700">{row.dosage}</td>
              <td className="px-3 py-2 text-right font-semibold text-slate-900 tabular-nums">
                {formatPounds(row.medianLowest)}
              </td>
              <ChangeCell change={row.previousMonth} />
              <ChangeCell change={row.lastYear} />
              <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{row.pharmacies}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The condition's chained index over the months: a line, with the figures as a list beside it. */
export function IndexChart({
  series,
  name,
}: {
  series: readonly { month: string; index: number }[];
  name: string;
}) {
  const width = 600;
  const height = 200;
  const pad = 32;
  const values = series.map((point) => point.index);
  const low = Math.min(...values, 100) * 0.95;
  const high = Math.max(...values, 100) * 1.05;
  const x = (i: number) =>
    series.length === 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (series.length - 1);
  const y = (value: number) => height - pad - ((value - low) / (high - low)) * (height - 2 * pad);
  const line = series
    .map((point, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(point.index).toFixed(1)}`)
    .join(" ");
  const first = series[0];
  const last = series.at(-1);
  const summary =
    first && last
      ? `${name} price index from ${formatIndexMonth(first.month)} (100) to ${formatIndexMonth(last.month)} (${last.index.toFixed(1)})`
      : `${name} price index`;
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-5">
      <figcaption className="font-semibold text-lg text-slate-900">Index over the months</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className="mt-3 h-auto w-full">
        <line x1={pad} x2={width - pad} y1={y(100)} y2={y(100)} stroke="#cbd5e1" strokeDasharray="4 4" />
        <text x={pad} y={y(100) - 6} fontSize="12" fill="#475569">
          100
        </text>
        <path d={line} fill="none" stroke="#0f766e" strokeWidth="3" />
        {series.map((point, i) => (
          <circle key={point.month} cx={x(i)} cy={y(point.index)} r="4" fill="#0f766e" />
        ))}
      </svg>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-slate-700 text-sm">
        {series.map((point) => (
          <li key={point.month}>
            {formatIndexMonth(point.month)}:{" "}
            <span className="font-semibold tabular-nums">{point.index.toFixed(1)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
