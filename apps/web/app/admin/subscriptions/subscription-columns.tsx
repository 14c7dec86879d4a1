import {
  type AdminSubscription,
  formatCount,
  formatDateTime,
  formatRelativeTime,
  formatShortDate,
  type SubscriptionPreferences,
} from "@pharmacompare/contract";
import { humanise } from "../kit/audit-format.ts";
import { Badge, type BadgeTone } from "../kit/inbox/inbox-ui.tsx";
import type { DataColumn } from "../kit/list/data-table.tsx";

/** Email Subscriptions' table columns (back-office §2): one clock reading for every age shown. */

const statusTone: Record<AdminSubscription["status"], BadgeTone> = {
  active: "green",
  unsubscribed: "slate",
  bounced: "red",
};

const preferenceLabels: Record<keyof SubscriptionPreferences, string> = {
  priceDrops: "Price drops",
  newMedications: "New medications",
  promotions: "Promotions",
  weeklyDigest: "Weekly digest",
};

export function Age({ at, now }: { at: string; now: Date }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelativeTime(at, now)}
    </time>
  );
}

/** What the subscription is for: "All updates", or each narrower scope it names. */
function scopeText(subscription: AdminSubscription): string {
  if (subscription.subscribedTo.length === 0 || subscription.subscribedTo.some((s) => s.type === "all")) {
    return "All updates";
  }
  return subscription.subscribedTo
    .map((scope) => (scope.value ? `${humanise(scope.type)}: ${scope.value}` : humanise(scope.type)))
    .join(", ");
}

/** The interests switched on, one a line (a narrow column); "None" when all are off. */
function PreferenceList({ preferences }: { preferences: SubscriptionPreferences }) {
  const on = (Object.keys(preferenceLabels) as (keyof SubscriptionPreferences)[]).filter(
    (key) => preferences[key],
  );
  if (on.length === 0) return "None";
  return (
    <ul>
      {on.map((key) => (
        <li key={key} className="whitespace-nowrap">
          {preferenceLabels[key]}
        </li>
      ))}
    </ul>
  );
}

function StatusBadges({ subscription }: { subscription: AdminSubscription }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={statusTone[subscription.status]}>{subscription.status}</Badge>
      {subscription.status === "active" && !subscription.confirmed ? (
        <Badge tone="violet">unconfirmed</Badge>
      ) : null}
    </span>
  );
}

export function columnsAt(now: Date): readonly DataColumn<AdminSubscription>[] {
  return [
    {
      header: "Email",
      rowHeader: true,
      className: "min-w-[11rem] max-w-[16rem]",
      cell: (subscription) => (
        <>
          <span className="block font-medium text-slate-900 [overflow-wrap:anywhere]">
            {subscription.email}
          </span>
          <span className="block text-slate-600 text-xs">{scopeText(subscription)}</span>
        </>
      ),
    },
    { header: "Status", cell: (subscription) => <StatusBadges subscription={subscription} /> },
    { header: "Source", className: "text-slate-700", cell: (subscription) => subscription.source },
    {
      header: "Preferences",
      className: "text-slate-700 text-xs",
      cell: (subscription) => <PreferenceList preferences={subscription.preferences} />,
    },
    {
      // The unsubscribed age sits under the subscribed date and age: a column of its own, empty
      // for most rows, pushed the table past the width of a 1280 px screen.
      header: "Subscribed",
      className: "whitespace-nowrap",
      cell: (subscription) => (
        <>
          <span className="block text-slate-900">{formatShortDate(subscription.subscribedAt)}</span>
          <span className="block text-slate-600 text-xs">
            <Age at={subscription.subscribedAt} now={now} />
          </span>
          {subscription.unsubscribedAt ? (
            <span className="mt-1 block text-slate-700 text-xs">
              Unsubscribed <Age at={subscription.unsubscribedAt} now={now} />
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: "Emails sent",
      className: "whitespace-nowrap",
      cell: (subscription) => (
        <>
          <span className="block text-slate-900 tabular-nums">
            {formatCount(subscription.emailsSentCount)}
          </span>
          <span className="block text-slate-600 text-xs">
            {subscription.lastEmailSent ? (
              <>
                Last sent <Age at={subscription.lastEmailSent} now={now} />
              </>
            ) : (
              "None sent yet"
            )}
          </span>
        </>
      ),
    },
  ];
}
