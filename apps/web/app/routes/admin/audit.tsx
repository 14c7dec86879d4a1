import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AuditAction,
  AuditEntityType,
  type AuditEntry,
  type AuditPage,
  adminEndpoints,
  auditRangeEnd,
  auditRangeStart,
  formatDateTime,
} from "@pharmacompare/contract";
import { redirect } from "react-router";
import { adminMeta, failureText } from "../../components/admin/admin-route.ts";
import { AdminPageError, Notice, PageHeader } from "../../components/admin/admin-ui.tsx";
import { humanise, summariseChanges } from "../../components/admin/audit-format.ts";
import { type DataColumn, DataTable } from "../../components/admin/data-table.tsx";
import { EmptyState } from "../../components/admin/empty-state.tsx";
import { FilterBar, FilterField, FilterSelect } from "../../components/admin/filter-bar.tsx";
import {
  hasFilters,
  listHref,
  listSearch,
  readFilters,
  readPage,
  showingText,
  useListLoading,
} from "../../components/admin/list-navigation.ts";
import { Pager } from "../../components/admin/pager.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import { ApiError } from "../../lib/api-client.ts";
import type { Route } from "./+types/audit";

/** The query parameters this page keeps its filters in (the API's own names). */
const FILTER_KEYS = ["entityType", "action", "actorEmail", "from", "to"] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;

const entityTypeOptions = AUDIT_ENTITY_TYPES.map((value) => ({ value, label: humanise(value) }));
const actionOptions = AUDIT_ACTIONS.map((value) => ({ value, label: humanise(value) }));

interface AuditLoad {
  filters: Filters;
  result: AuditPage | null;
  /** Why the list could not be loaded. */
  error: string | null;
  /** The API's (or this page's) message for a filter at fault, by parameter name. */
  fields: Partial<Record<string, string>>;
}

export function meta() {
  return adminMeta("Audit Log");
}

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<AuditLoad> {
  const url = new URL(request.url);
  const filters = readFilters(url.searchParams, FILTER_KEYS);
  const page = readPage(url.searchParams.get("page"));

  // An action or entity type the contract does not know (an old or edited link) is dropped.
  const entityType = AuditEntityType.safeParse(filters.entityType);
  const action = AuditAction.safeParse(filters.action);
  if ((filters.entityType && !entityType.success) || (filters.action && !action.success)) {
    const known = {
      ...filters,
      entityType: entityType.success ? entityType.data : "",
      action: action.success ? action.data : "",
    };
    throw redirect(`${url.pathname}${listSearch(known, page)}`);
  }

  // Said here in the form's words rather than the API's parameter names. The range's end is
  // exclusive (a bare date covers that whole day), so a start at or past it is an empty range.
  if (filters.from && filters.to && auditRangeStart(filters.from) >= auditRangeEnd(filters.to)) {
    const message = "The From date must not be after the To date.";
    return { filters, result: null, error: message, fields: { from: message } };
  }

  let result: AuditPage;
  try {
    result = await adminSession()
      .api(request)
      .call(adminEndpoints.listAuditEntries, {
        query: {
          entityType: entityType.data,
          action: action.data,
          actorEmail: filters.actorEmail || undefined,
          from: filters.from || undefined,
          to: filters.to || undefined,
          page,
        },
      });
  } catch (error) {
    return {
      filters,
      result: null,
      error: failureText(error, "Failed to load the audit log"),
      fields: error instanceof ApiError ? error.fields : {},
    };
  }
  // A page past the end (an old link, or entries that aged out) goes to the last page, filters kept.
  if (page > result.totalPages) throw redirect(`${url.pathname}${listSearch(filters, result.totalPages)}`);
  return { filters, result, error: null, fields: {} };
}

