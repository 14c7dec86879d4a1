import {
  type AdminPriceAlert,
  formatCount,
  PRICE_ALERT_STATUSES,
  type PriceAlertTotals,
} from "@pharmacompare/contract";

type AlertStatus = AdminPriceAlert["status"];

const counterLabels: Record<AlertStatus, string> = {
  active: "Active",
  triggered: "Triggered",
  cancelled: "Cancelled",
  expired: "Expired",
};

/** How many alerts of each status this page shows. */
function countOnPage(alerts: readonly AdminPriceAlert[]): PriceAlertTotals {
  const counts: PriceAlertTotals = { active: 0, triggered: 0, cancelled: 0, expired: 0 };
  for (const alert of alerts) counts[alert.status] += 1;
  return counts;
}

/**
 * Price Alerts' four counters (back-office §2): counted over the current page, as the
 * specification says, with the API's totals over every alert beside them, labelled, so neither is
 * mistaken for the other.
 */
export function PriceAlertCounters({
  alerts,
  totals,
}: {
  alerts: readonly AdminPriceAlert[];
  totals: PriceAlertTotals;
}) {
  const onPage = countOnPage(alerts);
  return (
    <section aria-labelledby="alert-counts-heading" className="mb-6">
      <h2 id="alert-counts-heading" className="sr-only">
        Alerts by status
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {PRICE_ALERT_STATUSES.map((status) => (
          <li key={status} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <h3 className="font-medium text-slate-700 text-sm">{counterLabels[status]}</h3>
            <dl className="mt-2 flex flex-wrap items-end gap-x-5 gap-y-2">
              <div>
                <dt className="text-slate-600 text-xs">On this page</dt>
                <dd className="font-semibold text-2xl text-slate-900 tabular-nums tracking-tight">
                  {formatCount(onPage[status])}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600 text-xs">All alerts</dt>
                <dd className="font-medium text-lg text-slate-700 tabular-nums">
                  {formatCount(totals[status])}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
