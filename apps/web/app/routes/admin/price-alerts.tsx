import {
  type AdminPriceAlert,
  adminEndpoints,
  formatCount,
  formatDateTime,
  formatPounds,
  PRICE_ALERT_PAGE_LIMITS,
  PRICE_ALERT_STATUSES,
  type PriceAlertPage,
  PriceAlertStatus,
  type PriceAlertTotals,
} from "@pharmacompare/contract";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { adminMeta, failureText } from "../../components/admin/admin-route.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../../components/admin/admin-ui.tsx";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { type DataColumn, DataTable } from "../../components/admin/data-table.tsx";
import { EmptyState } from "../../components/admin/empty-state.tsx";
import { FilterBar, FilterField, FilterSelect } from "../../components/admin/filter-bar.tsx";
import {
  Badge,
  type BadgeTone,
  Detail,
  DetailGrid,
  StatusPicker,
  useFetcherAnswer,
  useKeptList,
} from "../../components/admin/inbox-ui.tsx";
import { hasFilters, listHref, showingText, useListLoading } from "../../components/admin/list-navigation.ts";
import { type ListPageLoad, loadListPage } from "../../components/admin/list-page-load.ts";
import { Pager } from "../../components/admin/pager.tsx";
import { useToast } from "../../components/admin/toast.tsx";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import type { Route } from "./+types/price-alerts";

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

const FILTER_KEYS = ["search", "status"] as const;

type AlertStatus = AdminPriceAlert["status"];

const statusOptions = PRICE_ALERT_STATUSES.map((value) => ({ value, label: value }));

const statusTone: Record<AlertStatus, BadgeTone> = {
  active: "blue",
  triggered: "green",
  cancelled: "slate",
  expired: "amber",
};

const counterLabels: Record<AlertStatus, string> = {
  active: "Active",
  triggered: "Triggered",
  cancelled: "Cancelled",
  expired: "Expired",
};

type PriceAlertsLoad = ListPageLoad<(typeof FILTER_KEYS)[number], PriceAlertPage>;

type ActionResult =
  | { intent: "status"; ok: true; status: AlertStatus }
  | { intent: "status"; ok: false }
  | { intent: "delete"; ok: true }
  | { intent: "delete"; ok: false };

export function meta() {
  return adminMeta("Price Alerts");
}

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<PriceAlertsLoad> {
  return loadListPage({
    request,
    filterKeys: FILTER_KEYS,
    offered: { status: (value) => PriceAlertStatus.safeParse(value).success },
    read: (filters, page) =>
      adminSession()
        .api(request)
        .call(adminEndpoints.listPriceAlerts, {
          query: {
            search: filters.search || undefined,
            status: PriceAlertStatus.safeParse(filters.status).data,
            page,
            limit: PRICE_ALERT_PAGE_LIMITS.default,
          },
        }),
    failure: "Please try again.",
    logAs: "Failed to load price alerts",
  });
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const api = adminSession().api(request);

  if (intent === "delete") {
    try {
      await api.call(adminEndpoints.deletePriceAlert, { params: { id } });
      return { intent, ok: true };
    } catch (error) {
      failureText(error, ""); // passes a sign-out redirect on
      return { intent, ok: false };
    }
  }

  const status = PriceAlertStatus.safeParse(form.get("status"));
  if (!status.success) return { intent: "status", ok: false };
  try {
    const { alert } = await api.call(adminEndpoints.updatePriceAlertStatus, {
      params: { id },
      body: { status: status.data },
    });
    return { intent: "status", ok: true, status: alert.status };
  } catch (error) {
    failureText(error, "");
    return { intent: "status", ok: false };
  }
}

