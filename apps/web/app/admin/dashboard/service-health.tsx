import {
  formatCount,
  formatDateTime,
  formatDay,
  formatRelativeTime,
  formatShortDay,
  SERVICE_HEALTH_DAYS,
  type ServiceHealth,
} from "@pharmacompare/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { adminScreens } from "../kit/admin-screens.ts";
import { Panel } from "../kit/admin-ui.tsx";
import { BarChart } from "./bar-chart.tsx";
import { FailedJobs } from "./failed-jobs.tsx";
import { FailingFeeds } from "./failing-feeds.tsx";

/**
 * The dashboard's "is everything working?" (issue 31, decision 044): what waits now, then the last
 * 30 days as charts, each figure linking to the screen where staff act on it.
 */

const linkClass = "rounded-sm font-medium text-brand-700 text-sm underline-offset-2 hover:underline";
const pharmacyEdit = (id: string) => `${adminScreens.pharmacies.path}/edit/${encodeURIComponent(id)}`;
const pricesOf = (medicationId: string) =>
  `${adminScreens.prices.path}?${new URLSearchParams({ medication: medicationId })}`;

function Figure({ label, value, to, note }: { label: string; value: number; to: string; note?: ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        className="block h-full rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-300"
      >
        <span className="block font-medium text-slate-600 text-sm">{label}</span>
        <span className="mt-1 block font-semibold text-2xl text-slate-900 tabular-nums tracking-tight">
          {formatCount(value)}
        </span>
        {note ? <span className="mt-1 block text-slate-600 text-xs">{note}</span> : null}
      </Link>
    </li>
  );
}

/** The charts' colours: a fill for the bars and a swatch for the key, both named in full for Tailwind. */
const tones = {
  brand: { fill: "fill-brand-700", swatch: "bg-brand-700" },
  sky: { fill: "fill-sky-600", swatch: "bg-sky-600" },
  amber: { fill: "fill-amber-500", swatch: "bg-amber-500" },
  slate: { fill: "fill-slate-400", swatch: "bg-slate-400" },
  rose: { fill: "fill-rose-600", swatch: "bg-rose-600" },
} as const;

/** One series of a chart: its name in the key, its colour, and its figure in each row. */
type Line<Row> = readonly [label: string, tone: keyof typeof tones, value: (row: Row) => number];

/** A chart in its own panel: one bar group per row, one bar per line. */
function ChartPanel<Row>({
  rows,
  lines,
  ...chart
}: Omit<Parameters<typeof BarChart>[0], "series"> & { rows: readonly Row[]; lines: readonly Line<Row>[] }) {
  return (
    <Panel className="p-4 sm:p-5">
      <BarChart
        {...chart}
        series={lines.map(([label, tone, value]) => ({ label, ...tones[tone], values: rows.map(value) }))}
      />
    </Panel>
  );
}

