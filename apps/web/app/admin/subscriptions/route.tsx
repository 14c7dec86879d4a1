import {
  type AdminSubscription,
  adminEndpoints,
  formatCount,
  SUBSCRIPTION_PAGE_LIMITS,
  SUBSCRIPTION_SOURCES,
  SUBSCRIPTION_STATUSES,
  type SubscriptionListQuery,
} from "@pharmacompare/contract";
import { useState } from "react";
import { Icon } from "../../components/ui/icons.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import type { ApiClient } from "../../lib/api-client.ts";
import { adminMeta } from "../kit/admin-route.ts";
import { AdminPageError, buttonClass, PageHeader } from "../kit/admin-ui.tsx";
import { useKeptList } from "../kit/inbox/inbox-ui.tsx";
import { FilterBar, FilterSelect } from "../kit/list/filter-bar.tsx";
import { hasFilters } from "../kit/list/list-navigation.ts";
import { listLoader } from "../kit/list/list-page-load.ts";
import { PagedList } from "../kit/list/paged-list.tsx";
import { type RowActionResult, useRowActions } from "../kit/list/row-actions.ts";
import { DeleteRowButton, DeleteRowDialog } from "../kit/list/row-dialogs.tsx";
import { SearchField } from "../kit/list/search-field.tsx";
import {
  downloadCsv,
  isExported,
  subscriptionsCsv,
  subscriptionsCsvFileName,
} from "../kit/subscriptions-csv.ts";
import { useToast } from "../kit/toast/toast.tsx";
import { useAdminCall } from "../kit/use-admin-call.ts";
import type { Route } from "./+types/route";
import { columnsAt } from "./subscription-columns.tsx";
import { SubscriptionStatsPanels } from "./subscription-stats.tsx";

/**
 * Email Subscriptions (back-office §2, §4, §7, §8, §9): the stats, the five newest, and the
 * subscriptions a page at a time, searched and filtered on the server (decision 037). Admins can
 * only delete. "Export CSV" builds the file in the browser from every active, confirmed
 * subscription the filters match (admin/kit/subscriptions-csv.ts).
 */
const TEXT = {
  deleteQuestion: "Are you sure you want to permanently delete this subscription?",
  deleteFailed: "Error deleting subscription. Please try again.",
  empty: "No subscriptions yet.",
  noMatch: "No subscriptions match these filters.",
  refreshFailed: "The list could not be refreshed:",
  exportFailed: "The subscriptions could not be exported. Please try again.",
} as const;

type Filters = Record<"search" | "status" | "source", string>;

const statusOptions = SUBSCRIPTION_STATUSES.map((value) => ({ value, label: value }));
const sourceOptions = SUBSCRIPTION_SOURCES.map((value) => ({ value, label: value }));

/** The export's query for these filters (the loader has dropped a status or source not offered). */
function listQuery(filters: Filters, page: number, limit: number): SubscriptionListQuery {
  return {
    search: filters.search || undefined,
    status: (filters.status || undefined) as SubscriptionListQuery["status"],
    source: (filters.source || undefined) as SubscriptionListQuery["source"],
    page,
    limit,
  };
}

export function meta() {
  return adminMeta("Email Subscriptions");
}

export const clientLoader = listLoader({
  filters: { search: "text", status: SUBSCRIPTION_STATUSES, source: SUBSCRIPTION_SOURCES },
  limit: SUBSCRIPTION_PAGE_LIMITS.default,
  read: (api, query) => api.call(adminEndpoints.listSubscriptions, { query }),
  failure: "Failed to load subscriptions",
});

export async function clientAction({ request }: Route.ClientActionArgs): Promise<RowActionResult> {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  try {
    await adminSession().api(request).call(adminEndpoints.deleteSubscription, { params: { id } });
    return { intent: "delete", ok: true, text: "Subscription deleted" };
  } catch {
    return { intent: "delete", ok: false, error: TEXT.deleteFailed };
  }
}