function StatusBadge({ alert }: { alert: AdminPriceAlert }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={statusTone[alert.status]}>{alert.status}</Badge>
      {/* Only a confirmed alert ever fires (double opt-in, decision 013). */}
      {alert.confirmed ? null : <Badge tone="violet">unconfirmed</Badge>}
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
    header: "Target / current",
    className: "whitespace-nowrap",
    cell: (alert) => (
      <>
        <span className="block font-medium text-slate-900 tabular-nums">
          {formatPounds(alert.targetPrice)}
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

/** How many alerts of each status this page shows. */
function countOnPage(alerts: readonly AdminPriceAlert[]): PriceAlertTotals {
  const counts: PriceAlertTotals = { active: 0, triggered: 0, cancelled: 0, expired: 0 };
  for (const alert of alerts) counts[alert.status] += 1;
  return counts;
}

function Counters({ alerts, totals }: { alerts: readonly AdminPriceAlert[]; totals: PriceAlertTotals }) {
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

export default function PriceAlerts({ loaderData }: Route.ComponentProps) {
  const { filters, fields } = loaderData;
  const result = useKeptList(loaderData, TEXT.refreshFailed);
  const loading = useListLoading();
  const toast = useToast();
  const filtered = hasFilters(filters);

  const statusFetcher = useFetcher<ActionResult>({ key: "price-alert-status" });
  const deleteFetcher = useFetcher<ActionResult>({ key: "price-alert-delete" });

  const [viewing, setViewing] = useState<AdminPriceAlert | null>(null);
  const [deleting, setDeleting] = useState<AdminPriceAlert | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const deleteOpener = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const shown = viewing ? (result?.alerts.find((a) => a._id === viewing._id) ?? viewing) : null;
  const savingStatus = statusFetcher.state !== "idle";
  const pendingStatus = savingStatus
    ? PriceAlertStatus.safeParse(statusFetcher.formData?.get("status"))
    : null;

  useFetcherAnswer(statusFetcher, (data) => {
    if (data.intent !== "status") return;
    setViewing(null);
    if (data.ok) toast.show(`Status set to ${data.status}`);
    else toast.show(TEXT.statusFailed, { tone: "info" });
  });
  useFetcherAnswer(deleteFetcher, (data) => {
    if (data.intent !== "delete") return;
    opener.current = headingRef.current;
    deleteOpener.current = headingRef.current;
    setDeleting(null);
    setViewing(null);
    if (data.ok) toast.show("Price alert deleted");
    else toast.show(TEXT.deleteFailed, { tone: "info" });
  });

  function askDelete(alert: AdminPriceAlert, button: HTMLElement) {
    deleteOpener.current = button;
    setDeleting(alert);
  }

  const named = (alert: AdminPriceAlert) => (
    <span className="sr-only">
      {" "}
      alert for {alert.email}, {alert.medicationName} {alert.dosage}
    </span>
  );

  return (
    <>
      <PageHeader title="Price Alerts" description="Visitors' alerts for a target price, newest first." />

      {result ? <Counters alerts={result.alerts} totals={result.totals} /> : null}

      <FilterBar label="Filter the price alerts" active={filtered} columnsClass="sm:grid-cols-[2fr_1fr]">
        <FilterField
          label="Search"
          name="search"
          type="search"
          defaultValue={filters.search}
          placeholder={TEXT.searchPlaceholder}
          spellCheck={false}
          error={fields.search ? `Search ${fields.search}` : undefined}
        />
        <FilterSelect label="Status" name="status" defaultValue={filters.status} options={statusOptions} />
      </FilterBar>

      <section aria-labelledby="alerts-heading" className="mt-6" aria-busy={loading}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="alerts-heading"
            ref={headingRef}
            tabIndex={-1}
            className="font-semibold text-base text-slate-900 focus:outline-none"
          >
            Alerts
          </h2>
          <p role="status" className="text-slate-600 text-sm">
            {result ? showingText(result, result.alerts.length, "alerts") : ""}
          </p>
        </div>

        {!result && loaderData.error ? (
          <Notice tone="error">
            {TEXT.loadFailed} {fields.search ? "" : loaderData.error}
          </Notice>
        ) : null}

        {result && result.alerts.length === 0 ? <EmptyState>{TEXT.empty}</EmptyState> : null}

        {result && result.alerts.length > 0 ? (
          <DataTable
            label="Price alerts"
            caption="Price alerts, newest first"
            columns={columns}
            rows={result.alerts}
            rowKey={(alert) => alert._id}
            minWidthClass="min-w-[48rem]"
            rowActions={(alert) => (
              <>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setViewing(alert);
                  }}
                >
                  View{named(alert)}
                </button>
                <button
                  type="button"
                  className={`${buttonClass.secondary} text-red-700`}
                  onClick={(event) => askDelete(alert, event.currentTarget)}
                >
                  Delete{named(alert)}
                </button>
              </>
            )}
          />
        ) : null}

        {result ? (
          <Pager
            label="Price alert pages"
            page={result.page}
            totalPages={result.totalPages}
            hrefFor={(page) => listHref(filters, page)}
          />
        ) : null}
      </section>

      <ModalDialog
        open={shown !== null}
        title="Price alert"
        description={shown ? shown.email : undefined}
        onClose={() => {
          setViewing(null);
          if (!opener.current?.isConnected) headingRef.current?.focus();
        }}
        returnFocusRef={opener}
      >
        {shown ? (
          <div className="space-y-5">
            <DetailGrid>
              <Detail term="Email">{shown.email}</Detail>
              <Detail term="Status">
                <StatusBadge alert={shown} />
              </Detail>
              <Detail term="Medication">{shown.medicationName}</Detail>
              <Detail term="Dosage">{shown.dosage}</Detail>
              <Detail term="Medication id">
                <span className="font-mono text-xs">{shown.medicationId}</span>
              </Detail>
              <Detail term="Target price">{formatPounds(shown.targetPrice)}</Detail>
              <Detail term="Current price">
                <CurrentPrice alert={shown} />
              </Detail>
              {shown.lowestPharmacy ? (
                <Detail term="Lowest pharmacy">
                  {shown.lowestPharmacy.name} ({formatPounds(shown.lowestPharmacy.price)})
                </Detail>
              ) : null}
              <Detail term="Created">
                <time dateTime={shown.createdAt}>{formatDateTime(shown.createdAt)}</time>
              </Detail>
              <Detail term="Expires">
                <time dateTime={shown.expiresAt}>{formatDateTime(shown.expiresAt)}</time>
              </Detail>
              {shown.triggeredAt ? (
                <Detail term="Triggered">
                  <time dateTime={shown.triggeredAt}>{formatDateTime(shown.triggeredAt)}</time>
                </Detail>
              ) : null}
              <Detail term="Email address confirmed">
                {shown.confirmedAt ? (
                  <time dateTime={shown.confirmedAt}>{formatDateTime(shown.confirmedAt)}</time>
                ) : (
                  "Not yet: the alert waits for its visitor to confirm"
                )}
              </Detail>
            </DetailGrid>

            <StatusPicker
              value={pendingStatus?.success ? pendingStatus.data : shown.status}
              statuses={PRICE_ALERT_STATUSES}
              busy={savingStatus}
              onChange={(status) =>
                void statusFetcher.submit({ intent: "status", id: shown._id, status }, { method: "post" })
              }
            />

            <div className="flex flex-wrap justify-end gap-2 border-slate-200 border-t pt-4">
              <button
                type="button"
                className={`${buttonClass.secondary} text-red-700`}
                onClick={(event) => askDelete(shown, event.currentTarget)}
              >
                Delete
              </button>
              <button type="button" className={buttonClass.primary} onClick={() => setViewing(null)}>
                Close
              </button>
            </div>
          </div>
        ) : null}
      </ModalDialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete price alert"
        message={TEXT.deleteQuestion}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteFetcher.state !== "idle"}
        onConfirm={() => {
          if (deleting) void deleteFetcher.submit({ intent: "delete", id: deleting._id }, { method: "post" });
        }}
        onCancel={() => setDeleting(null)}
        returnFocusRef={deleteOpener}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
