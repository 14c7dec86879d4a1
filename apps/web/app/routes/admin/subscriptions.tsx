import {
  type AdminSubscription,
  adminEndpoints,
  formatCount,
  formatDateTime,
  formatRelativeTime,
  formatShortDate,
  SUBSCRIPTION_SOURCES,
  SUBSCRIPTION_STATUSES,
  type SubscriptionList,
  SubscriptionListQuery,
  type SubscriptionPreferences,
} from "@pharmacompare/contract";
import { type ReactNode, useMemo, useRef, useState } from "react";
import { redirect, useFetcher } from "react-router";
import { adminMeta, failureText } from "../../components/admin/admin-route.ts";
import { AdminPageError, buttonClass, Notice, PageHeader, Panel } from "../../components/admin/admin-ui.tsx";
import { humanise } from "../../components/admin/audit-format.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { type DataColumn, DataTable } from "../../components/admin/data-table.tsx";
import { EmptyState } from "../../components/admin/empty-state.tsx";
import { FilterBar, FilterField, FilterSelect } from "../../components/admin/filter-bar.tsx";
import { Badge, type BadgeTone, useFetcherAnswer, useKeptList } from "../../components/admin/inbox-ui.tsx";
import {
  hasFilters,
  listSearch,
  readFilters,
  useListLoading,
} from "../../components/admin/list-navigation.ts";
import {
  downloadCsv,
  isExported,
  subscriptionsCsv,
  subscriptionsCsvFileName,
} from "../../components/admin/subscriptions-csv.ts";
import { useToast } from "../../components/admin/toast.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import type { Route } from "./+types/subscriptions";

/**
 * Email Subscriptions (back-office §2, §4, §7, §8, §9): the stats, the five newest, and every
 * subscription; status and source go to the API, the email search filters here. Admins can only
 * delete. "Export CSV" builds the file in the browser (components/admin/subscriptions-csv.ts).
 */
const TEXT = {
  deleteQuestion: "Are you sure you want to permanently delete this subscription?",
  deleteFailed: "Error deleting subscription. Please try again.",
  empty: "No subscriptions yet.",
  noMatch: "No subscriptions match these filters.",
  refreshFailed: "The list could not be refreshed:",
} as const;

const FILTER_KEYS = ["search", "status", "source"] as const;
type Filters = Record<(typeof FILTER_KEYS)[number], string>;

type Status = AdminSubscription["status"];

const statusOptions = SUBSCRIPTION_STATUSES.map((value) => ({ value, label: value }));
const sourceOptions = SUBSCRIPTION_SOURCES.map((value) => ({ value, label: value }));

const statusTone: Record<Status, BadgeTone> = { active: "green", unsubscribed: "slate", bounced: "red" };

const preferenceLabels: Record<keyof SubscriptionPreferences, string> = {
  priceDrops: "Price drops",
  newMedications: "New medications",
  promotions: "Promotions",
  weeklyDigest: "Weekly digest",
};

interface SubscriptionsLoad {
  filters: Filters;
  result: SubscriptionList | null;
  error: string | null;
}

type ActionResult = { intent: "delete"; ok: true } | { intent: "delete"; ok: false; error: string };

export function meta() {
  return adminMeta("Email Subscriptions");
}

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<SubscriptionsLoad> {
  const url = new URL(request.url);
  const filters = readFilters(url.searchParams, FILTER_KEYS);
  const query = SubscriptionListQuery.safeParse({
    status: filters.status || undefined,
    source: filters.source || undefined,
  });
  // A status or source the screen does not offer (an old or edited link) is dropped.
  if (!query.success) throw redirect(`${url.pathname}${listSearch({ search: filters.search })}`);

  try {
    const result = await adminSession()
      .api(request)
      .call(adminEndpoints.listSubscriptions, { query: query.data });
    return { filters, result, error: null };
  } catch (error) {
    return { filters, result: null, error: failureText(error, "Failed to load subscriptions") };
  }
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  try {
    await adminSession().api(request).call(adminEndpoints.deleteSubscription, { params: { id } });
    return { intent: "delete", ok: true };
  } catch (error) {
    failureText(error, ""); // passes a sign-out redirect on
    return { intent: "delete", ok: false, error: TEXT.deleteFailed };
  }
}

