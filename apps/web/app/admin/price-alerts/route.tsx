import {
  type AdminPriceAlert,
  adminEndpoints,
  alertWatches,
  formatDateTime,
  formatPounds,
  PRICE_ALERT_KIND_WORDS,
  PRICE_ALERT_PAGE_LIMITS,
  PRICE_ALERT_STATUSES,
  type PriceAlertPage,
  PriceAlertStatus,
} from "@pharmacompare/contract";
import { adminMeta } from "../kit/admin-route.ts";
import { AdminPageError, PageHeader } from "../kit/admin-ui.tsx";
import { InboxDeleteConfirm, InboxDetailDialog } from "../kit/inbox/inbox-dialogs.tsx";
import { InboxList, type InboxListWords } from "../kit/inbox/inbox-list.tsx";
import { type InboxCalls, inboxAction, inboxLoad } from "../kit/inbox/inbox-screen.ts";
import { Badge, type BadgeTone, Detail, useKeptList } from "../kit/inbox/inbox-ui.tsx";
import { useInboxDialogs } from "../kit/inbox/use-inbox-dialogs.ts";
import type { DataColumn } from "../kit/list/data-table.tsx";
import type { Route } from "./+types/route";
import { PriceAlertCounters } from "./price-alert-counters.tsx";

/**
 * Price Alerts (back-office §2, §4, §7, §9): visitors' alerts, 10 a page, searched on the server.
 * The four counters are counted over the current page, as the specification says, and the API's
 * totals over every alert stand beside them, labelled, so neither is mistaken for the other.
 *
 * Back-office §8 makes this screen's load, delete and status failures silent; we keep the list as
 * it was and say so in a short notice (see contacts.tsx).
 */
const TEXT = {
  searchPlaceholder: "Search by email, medication...",
  empty: "No price alerts found",
  deleteQuestion: "Are you sure you want to delete this price alert?",
  loadFailed: "The price alerts could not be loaded.",
  refreshFailed: "The list could not be refreshed:",
  statusFailed: "The status could not be changed. Please try again.",
  deleteFailed: "The price alert could not be deleted. Please try again.",
} as const;

type AlertStatus = AdminPriceAlert["status"];

const statusTone: Record<AlertStatus, BadgeTone> = {
  active: "blue",
  triggered: "green",
  cancelled: "slate",
  expired: "amber",
};

const WORDS: InboxListWords = {
  filterLabel: "Filter the price alerts",
  placeholder: TEXT.searchPlaceholder,
  heading: "Alerts",
  noun: "alerts",
  tableLabel: "Price alerts",
  caption: "Price alerts, newest first",
  pagerLabel: "Price alert pages",
  loadFailed: TEXT.loadFailed,
  empty: TEXT.empty,
};

export function meta() {
  return adminMeta("Price Alerts");
}

const calls: InboxCalls<AlertStatus, PriceAlertPage> = {
  parseStatus: (value) => PriceAlertStatus.safeParse(value).data,
  limit: PRICE_ALERT_PAGE_LIMITS.default,
  list: (api, query) => api.call(adminEndpoints.listPriceAlerts, { query }),
  setStatus: async (api, id, status) =>
    (await api.call(adminEndpoints.updatePriceAlertStatus, { params: { id }, body: { status } })).alert,
  remove: (api, id) => api.call(adminEndpoints.deletePriceAlert, { params: { id } }),
};

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return inboxLoad(request, calls);
}

export function clientAction({ request }: Route.ClientActionArgs) {
  return inboxAction(request, calls);
}

function StatusBadge({ alert }: { alert: AdminPriceAlert }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={statusTone[alert.status]}>{alert.status}</Badge>
      {/* Only a confirmed alert ever fires (double opt-in, decision 013). */}
      {alert.confirmed ? null : <Badge tone="violet">unconfirmed</Badge>}
      {/* Its visitor paused it from the manage page (decision 043): it fires nothing meanwhile. */}
      {alert.pausedAt ? <Badge tone="slate">paused</Badge> : null}
    </span>
  );
}

function CurrentPrice({ alert }: { alert: AdminPriceAlert }) {
  return alert.currentPrice === null ? "None in stock" : formatPounds(alert.currentPrice);
}

