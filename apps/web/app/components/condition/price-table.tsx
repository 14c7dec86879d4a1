import { type ComparisonSort, formatDateTime, formatPounds, unitPriceText } from "@pharmacompare/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { sitePaths } from "../../lib/site-paths.ts";
import { SpriteIcon } from "../ui/icon-sprite.tsx";
import { messageStyles } from "./message-styles.ts";
import { GphcLink, PharmacyName } from "./pharmacy-identity.tsx";
import { PharmacyLogo } from "./pharmacy-logo.tsx";
import {
  checkedAgo,
  deliveryText,
  orderWords,
  type PriceRow,
  pharmacyHref,
  showsTotals,
  totalNote,
} from "./price-rows.ts";
import { RatingStars } from "./rating-stars.tsx";

interface PriceTableProps {
  rows: readonly PriceRow[];
  /** "Viagra 50mg x 4 tablets", for the caption and labels. */
  subject: string;
  /** The render's clock, for each row's "checked … ago". */
  now: Date;
  /** The order the rows are in (the API's), for the caption. */
  sort: ComparisonSort;
}

/**
 * The comparison: a real table from 768 px up, and the same rows as stacked cards on phones and
 * small tablets, where seven columns cannot be read without scrolling sideways. Narrower tables
 * fold their less important columns under the pharmacy's name. Only one of the two is displayed (and so
 * exposed to assistive technology) at a time. Delivery and Total show whenever the pharmacies'
 * terms are known (always from the API; never from the saved file).
 */