function Age({ at, now }: { at: string; now: Date }) {
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

function columnsAt(now: Date): readonly DataColumn<AdminSubscription>[] {
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

function matchesSearch(subscription: AdminSubscription, search: string): boolean {
  const term = search.trim().toLowerCase();
  return !term || subscription.email.toLowerCase().includes(term);
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

export default function EmailSubscriptions({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  const result = useKeptList(loaderData, TEXT.refreshFailed);
  const loading = useListLoading();
  const toast = useToast();
  const filtered = hasFilters(filters);
  // One clock reading per render, so every relative age on the page agrees.
  const now = new Date();
  const columns = columnsAt(now);

  const shown = useMemo(
    () => (result?.subscriptions ?? []).filter((subscription) => matchesSearch(subscription, filters.search)),
    [result, filters.search],
  );
  const exportable = shown.filter(isExported);

  const deleteFetcher = useFetcher<ActionResult>({ key: "subscription-delete" });
  const [deleting, setDeleting] = useState<AdminSubscription | null>(null);
  const [deleteError, setDeleteError] = useState<string | undefined>(undefined);
  const opener = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useFetcherAnswer(deleteFetcher, (data) => {
    if (data.ok) {
      opener.current = headingRef.current;
      setDeleting(null);
      setDeleteError(undefined);
      toast.show("Subscription deleted");
    } else {
      setDeleteError(data.error);
    }
  });

  function exportCsv() {
    downloadCsv(subscriptionsCsv(shown), subscriptionsCsvFileName());
    toast.show(
      `Exported ${formatCount(exportable.length)} ${exportable.length === 1 ? "subscription" : "subscriptions"}`,
    );
  }

  const stats = result?.stats;
  const total = result?.subscriptions.length ?? 0;

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title="Email Subscriptions"
          description="Visitors who asked for price updates by email."
        />
        <div className="mb-6 flex flex-col items-start gap-1 sm:items-end">
          <button
            type="button"
            className={buttonClass.primary}
            disabled={!result || exportable.length === 0}
            aria-describedby="export-hint"
            onClick={exportCsv}
          >
            <Icon className="size-4">
              <path d="M12 3v12m0 0-4-4m4 4 4-4M5 21h14" />
            </Icon>
            Export CSV
          </button>
          <p id="export-hint" className="max-w-xs text-slate-600 text-xs sm:text-right">
            {exportable.length === 0
              ? "No active, confirmed subscriptions in the list to export."
              : `The ${formatCount(exportable.length)} active, confirmed ${exportable.length === 1 ? "subscription" : "subscriptions"} listed below.`}
          </p>
        </div>
      </div>

      {!result && loaderData.error ? (
        <div className="mb-6">
          <Notice tone="error">{loaderData.error}</Notice>
        </div>
      ) : null}

      {stats ? (
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
                      <dd className="font-semibold text-slate-900 tabular-nums">
                        {formatCount(entry.count)}
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </Panel>
            <Panel
              title="Recent subscriptions"
              titleId="recent-subscriptions-heading"
              className="lg:col-span-2"
            >
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
      ) : null}

      <div className="mt-6">
        <FilterBar
          label="Filter the subscriptions"
          active={filtered}
          columnsClass="sm:grid-cols-[2fr_1fr_1fr]"
        >
          <FilterField
            label="Search"
            name="search"
            type="search"
            defaultValue={filters.search}
            placeholder="Search by email..."
            spellCheck={false}
          />
          <FilterSelect label="Status" name="status" defaultValue={filters.status} options={statusOptions} />
          <FilterSelect label="Source" name="source" defaultValue={filters.source} options={sourceOptions} />
        </FilterBar>
      </div>

      <section aria-labelledby="subscriptions-heading" className="mt-6" aria-busy={loading}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="subscriptions-heading"
            ref={headingRef}
            tabIndex={-1}
            className="font-semibold text-base text-slate-900 focus:outline-none"
          >
            Subscriptions
          </h2>
          <p role="status" className="text-slate-600 text-sm">
            {result && shown.length > 0
              ? shown.length === total
                ? `${formatCount(total)} ${total === 1 ? "subscription" : "subscriptions"}`
                : `Showing ${formatCount(shown.length)} of ${formatCount(total)} subscriptions`
              : ""}
          </p>
        </div>

        {result && shown.length === 0 ? (
          <EmptyState>{filtered ? TEXT.noMatch : TEXT.empty}</EmptyState>
        ) : null}

        {shown.length > 0 ? (
          <DataTable
            label="Email subscriptions"
            caption="Email subscriptions, newest first"
            columns={columns}
            rows={shown}
            rowKey={(subscription) => subscription._id}
            minWidthClass="min-w-[50rem]"
            rowActions={(subscription) => (
              <button
                type="button"
                className={`${buttonClass.secondary} text-red-700`}
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setDeleteError(undefined);
                  setDeleting(subscription);
                }}
              >
                Delete<span className="sr-only"> subscription of {subscription.email}</span>
              </button>
            )}
          />
        ) : null}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete subscription"
        message={TEXT.deleteQuestion}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteFetcher.state !== "idle"}
        error={deleteError}
        onConfirm={() => {
          if (deleting) void deleteFetcher.submit({ id: deleting._id }, { method: "post" });
        }}
        onCancel={() => setDeleting(null)}
        returnFocusRef={opener}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