/** Every active, confirmed subscription the filters match, read a page of the maximum at a time. */
async function exportable(api: ApiClient, filters: Filters): Promise<AdminSubscription[]> {
  if (filters.status && filters.status !== "active") return [];
  const rows: AdminSubscription[] = [];
  for (let page = 1, pages = 1; page <= pages; page += 1) {
    const query = listQuery({ ...filters, status: "active" }, page, SUBSCRIPTION_PAGE_LIMITS.max);
    const answer = await api.call(adminEndpoints.listSubscriptions, { query });
    rows.push(...answer.subscriptions.filter(isExported));
    pages = answer.totalPages;
  }
  return rows;
}

export default function EmailSubscriptions({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  const result = useKeptList(loaderData, TEXT.refreshFailed);
  const toast = useToast();
  const call = useAdminCall();
  const filtered = hasFilters(filters);
  const rows = useRowActions<AdminSubscription>({
    toggle: "subscription-toggle",
    delete: "subscription-delete",
  });
  const [exporting, setExporting] = useState(false);
  // One clock reading per render, so every relative age on the page agrees.
  const now = new Date();

  async function exportCsv() {
    setExporting(true);
    const outcome = await call(TEXT.exportFailed, (api) => exportable(api, filters));
    setExporting(false);
    if (!outcome.ok) {
      toast.show(outcome.error, { tone: "info" });
      return;
    }
    const count = outcome.value.length;
    if (count > 0) downloadCsv(subscriptionsCsv(outcome.value), subscriptionsCsvFileName());
    toast.show(
      count === 0
        ? "No active, confirmed subscriptions match these filters."
        : `Exported ${formatCount(count)} ${count === 1 ? "subscription" : "subscriptions"}`,
    );
  }

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
            disabled={!result || result.total === 0 || exporting}
            aria-describedby="export-hint"
            onClick={() => void exportCsv()}
          >
            <Icon className="size-4">
              <path d="M12 3v12m0 0-4-4m4 4 4-4M5 21h14" />
            </Icon>
            {exporting ? "Exporting..." : "Export CSV"}
          </button>
          <p id="export-hint" className="max-w-xs text-slate-600 text-xs sm:text-right">
            Every active, confirmed subscription these filters match, on every page.
          </p>
        </div>
      </div>

      {result ? <SubscriptionStatsPanels stats={result.stats} now={now} /> : null}

      <div className="mt-6">
        <FilterBar
          label="Filter the subscriptions"
          active={filtered}
          columnsClass="sm:grid-cols-[2fr_1fr_1fr]"
        >
          <SearchField value={filters.search} placeholder="Search by email..." />
          <FilterSelect label="Status" name="status" defaultValue={filters.status} options={statusOptions} />
          <FilterSelect label="Source" name="source" defaultValue={filters.source} options={sourceOptions} />
        </FilterBar>
      </div>

      <PagedList
        id="subscriptions-heading"
        heading="Subscriptions"
        headingRef={rows.headingRef}
        noun="subscriptions"
        page={result}
        rows={result?.subscriptions}
        filters={filters}
        loadFailed={loaderData.error}
        empty={filtered ? TEXT.noMatch : TEXT.empty}
        pagerLabel="Subscription pages"
        table={{
          label: "Email subscriptions",
          caption: "Email subscriptions, newest first",
          columns: columnsAt(now),
          rowKey: (subscription) => subscription._id,
          minWidthClass: "min-w-[50rem]",
          rowActions: (subscription) => (
            <DeleteRowButton
              rows={rows}
              row={subscription}
              named={<span className="sr-only"> subscription of {subscription.email}</span>}
            />
          ),
        }}
      />

      <DeleteRowDialog
        rows={rows}
        title="Delete subscription"
        message={() => TEXT.deleteQuestion}
        fields={(subscription) => ({ id: subscription._id })}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