export function PriceTable({ rows, subject, now, sort }: PriceTableProps) {
  const count = `${rows.length} UK ${rows.length === 1 ? "pharmacy" : "pharmacies"}`;
  const totals = showsTotals(rows);
  const label = `Prices for ${subject} at ${count}, ${orderWords(sort)}`;
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="border-slate-200 border-b bg-slate-50 text-slate-700 text-xs uppercase tracking-wide">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold lg:px-6">
                Pharmacy
              </th>
              <th scope="col" className="hidden px-4 py-3 font-semibold xl:table-cell">
                Rating
              </th>
              <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">
                Delivery
              </th>
              <th scope="col" className="hidden px-4 py-3 font-semibold xl:table-cell">
                Stock
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Price
              </th>
              {totals ? (
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Total
                </th>
              ) : null}
              <th scope="col" className="px-4 py-3 lg:px-6">
                <span className="sr-only">Link to pharmacy</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row) => (
              <tr key={row.price._id} className={row.isBest ? "bg-saving-50" : undefined}>
                <td className="cmp-cell lg:px-6">
                  <div className="flex items-start gap-3">
                    <PharmacyLogo name={row.price.pharmacy.name} />
                    <div className="min-w-0">
                      <PharmacyName pharmacy={row.price.pharmacy} />
                      <GphcLink pharmacy={row.price.pharmacy} />
                      {/* Narrower screens fold delivery (below 1024 px), rating and stock (below 1280 px) under the name. */}
                      <div className="mt-1 xl:hidden">
                        <RatingStars rating={row.price.pharmacy.rating} />
                      </div>
                      <p className="mt-0.5 text-slate-600 text-xs xl:hidden">
                        <span className="lg:hidden">
                          {`${row.delivery !== null ? `${deliveryText(row.delivery)}, ` : ""}${row.price.pharmacy.deliveryTime} · `}
                        </span>
                        <StockState inStock={row.price.inStock} compact />
                        <span> · </span>
                        <Checked lastUpdated={row.price.lastUpdated} now={now} />
                      </p>
                      {row.message ? <RowMessage row={row} /> : null}
                    </div>
                  </div>
                </td>
                <td className="cmp-cell hidden xl:table-cell">
                  <RatingStars rating={row.price.pharmacy.rating} />
                </td>
                <td className="cmp-cell hidden text-slate-700 lg:table-cell">
                  {row.delivery !== null ? (
                    <p className="whitespace-nowrap font-medium text-slate-900">
                      {deliveryText(row.delivery)}
                    </p>
                  ) : null}
                  <p className={row.delivery !== null ? "mt-1 text-slate-600 text-xs" : undefined}>
                    {row.price.pharmacy.deliveryTime}
                  </p>
                </td>
                <td className="cmp-cell hidden xl:table-cell">
                  <StockState inStock={row.price.inStock} />
                  <p className="mt-1 text-slate-600 text-xs">
                    <Checked lastUpdated={row.price.lastUpdated} now={now} />
                  </p>
                </td>
                <td className="cmp-cell text-right">
                  <PriceAmount row={row} />
                </td>
                {totals ? (
                  <td className="cmp-cell text-right">
                    <TotalAmount row={row} />
                  </td>
                ) : null}
                <td className="cmp-cell text-right lg:px-6">
                  <VisitLink row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={label} className="space-y-3 md:hidden">
        {rows.map((row) => (
          <li key={row.price._id} className={row.isBest ? "cmp-card cmp-card-best" : "cmp-card"}>
            <div className="flex items-start gap-3">
              <PharmacyLogo name={row.price.pharmacy.name} />
              <div className="min-w-0 flex-1">
                <PharmacyName pharmacy={row.price.pharmacy} />
                <GphcLink pharmacy={row.price.pharmacy} />
                <div className="mt-1">
                  <RatingStars rating={row.price.pharmacy.rating} />
                </div>
              </div>
              <PriceAmount row={row} />
            </div>
            <p className="cmp-facts">
              <span>
                <span className="text-slate-600">
                  {row.delivery !== null ? `${deliveryText(row.delivery)}, ` : "Delivery "}
                </span>
                <span className="font-medium">{row.price.pharmacy.deliveryTime}</span>
              </span>
              <span aria-hidden="true">|</span>
              <StockState inStock={row.price.inStock} />
              <span aria-hidden="true">|</span>
              <span className="text-slate-600">
                <Checked lastUpdated={row.price.lastUpdated} now={now} />
              </span>
            </p>
            {totals ? (
              <div className="cmp-card-total">
                <span className="text-slate-700">Total with delivery</span>
                <TotalAmount row={row} />
              </div>
            ) : null}
            {row.message ? <RowMessage row={row} /> : null}
            <div className="mt-4">
              <VisitLink row={row} wide />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function PriceAmount({ row }: { row: PriceRow }) {
  // Packs of different sizes compare fairly by their price per tablet, gram, pen…
  const perUnit = unitPriceText(row.price.price, row.price.dosage);
  return (
    <div className="cmp-amounts">
      <span className="cmp-price">{formatPounds(row.price.price)}</span>
      {perUnit ? <span className="cmp-note">{perUnit}</span> : null}
      {row.isBest ? (
        <span className="cmp-best">
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="size-3">
            <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
          Best
        </span>
      ) : (
        <span className="cmp-note">
          {`+${formatPounds(row.difference)}`}
          <span className="sr-only"> more than the best price</span>
        </span>
      )}
    </div>
  );
}

/**
 * The pack delivered: the total and what it includes, or why there is none (below the minimum
 * order). The price cell keeps the pack's own price; this never replaces it.
 */
function TotalAmount({ row }: { row: PriceRow }) {
  const note = totalNote(row);
  let amount: ReactNode;
  if (row.total !== null) {
    amount = <span className="cmp-total">{formatPounds(row.total)}</span>;
  } else if (row.minimumOrder !== null) {
    amount = (
      <span className="font-medium text-slate-800 text-sm lg:whitespace-nowrap">
        Minimum order {formatPounds(row.minimumOrder)}
      </span>
    );
  } else {
    amount = <span className="text-slate-600 text-xs">Delivery not known</span>;
  }
  return (
    <div className="cmp-amounts gap-0.5">
      {amount}
      {note ? <span className="cmp-note">{note}</span> : null}
    </div>
  );
}

function Checked({ lastUpdated, now }: { lastUpdated: string; now: Date }) {
  // Whole days: the server's render and the browser's agree except across midnight.
  const text = checkedAgo(lastUpdated, now);
  // Each row's freshness links to where How we rank explains where prices come from (issue 11).
  return (
    <Link to={`${sitePaths.howWeRank}#where-prices-come-from`} className="cmp-checked">
      <span suppressHydrationWarning title={`Price last checked ${formatDateTime(lastUpdated)}`}>
        {`${text.charAt(0).toUpperCase()}${text.slice(1)}`}
      </span>
      <span className="sr-only"> (how we check prices)</span>
    </Link>
  );
}

function StockState({ inStock, compact = false }: { inStock: boolean; compact?: boolean }) {
  const label = inStock ? "In stock" : "Out of stock";
  if (compact) return <span className={inStock ? "text-saving-700" : "text-rose-700"}>{label}</span>;
  // The coloured dot is the class's ::before, drawn in the text's colour.
  return <span className={`cmp-stock ${inStock ? "text-saving-700" : "text-rose-700"}`}>{label}</span>;
}

function RowMessage({ row }: { row: PriceRow }) {
  const message = row.message;
  if (!message) return null;
  const style = messageStyles[message.category];
  return (
    <div className={`mt-2 rounded-lg border px-3 py-2 text-xs leading-5 ${style.box} ${style.text}`}>
      <p className="flex flex-wrap items-center gap-1.5">
        <span className={`rounded-full px-1.5 py-px font-semibold text-[0.6875rem] ${style.badge}`}>
          {style.label}
        </span>
        <strong className="font-semibold">{message.title}</strong>
      </p>
      <p className="mt-1">{message.message}</p>
    </div>
  );
}

function VisitLink({ row, wide = false }: { row: PriceRow; wide?: boolean }): ReactNode {
  const href = pharmacyHref(row.price);
  const size = wide ? "w-full py-2.5" : "py-2";
  if (!href) {
    return (
      <span className={`inline-flex justify-center rounded-lg px-3 text-slate-600 text-xs ${size}`}>
        Link unavailable
      </span>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="sponsored noopener"
      // Starts with the visible words (WCAG 2.5.3), then names the pharmacy and the new tab.
      aria-label={`Visit pharmacy: ${row.price.pharmacy.name} (opens in a new tab)`}
      className={`cmp-visit ${size}`}
    >
      Visit pharmacy
      <SpriteIcon symbol="external" className="size-4" />
    </a>
  );
}