export function ServiceHealthSection({ health, now }: { health: ServiceHealth; now: Date }) {
  // The charts' two time axes: the heading of their category column and a label per row.
  const byDay = {
    categoryHeading: "Day",
    categories: health.clickOuts.byDay.map((row) => ({ label: formatShortDay(row.day) })),
  };
  const byWeek = {
    categoryHeading: "Week starting",
    categories: health.alerts.map((row) => ({ label: formatShortDay(row.week) })),
  };
  const topPharmacy = health.clickOuts.byPharmacy[0]?.count ?? 0;
  // The API's configured stale limit (PRICE_STALE_DAYS), the one the public pages flag by.
  const { staleDays, hideDays, hidden } = health.stalePrices;
  const staleTitle = `Prices not confirmed in ${staleDays === 1 ? "1 day" : `${staleDays} days`}`;
  return (
    <section aria-labelledby="health-heading" className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="health-heading" className="font-semibold text-lg text-slate-900">
          Is everything working?
        </h2>
        <p className="text-slate-600 text-sm">
          {`As of ${formatDateTime(health.asOf)} · the last ${SERVICE_HEALTH_DAYS} days, ${formatDay(health.from)} to ${formatDay(health.to)}`}
        </p>
      </div>

      <FailingFeeds feeds={health.failingFeeds} />
      <FailedJobs jobs={health.failedJobs} />
      {health.cachePurges.waiting > 0 && health.cachePurges.oldestWaitingSince ? (
        // A shared cache that has not taken its purges may show old prices (decision 064).
        <p
          role="status"
          className="mt-3 rounded-lg bg-amber-50 px-4 py-3 text-amber-950 text-sm ring-1 ring-amber-200"
        >
          {`Cache purges waiting: ${formatCount(health.cachePurges.waiting)}, the oldest owed ${formatRelativeTime(health.cachePurges.oldestWaitingSince, now)}. Until the shared cache takes them it may show old prices; they are retried every minute.`}
        </p>
      ) : null}
      <h3 className="sr-only">Waiting now</h3>
      <ul className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <Figure
          label="Contact messages waiting"
          value={health.contactsWaiting}
          to={`${adminScreens.contacts.path}?status=new`}
        />
        <Figure
          label={staleTitle}
          value={health.stalePrices.total}
          to={adminScreens.prices.path}
          note={
            health.stalePrices.total > 0
              ? `${formatCount(health.stalePrices.total - hidden)} say "may be out of date", ${formatCount(hidden)} no longer listed (${hideDays}+ days)`
              : undefined
          }
        />
        <Figure
          label="Emails waiting to be sent"
          value={health.emails.backlog}
          to={`${adminScreens.subscriptions.path}?status=bounced`}
          note={
            health.emails.oldestWaitingSince
              ? `Oldest queued ${formatRelativeTime(health.emails.oldestWaitingSince, now)}`
              : "None queued"
          }
        />
        <Figure
          label={`Click-outs, last ${SERVICE_HEALTH_DAYS} days`}
          value={health.clickOuts.total}
          to={adminScreens.pharmacies.path}
        />
      </ul>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ChartPanel
          id="chart-click-outs"
          title="Click-outs to pharmacies by day"
          {...byDay}
          rows={health.clickOuts.byDay}
          lines={[["Click-outs", "brand", (row) => row.count]]}
          link={{ to: adminScreens.pharmacies.path, label: "Pharmacies" }}
        />

        <Panel title="Click-outs by pharmacy" titleId="click-outs-by-pharmacy-heading" className="self-start">
          {health.clickOuts.byPharmacy.length === 0 ? (
            <p className="px-4 py-6 text-slate-600 text-sm sm:px-5">No click-outs in the last 30 days.</p>
          ) : (
            <ol className="divide-y divide-slate-100">
              {health.clickOuts.byPharmacy.map((row) => (
                <li key={row.pharmacyId} className="px-4 py-2.5 sm:px-5">
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <Link
                      to={pharmacyEdit(row.pharmacyId)}
                      className={`${linkClass} min-w-0 [overflow-wrap:anywhere]`}
                    >
                      {row.name}
                    </Link>
                    <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
                      {formatCount(row.count)}
                    </span>
                  </div>
                  <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                    <div
                      className="h-1.5 rounded-full bg-brand-700"
                      style={{ width: `${Math.max(2, (row.count / Math.max(1, topPharmacy)) * 100)}%` }}
                    />
                  </div>
                </li>
              ))}
            </ol>
          )}
        </Panel>

        <ChartPanel
          id="chart-alerts"
          title="Price alerts by week"
          {...byWeek}
          rows={health.alerts}
          lines={[
            ["Set", "sky", (row) => row.set],
            ["Confirmed", "brand", (row) => row.confirmed],
            ["Fired", "amber", (row) => row.fired],
          ]}
          link={{ to: adminScreens.priceAlerts.path, label: "Price Alerts" }}
        />

        <ChartPanel
          id="chart-subscriptions"
          title="Subscriptions by week"
          {...byWeek}
          rows={health.subscriptions}
          lines={[
            ["Gained", "brand", (row) => row.gained],
            ["Lost", "slate", (row) => row.lost],
            ["Bounced", "rose", (row) => row.bounced],
          ]}
          link={{ to: adminScreens.subscriptions.path, label: "Email Subscriptions" }}
        />

        <ChartPanel
          id="chart-emails"
          title="Emails by day"
          {...byDay}
          rows={health.emails.byDay}
          lines={[
            ["Accepted", "brand", (row) => row.accepted],
            ["Failed", "rose", (row) => row.failed],
          ]}
          link={{ to: `${adminScreens.subscriptions.path}?status=bounced`, label: "Bounced subscriptions" }}
        />

        <Panel title={staleTitle} titleId="stale-prices-heading" className="self-start">
          {health.stalePrices.byMedication.length === 0 ? (
            <p className="px-4 py-6 text-slate-600 text-sm sm:px-5">{`Every price was confirmed in the last ${staleDays === 1 ? "day" : `${staleDays} days`}.`}</p>
          ) : (
            <ol className="divide-y divide-slate-100">
              {health.stalePrices.byMedication.map((row) => (
                <li
                  key={row.medicationId}
                  className="flex items-baseline justify-between gap-3 px-4 py-2.5 sm:px-5"
                >
                  <Link
                    to={pricesOf(row.medicationId)}
                    className={`${linkClass} min-w-0 [overflow-wrap:anywhere]`}
                  >
                    {row.name}
                  </Link>
                  <span className="shrink-0 text-slate-700 text-sm tabular-nums">
                    {`${formatCount(row.count)} ${row.count === 1 ? "price" : "prices"}`}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
      </div>
    </section>
  );
}
