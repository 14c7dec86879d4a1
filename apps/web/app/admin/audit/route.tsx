import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  type AuditEntry,
  adminEndpoints,
  auditRangeEnd,
  auditRangeStart,
  formatDateTime,
} from "@pharmacompare/contract";
import { adminMeta } from "../kit/admin-route.ts";
import { AdminPageError, PageHeader } from "../kit/admin-ui.tsx";
import { humanise, summariseChanges } from "../kit/audit-format.ts";
import type { DataColumn } from "../kit/list/data-table.tsx";
import { FilterBar, FilterField, FilterSelect } from "../kit/list/filter-bar.tsx";
import { hasFilters } from "../kit/list/list-navigation.ts";
import { listLoader } from "../kit/list/list-page-load.ts";
import { PagedList } from "../kit/list/paged-list.tsx";
import type { Route } from "./+types/route";

/** The query parameters this page keeps its filters in (the API's own names). */
const FILTERS = {
  entityType: AUDIT_ENTITY_TYPES,
  action: AUDIT_ACTIONS,
  actorEmail: "text",
  from: "text",
  to: "text",
} as const;

const entityTypeOptions = AUDIT_ENTITY_TYPES.map((value) => ({ value, label: humanise(value) }));
const actionOptions = AUDIT_ACTIONS.map((value) => ({ value, label: humanise(value) }));

export function meta() {
  return adminMeta("Audit Log");
}

export const clientLoader = listLoader({
  filters: FILTERS,
  // Said here in the form's words rather than the API's parameter names. The range's end is
  // exclusive (a bare date covers that whole day), so a start at or past it is an empty range.
  refuse: (filters) =>
    filters.from && filters.to && auditRangeStart(filters.from) >= auditRangeEnd(filters.to)
      ? { field: "from", message: "The From date must not be after the To date." }
      : null,
  read: (api, query) => api.call(adminEndpoints.listAuditEntries, { query }),
  failure: "Failed to load the audit log",
});

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
  const filtered = hasFilters(filters);
  // A refusal about one of the filters is shown beside it; anything else above the list.
  const aboutFilters = Object.keys(FILTERS).some((key) => fields[key]);
  // Each filter's name, value now and error, as the filter bar takes them.
  const filter = (name: keyof typeof FILTERS) => ({ name, defaultValue: filters[name], error: fields[name] });

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
        <FilterSelect label="Entity type" options={entityTypeOptions} {...filter("entityType")} />
        <FilterSelect label="Action" options={actionOptions} {...filter("action")} />
        <FilterField label="Actor email" inputMode="email" spellCheck={false} {...filter("actorEmail")} />
        <FilterField label="From" type="date" {...filter("from")} />
        <FilterField label="To" type="date" {...filter("to")} />
      </FilterBar>

      <PagedList
        id="audit-entries-heading"
        heading="Entries"
        noun="entries"
        page={result ?? undefined}
        rows={result?.entries}
        filters={filters}
        loadFailed={error}
        unavailable={error && aboutFilters ? "Correct the filter marked above to see entries." : null}
        empty={filtered ? "No audit entries match these filters." : "No audit entries yet."}
        pagerLabel="Audit log pages"
        table={{
          label: "Audit log entries",
          caption: "Audit log entries, newest first",
          columns,
          rowKey: (entry) => entry.id,
          cardTitle,
          minWidthClass: "min-w-[44rem]",
        }}
      />
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
