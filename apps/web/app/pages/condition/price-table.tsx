import {
  type ComparisonSort,
  type ComparisonView,
  clickOutUrl,
  formatDateTime,
  formatPounds,
  introductoryPriceWords,
  START_CONSULTATION_LABEL,
  startsAtConsultation,
  unitPriceText,
  VISIT_PHARMACY_LABEL,
} from "@pharmacompare/contract";
import type { ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { PharmacyLogo } from "../../components/condition/pharmacy-logo.tsx";
import { PrescriptionOnlyRowNote } from "../../components/condition/prescription-only.tsx";
import {
  checkedAgo,
  comparePartner,
  deliveryText,
  orderWords,
  type PriceRow,
  showsTotals,
  totalNote,
} from "../../components/condition/price-rows.ts";
import { RATING_SOURCE_NOTE, RatingStars } from "../../components/condition/rating-stars.tsx";
import { StaleNote } from "../../components/prices/stale-note.tsx";
import { SpriteIcon } from "../../components/ui/icon-sprite.tsx";
import { sitePaths } from "../../lib/site-paths.ts";
import { messageStyles } from "./message-styles.ts";
import { GphcLink, PharmacyName } from "./pharmacy-identity.tsx";

interface PriceTableProps {
  rows: readonly PriceRow[];
  /** "Viagra 50mg x 4 tablets", for the caption and labels. */
  subject: string;
  /** The medication and dosage every row prices: each price per unit and compare link. */
  medicationId: string;
  dosage: string;
  /** The render's clock, for each row's "checked … ago". */
  now: Date;
  /** The order the rows are in (the API's), for the caption. */
  sort: ComparisonSort;
  /** The price the rows compare where some has an introductory price (decision 057); null otherwise. */
  view?: ComparisonView | null;
  /** A prescription-only medicine: each row says so to a screen reader (decision 035). */
  prescriptionOnly?: boolean;
  /**
   * The API's address browsers use, where live prices link through its counted click-out (decision
   * 044), made here from each price's id; null for the saved file's prices, which link directly.
   */
  clickOutApi?: string | null;
}

/**
 * The comparison: one table, each fact in it once. The stylesheet (app.css, "cmp-") lays its rows
 * out as cards on phones and as columns from 768 px, folding rating, delivery and stock under the
 * pharmacy's name where there is no room for their columns (decision 026). Delivery and Total show
 * whenever the pharmacies' terms are known (always from the API; never from the saved file).
 */
export function PriceTable({
  rows,
  subject,
  medicationId,
  dosage,
  now,
  sort,
  view = null,
  prescriptionOnly = false,
  clickOutApi = null,
}: PriceTableProps) {
  const count = `${rows.length} UK ${rows.length === 1 ? "pharmacy" : "pharmacies"}`;
  const totals = showsTotals(rows);
  const notices = rows.some((row) => row.message);
  return (
    <div className="cmp-frame">
      <table className="cmp-table">
        <caption className="sr-only">{`Prices for ${subject} at ${count}, ${orderWords(sort, view)}`}</caption>
        <thead>
          <tr className="cmp-head">
            <th scope="col" className="cmp-who">
              Pharmacy
            </th>
            <th scope="col" className="cmp-rate">
              Rating
            </th>
            <th scope="col" className="cmp-deliv">
              Delivery
            </th>
            <th scope="col" className="cmp-stk">
              Stock
            </th>
            <th scope="col" className="cmp-pr">
              {view === "three-months" ? "Price, 3 months" : "Price"}
            </th>
            {totals ? (
              <th scope="col" className="cmp-tot">
                {view === "three-months" ? "Total, 3 months" : "Total"}
              </th>
            ) : null}
            <th scope="col" className="cmp-go">
              <span className="sr-only">Link to pharmacy</span>
            </th>
            {notices ? (
              <th scope="col" className="sr-only">
                Notice
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.price._id} className={row.isBest ? "cmp-row cmp-best-row" : "cmp-row"}>
              <td className="cmp-who">
                <PharmacyLogo name={row.price.pharmacy.name} />
                <div>
                  <PharmacyName pharmacy={row.price.pharmacy} discover={discoverIn(index)} />
                  <GphcLink pharmacy={row.price.pharmacy} />
                </div>
              </td>
              <td className="cmp-rate">
                <RatingStars rating={row.price.pharmacy.rating} />
              </td>
              <td className="cmp-deliv">
                {row.delivery !== null ? (
                  <span className="cmp-del-cost">{deliveryText(row.delivery)}</span>
                ) : (
                  <span className="cmp-del-label">Delivery</span>
                )}{" "}
                <span>{row.price.pharmacy.deliveryTime}</span>
              </td>
              <td className="cmp-stk">
                <StockState inStock={row.price.inStock} />{" "}
                <Checked lastUpdated={row.price.checked} now={now} discover={discoverIn(index)} />
                {row.price.mayBeOutOfDate ? <StaleNote lastConfirmed={row.price.checked} /> : null}
              </td>
              <td className="cmp-pr">
                <PriceAmount row={row} view={view} dosage={dosage} />
                {prescriptionOnly ? <PrescriptionOnlyRowNote /> : null}
              </td>
              {totals ? (
                <td className="cmp-tot">
                  <span className="cmp-tot-label">
                    {view === "three-months" ? "First 3 months with fees" : "Total with fees"}
                  </span>
                  <TotalAmount row={row} dosage={dosage} perUnit={view !== "three-months"} />
                </td>
              ) : null}
              <td className="cmp-go">
                <VisitLink
                  row={row}
                  href={visitHref(row, clickOutApi)}
                  consultation={startsAtConsultation(
                    prescriptionOnly ? "POM" : "P",
                    row.price.pharmacy.startsAtConsultation,
                  )}
                />
                <CompareLink
                  row={row}
                  medicationId={medicationId}
                  partner={comparePartner(rows, row)}
                  discover={discoverIn(index)}
                />
              </td>
              {/* Every row as wide as the header: an empty notice cell where others have one. */}
              {notices ? (
                <td className="cmp-msg">{row.message ? <RowMessage message={row.message} /> : null}</td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="cmp-foot">{RATING_SOURCE_NOTE}</p>
    </div>
  );
}

/**
 * Every row links to the same three routes (the pharmacy's page, How we rank, the compare page):
 * the first row's links have React Router discover them, as every row's did, and the others carry
 * no `data-discover` attribute, which cost 21 bytes a link (issue 47).
 */
function discoverIn(index: number): LinkProps["discover"] {
  return index === 0 ? "render" : "none";
}

/**
 * The price the view compares (decision 057): the pack's price, the first order's, or the packs of
 * the first three months; a row with an introductory price says both prices beneath it, in words
 * that never make it an offer (decision 040).
 */
function PriceAmount({ row, view, dosage }: { row: PriceRow; view: ComparisonView | null; dosage: string }) {
  const shown = view ? row.viewPrice : row.price.price;
  // Packs of different sizes compare fairly by their price per tablet, gram, pen… (not a 3-month sum).
  const perUnit = view === "three-months" ? null : unitPriceText(shown, dosage);
  const both = introductoryPriceWords(row.price);
  return (
    <div className="cmp-amounts">
      <span className="cmp-price">{formatPounds(shown)}</span>
      {view === "three-months" ? <span className="cmp-note">first 3 months</span> : null}
      {both ? (
        <span className="cmp-intro">
          <span className="sr-only">Introductory price: </span>
          {both}
        </span>
      ) : null}
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
 * The pack delivered: the total, what it includes (delivery and consultation, each with its
 * amount), or why there is none (below the minimum order). The price cell keeps the pack's own price; this never replaces it.
 */
function TotalAmount({
  row,
  dosage,
  perUnit: withUnit = true,
}: {
  row: PriceRow;
  dosage: string;
  perUnit?: boolean;
}) {
  const note = totalNote(row);
  let amount: ReactNode;
  // The price per tablet, pen… with every fee in it, so packs of different sizes compare by what
  // they really cost (decision 042); not for a three-month sum of several orders.
  const perUnit = row.total !== null && withUnit ? unitPriceText(row.total, dosage) : null;
  if (row.total !== null) {
    amount = (
      <>
        <span className="cmp-total">{formatPounds(row.total)}</span>
        {perUnit ? <span className="cmp-note">{`${perUnit} with fees`}</span> : null}
      </>
    );
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
    <div className="cmp-amounts">
      {amount}
      {/* "incl. £2.95 delivery and £12.50 consultation" is wider than a phone's card: it may wrap. */}
      {note ? <span className="cmp-fees">{note}</span> : null}
    </div>
  );
}

function Checked({
  lastUpdated,
  now,
  discover,
}: {
  lastUpdated: string;
  now: Date;
  discover: LinkProps["discover"];
}) {
  // Whole days: the server's render and the browser's agree except across midnight.
  const text = checkedAgo(lastUpdated, now);
  // Each row's freshness links to where How we rank explains where prices come from (issue 11).
  return (
    <Link to={`${sitePaths.howWeRank}#where-prices-come-from`} className="cmp-checked" discover={discover}>
      <span suppressHydrationWarning title={`Price last checked ${formatDateTime(lastUpdated)}`}>
        {`${text.charAt(0).toUpperCase()}${text.slice(1)}`}
      </span>
      <span className="sr-only"> (how we check prices)</span>
    </Link>
  );
}

function StockState({ inStock }: { inStock: boolean }) {
  // The coloured dot is the class's ::before, drawn in the text's colour.
  return (
    <span className={`cmp-stock ${inStock ? "text-saving-700" : "text-rose-700"}`}>
      {inStock ? "In stock" : "Out of stock"}
    </span>
  );
}

function RowMessage({ message }: { message: NonNullable<PriceRow["message"]> }) {
  const style = messageStyles[message.category];
  return (
    <div className={`rounded-lg border px-3 py-2 text-xs leading-5 ${style.box} ${style.text}`}>
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

/** To this pharmacy and the Best one side by side (decision 042): a comparison, never a promotion. */
function CompareLink({
  row,
  medicationId,
  partner,
  discover,
}: {
  row: PriceRow;
  medicationId: string;
  partner: PriceRow | undefined;
  discover: LinkProps["discover"];
}) {
  if (!partner) return null;
  return (
    <Link
      to={sitePaths.compare(medicationId, row.price.pharmacy.id, partner.price.pharmacy.id)}
      className="cmp-compare"
      discover={discover}
    >
      Compare
      <span className="sr-only">{` with ${partner.price.pharmacy.name} side by side`}</span>
    </Link>
  );
}

/** Where a row's "Visit pharmacy" goes: the counted click-out, the saved file's address, or nowhere. */
function visitHref(row: PriceRow, clickOutApi: string | null): string | undefined {
  if (row.price.noLink) return undefined;
  return clickOutApi !== null ? clickOutUrl(clickOutApi, row.price._id, "comparison") : row.price.link;
}

/**
 * "Visit pharmacy", or "Start a consultation" where a prescription-only medicine's visit starts at
 * the pharmacy's consultation (decision 058): the API's click-out sends it there.
 */
function VisitLink({
  row,
  href,
  consultation,
}: {
  row: PriceRow;
  href: string | undefined;
  consultation: boolean;
}): ReactNode {
  if (!href) return <span className="cmp-no-link">Link unavailable</span>;
  const words = consultation ? START_CONSULTATION_LABEL : VISIT_PHARMACY_LABEL;
  return (
    <a
      // The API redirects to the same stored link, with the pharmacy's referral parameters (decision 044).
      href={href}
      target="_blank"
      // "sponsored" where the pharmacy pays a commission (or, from the saved file, may).
      rel={row.price.pharmacy.sponsored === false ? "noopener" : "sponsored noopener"}
      // Starts with the visible words (WCAG 2.5.3), then names the pharmacy and the new tab.
      aria-label={`${words}: ${row.price.pharmacy.name} (opens in a new tab)`}
      className="cmp-visit"
    >
      {words}
      <SpriteIcon symbol="external" />
    </a>
  );
}
