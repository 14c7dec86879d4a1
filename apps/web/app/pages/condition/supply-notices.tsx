import { supplyNoticeHeading } from "@pharmacompare/contract";

/*
 * Supply where people look (issue 45, decision 060): the stock line in the table's header and the
 * staff's supply notices above the prices. The loader makes their words on the server (the
 * contract's `stockLine` and `supplyNoticeSource`), so this is plain markup with no rule and no
 * client library (the condition page's JavaScript budget, apps/web/app/page-budget.test.ts).
 */

/** A notice as the page shows it: its message and its source's words and address. */
export interface ShownSupplyNotice {
  id: string;
  message: string;
  sourceUrl: string;
  /** "Source: www.gov.uk, 12 August 2026". */
  source: string;
}

/** "In stock at 3 of 5 pharmacies": the listed rows' stock. */
export function StockLine({ line }: { line: string | null }) {
  if (!line) return null;
  return (
    <p className="mt-1 font-medium text-slate-700 text-sm" data-testid="stock-line">
      {line}
    </p>
  );
}

/**
 * The active notices, each with its source and date: a calm, labelled region (not an alert; the
 * news is a fact the visitor should weigh, not an alarm). The message is staff text, shown as text.
 */
export function SupplyNotices({
  notices,
  subject,
}: {
  notices: readonly ShownSupplyNotice[];
  subject: string;
}) {
  if (notices.length === 0) return null;
  return (
    <section
      aria-labelledby="supply-notice-heading"
      className="rounded-xl border border-slate-300 bg-slate-50 p-4 text-slate-900 sm:p-5"
    >
      <h2 id="supply-notice-heading" className="font-semibold text-base">
        {`${supplyNoticeHeading(notices.length)}: ${subject}`}
      </h2>
      <ul className="mt-2 space-y-3">
        {notices.map((notice) => (
          <li key={notice.id} className="text-sm leading-6">
            <p className="break-words">{notice.message}</p>
            <p className="mt-1 text-slate-600 text-xs">
              <a
                href={notice.sourceUrl}
                rel="noopener noreferrer"
                className="break-all font-medium text-brand-700 underline hover:text-brand-800"
              >
                {notice.source}
              </a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