const columns: readonly DataColumn<AuditEntry>[] = [
  {
    header: "When",
    rowHeader: true,
    className: "whitespace-nowrap text-slate-700",
    cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
  },
  {
    header: "Actor",
    className: "whitespace-nowrap text-slate-900",
    cell: (entry) => entry.actorEmail ?? "Unknown",
  },
  {
    header: "Action",
    className: "whitespace-nowrap font-medium text-slate-900",
    cell: (entry) => humanise(entry.action),
    // The card's title says it.
    card: false,
  },
  {
    header: "Entity",
    className: "whitespace-nowrap",
    cell: (entry) => (
      <>
        <span className="text-slate-900">{humanise(entry.entityType)}</span>
        {entry.entityId ? (
          <span className="block">
            <EntityId id={entry.entityId} />
          </span>
        ) : null}
      </>
    ),
    // The card's title names the type; the card adds the id when there is one.
    card: { label: "Entity id", cell: (entry) => (entry.entityId ? <EntityId id={entry.entityId} /> : null) },
  },
  {
    header: "Changes",
    className: "max-w-[16rem] text-slate-700 text-xs [overflow-wrap:anywhere]",
    cell: (entry) => summariseChanges(entry.changes) || "—",
  },
  {
    header: "IP address",
    className: "whitespace-nowrap font-mono text-slate-700 text-xs",
    cell: (entry) => entry.ipAddress ?? "—",
  },
];

function cardTitle(entry: AuditEntry) {
  return (
    <>
      {humanise(entry.action)}
      <span className="font-normal text-slate-600"> · {humanise(entry.entityType)}</span>
    </>
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filters, result, error, fields } = loaderData;
  const loading = useListLoading();
  const filtered = hasFilters(filters);
  // A refusal about one of the filters is shown beside it; anything else above the list.
  const aboutFilters = FILTER_KEYS.some((key) => fields[key]);

  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Every sign-in, sign-out and change made in the back-office, newest first."
      />

      <FilterBar
        label="Filter the audit log"
        active={filtered}
        columnsClass="sm:grid-cols-2 lg:grid-cols-5"
        note="Dates are whole days in UK time."
      >
        <FilterSelect
          label="Entity type"
          name="entityType"
          defaultValue={filters.entityType}
          options={entityTypeOptions}
          error={fields.entityType}
        />
        <FilterSelect
          label="Action"
          name="action"
          defaultValue={filters.action}
          options={actionOptions}
          error={fields.action}
        />
        <FilterField
          label="Actor email"
          name="actorEmail"
          defaultValue={filters.actorEmail}
          inputMode="email"
          spellCheck={false}
          error={fields.actorEmail}
        />
        <FilterField label="From" name="from" type="date" defaultValue={filters.from} error={fields.from} />
        <FilterField label="To" name="to" type="date" defaultValue={filters.to} error={fields.to} />
      </FilterBar>

      <section aria-labelledby="audit-entries-heading" className="mt-6" aria-busy={loading}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="audit-entries-heading" className="font-semibold text-base text-slate-900">
            Entries
          </h2>
          <p role="status" className="text-slate-600 text-sm">
            {result ? showingText(result, result.entries.length, "entries") : ""}
          </p>
        </div>

        {error && !aboutFilters ? <Notice tone="error">{error}</Notice> : null}
        {error && aboutFilters ? (
          <EmptyState>Correct the filter marked above to see entries.</EmptyState>
        ) : null}

        {result && result.entries.length === 0 ? (
          <EmptyState>
            {filtered ? "No audit entries match these filters." : "No audit entries yet."}
          </EmptyState>
        ) : null}

        {result && result.entries.length > 0 ? (
          <DataTable
            label="Audit log entries"
            caption="Audit log entries, newest first"
            columns={columns}
            rows={result.entries}
            rowKey={(entry) => entry.id}
            cardTitle={cardTitle}
            minWidthClass="min-w-[44rem]"
          />
        ) : null}

        {result ? (
          <Pager
            label="Audit log pages"
            page={result.page}
            totalPages={result.totalPages}
            hrefFor={(page) => listHref(filters, page)}
          />
        ) : null}
      </section>
    </>
  );
}

/** Session and user ids are UUIDs: the first block tells entries apart, the whole id is in the tooltip. */
function EntityId({ id }: { id: string }) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  return (
    <span title={uuid ? id : undefined} className="break-all font-mono text-slate-600 text-xs">
      {uuid ? `${id.slice(0, 8)}…` : id}
    </span>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