const columns: readonly DataColumn<AdminPriceAlert>[] = [
  {
    header: "Email",
    rowHeader: true,
    className: "max-w-[14rem] font-medium text-slate-900 [overflow-wrap:anywhere]",
    cell: (alert) => alert.email,
  },
  {
    header: "Medication",
    className: "max-w-[14rem]",
    cell: (alert) => (
      <>
        <span className="block text-slate-900">{alert.medicationName}</span>
        <span className="block text-slate-600 text-xs">{alert.dosage}</span>
      </>
    ),
  },
  {
    header: "Watches",
    className: "max-w-[10rem]",
    cell: (alert) => PRICE_ALERT_KIND_WORDS[alert.kind].choice,
  },
  {
    header: "Target / current",
    className: "whitespace-nowrap",
    cell: (alert) => (
      <>
        <span className="block font-medium text-slate-900 tabular-nums">
          {alert.targetPrice === null ? "No target" : formatPounds(alert.targetPrice)}
        </span>
        <span className="block text-slate-600 text-xs tabular-nums">
          Now <CurrentPrice alert={alert} />
        </span>
      </>
    ),
  },
  {
    header: "Status",
    cell: (alert) => <StatusBadge alert={alert} />,
  },
  {
    header: "Created",
    className: "whitespace-nowrap text-slate-700",
    cell: (alert) => <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>,
  },
];

export default function PriceAlerts({ loaderData }: Route.ComponentProps) {
  const result = useKeptList(loaderData, TEXT.refreshFailed);
  const dialogs = useInboxDialogs<AdminPriceAlert, AlertStatus>({
    keys: { status: "price-alert-status", delete: "price-alert-delete" },
    rows: result?.alerts,
    parseStatus: (value) => PriceAlertStatus.safeParse(value).data,
    text: {
      deleted: "Price alert deleted",
      statusFailed: TEXT.statusFailed,
      deleteFailed: TEXT.deleteFailed,
    },
  });
  const { shown } = dialogs;

  return (
    <>
      <PageHeader
        title="Price Alerts"
        description="Visitors' alerts for a target price, any fall, a 90-day low or back in stock, newest first."
      />

      {result ? <PriceAlertCounters alerts={result.alerts} totals={result.totals} /> : null}

      <InboxList
        id="alerts-heading"
        words={WORDS}
        load={loaderData}
        page={result}
        rows={result?.alerts}
        statuses={PRICE_ALERT_STATUSES}
        columns={columns}
        minWidthClass="min-w-[56rem]"
        named={(alert) => (
          <span className="sr-only">
            {" "}
            alert for {alert.email}, {alert.medicationName} {alert.dosage}
          </span>
        )}
        dialogs={dialogs}
      />

      <InboxDetailDialog
        dialogs={dialogs}
        title="Price alert"
        description={shown ? shown.email : undefined}
        status={shown ? (dialogs.pendingStatus ?? shown.status) : undefined}
        statuses={PRICE_ALERT_STATUSES}
        busy={dialogs.savingStatus}
      >
        {shown ? <AlertFacts alert={shown} /> : null}
      </InboxDetailDialog>

      <InboxDeleteConfirm dialogs={dialogs} title="Delete price alert" question={TEXT.deleteQuestion} />
    </>
  );
}

/** What the detail dialog says of an alert (back-office §2). */
function AlertFacts({ alert }: { alert: AdminPriceAlert }) {
  return (
    <>
      <Detail term="Email">{alert.email}</Detail>
      <Detail term="Status">
        <StatusBadge alert={alert} />
      </Detail>
      <Detail term="Medication">{alert.medicationName}</Detail>
      <Detail term="Dosage">{alert.dosage}</Detail>
      <Detail term="Medication id">
        <span className="font-mono text-xs">{alert.medicationId}</span>
      </Detail>
      <Detail term="What it watches">{alertWatches(alert.kind, alert.targetPrice)}</Detail>
      {alert.targetPrice === null ? null : (
        <Detail term="Target price">{formatPounds(alert.targetPrice)}</Detail>
      )}
      <Detail term="Current price">
        <CurrentPrice alert={alert} />
      </Detail>
      {alert.lowestPharmacy ? (
        <Detail term="Lowest pharmacy">
          {alert.lowestPharmacy.name} ({formatPounds(alert.lowestPharmacy.price)})
        </Detail>
      ) : null}
      <Detail term="Created">
        <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
      </Detail>
      <Detail term="Expires">
        <time dateTime={alert.expiresAt}>{formatDateTime(alert.expiresAt)}</time>
      </Detail>
      {alert.triggeredAt ? (
        // The other kinds stay active and fire again, at most once a day (decision 043).
        <Detail term={alert.kind === "target" ? "Triggered" : "Last fired"}>
          <time dateTime={alert.triggeredAt}>{formatDateTime(alert.triggeredAt)}</time>
        </Detail>
      ) : null}
      {alert.pausedAt ? (
        <Detail term="Paused by its visitor">
          <time dateTime={alert.pausedAt}>{formatDateTime(alert.pausedAt)}</time>
        </Detail>
      ) : null}
      <Detail term="Email address confirmed">
        {alert.confirmedAt ? (
          <time dateTime={alert.confirmedAt}>{formatDateTime(alert.confirmedAt)}</time>
        ) : (
          "Not yet: the alert waits for its visitor to confirm"
        )}
      </Detail>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
