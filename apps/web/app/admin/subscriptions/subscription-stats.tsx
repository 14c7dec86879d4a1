import { formatCount, type SubscriptionStats } from "@pharmacompare/contract";
import type { ReactNode } from "react";
import { Panel } from "../kit/admin-ui.tsx";
import { Age } from "./subscription-columns.tsx";

/**
 * Email Subscriptions' stats (back-office §2): four cards by status, the counts by source and the
 * five newest, over every subscription whatever the list's filters and page.
 */
export function SubscriptionStatsPanels({ stats, now }: { stats: SubscriptionStats; now: Date }) {
  return (
    <>
      <section aria-labelledby="subscription-stats-heading">
        <h2 id="subscription-stats-heading" className="sr-only">
          Subscriptions by status
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
          <StatCard label="Total" value={stats.total} />
          <StatCard label="Active" value={stats.active}>
            {stats.unconfirmed > 0 ? `${formatCount(stats.unconfirmed)} not confirmed yet` : null}
          </StatCard>
          <StatCard label="Unsubscribed" value={stats.unsubscribed} />
          <StatCard label="Bounced" value={stats.bounced} />
        </ul>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Panel title="By source" titleId="by-source-heading" className="self-start">
          {stats.bySource.length === 0 ? (
            <p className="px-4 py-4 text-slate-600 text-sm sm:px-5">No subscriptions yet.</p>
          ) : (
            <dl className="divide-y divide-slate-100 px-4 sm:px-5">
              {stats.bySource.map((entry) => (
                <div key={entry._id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
                  <dt className="text-slate-700">{entry._id}</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{formatCount(entry.count)}</dd>
                </div>
              ))}
            </dl>
          )}
        </Panel>
        <Panel title="Recent subscriptions" titleId="recent-subscriptions-heading" className="lg:col-span-2">
          {stats.recentSubscriptions.length === 0 ? (
            <p className="px-4 py-4 text-slate-600 text-sm sm:px-5">No subscriptions yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {stats.recentSubscriptions.map((subscription) => (
                <li
                  key={subscription._id}
                  className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-4 py-2.5 text-sm sm:px-5"
                >
                  <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">
                    {subscription.email}
                  </span>
                  <span className="text-slate-600 text-xs">
                    <Age at={subscription.subscribedAt} now={now} /> · {subscription.source}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}

function StatCard({ label, value, children }: { label: string; value: number; children?: ReactNode }) {
  return (
    <li className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <span className="block font-medium text-slate-600 text-sm">{label}</span>
      <span className="mt-1 block font-semibold text-3xl text-slate-900 tabular-nums tracking-tight">
        {formatCount(value)}
      </span>
      {children ? <span className="mt-1 block text-slate-600 text-xs">{children}</span> : null}
    </li>
  );
}
