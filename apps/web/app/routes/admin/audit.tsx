import { AuditPage, adminAuthPaths, formatCount, formatDateTime } from "@pharmacompare/contract";
import type { FormEvent } from "react";
import { Form, Link, redirect, useLocation, useNavigation, useSubmit } from "react-router";
import { adminMeta, failureText } from "../../components/admin/admin-route.ts";
import {
  AdminPageError,
  buttonClass,
  inputClass,
  Notice,
  PageHeader,
} from "../../components/admin/admin-ui.tsx";
import { humanise, summariseChanges } from "../../components/admin/audit-format.ts";
import { adminSession } from "../../lib/admin-session.ts";
import type { Route } from "./+types/audit";

/** The query parameters this page keeps its filters in (the API's own names). */
const FILTER_KEYS = ["entityType", "action", "actorEmail", "from", "to"] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;

const PAGE_SIZE = 20;

/** Values the API writes today, offered as suggestions; any other value can still be typed. */
const KNOWN_ENTITY_TYPES = ["admin_session", "admin_user"];
const KNOWN_ACTIONS = [
  "login",
  "login_failed",
  "logout",
  "password_change",
  "password_change_failed",
  "password_reset",
  "create",
];

export function meta() {
  return adminMeta("Audit Log");
}

function readPage(value: string | null): number {
  const page = Number(value ?? "1");
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const filters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key)?.trim() ?? ""]),
  ) as Filters;
  const page = readPage(params.get("page"));

  // ISO dates compare as text; saying so here beats the API's parameter-named refusal.
  if (filters.from && filters.to && filters.from > filters.to) {
    return { filters, page, result: null, error: "The From date must not be after the To date." };
  }
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) query.set(key, filters[key]);
  query.set("page", String(page));
  query.set("limit", String(PAGE_SIZE));
  let result: AuditPage;
  try {
    result = await adminSession().api(request).get(`${adminAuthPaths.audit}?${query}`, AuditPage);
  } catch (error) {
    return { filters, page, result: null, error: failureText(error, "Failed to load the audit log") };
  }
  // A page past the end (an old link, or entries that aged out) goes to the last page, filters kept.
  if (page > result.totalPages) throw redirect(`${url.pathname}${pageSearch(filters, result.totalPages)}`);
  return { filters, page, result, error: null };
}

function pageSearch(filters: Filters, page: number): string {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) query.set(key, filters[key]);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `?${search}` : "";
}

function pageHref(filters: Filters, page: number): string {
  return pageSearch(filters, page) || ".";
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filters, page, result, error } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const filtering = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  // Blank filters stay out of the address, and a new filter starts again at page 1.
  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim()) query.set(key, value.trim());
    }
    void submit(query, { method: "get" });
  }

  const hasFilters = FILTER_KEYS.some((key) => filters[key]);
  const first = result ? (result.page - 1) * result.limit + 1 : 0;
  const last = result ? first + result.entries.length - 1 : 0;

  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Every sign-in, sign-out and change made in the back-office, newest first."
      />

      {/* Keyed by the query so Back and Forward refill the fields from the address. */}
      <Form
        key={location.search}
        method="get"
        onSubmit={applyFilters}
        aria-label="Filter the audit log"
        className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <FilterField
            label="Entity type"
            name="entityType"
            defaultValue={filters.entityType}
            list="audit-entity-types"
          />
          <FilterField label="Action" name="action" defaultValue={filters.action} list="audit-actions" />
          <FilterField
            label="Actor email"
            name="actorEmail"
            defaultValue={filters.actorEmail}
            inputMode="email"
            spellCheck={false}
          />
          <FilterField label="From" name="from" type="date" defaultValue={filters.from} />
          <FilterField label="To" name="to" type="date" defaultValue={filters.to} />
        </div>
        <datalist id="audit-entity-types">
          {KNOWN_ENTITY_TYPES.map((value) => (
            <option key={value} value={value}>
              {humanise(value)}
            </option>
          ))}
        </datalist>
        <datalist id="audit-actions">
          {KNOWN_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {humanise(value)}
            </option>
          ))}
        </datalist>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass.primary} disabled={filtering}>
            Apply filters
          </button>
          {hasFilters ? (
            <Link to="." className={buttonClass.secondary}>
              Clear filters
            </Link>
          ) : null}
          <p className="text-slate-600 text-xs">Dates are whole days in UK time.</p>
        </div>
      </Form>

      <section aria-labelledby="audit-entries-heading" className="mt-6" aria-busy={filtering}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="audit-entries-heading" className="font-semibold text-base text-slate-900">
            Entries
          </h2>
          <p role="status" className="text-slate-600 text-sm">
            {result && result.entries.length > 0
              ? `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(result.total)} entries`
              : ""}
          </p>
        </div>

        {error ? <Notice tone="error">{error}</Notice> : null}

        {result && result.entries.length === 0 ? (
          <p className="rounded-lg bg-white px-4 py-8 text-center text-slate-600 text-sm shadow-sm ring-1 ring-slate-200">
            {hasFilters ? "No audit entries match these filters." : "No audit entries yet."}
          </p>
        ) : null}

        {result && result.entries.length > 0 ? (
          <>
            {/* Phones get one card per entry; wider screens the table. */}
            <ul aria-label="Audit log entries" className="space-y-3 md:hidden">
              {result.entries.map((entry) => (
                <li
                  key={entry.id}
                  className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200"
                >
                  <p className="font-medium text-slate-900">
                    {humanise(entry.action)}
                    <span className="font-normal text-slate-600"> · {humanise(entry.entityType)}</span>
                  </p>
                  <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
                    <dt className="text-slate-600">When</dt>
                    <dd className="text-slate-900">
                      <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                    </dd>
                    <dt className="text-slate-600">Actor</dt>
                    <dd className="break-words text-slate-900">{entry.actorEmail ?? "Unknown"}</dd>
                    {entry.entityId ? (
                      <>
                        <dt className="text-slate-600">Entity id</dt>
                        <dd>
                          <EntityId id={entry.entityId} />
                        </dd>
                      </>
                    ) : null}
                    <dt className="text-slate-600">Changes</dt>
                    <dd className="text-slate-700">{summariseChanges(entry.changes) || "—"}</dd>
                    <dt className="text-slate-600">IP address</dt>
                    <dd className="font-mono text-slate-700">{entry.ipAddress ?? "—"}</dd>
                  </dl>
                </li>
              ))}
            </ul>

            {/* Focusable so keyboard users can scroll the table sideways when it does not fit. */}
            <section
              aria-label="Audit log table"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
              tabIndex={0}
              className="hidden overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200 md:block"
            >
              <table className="w-full min-w-[44rem] text-left text-sm">
                <caption className="sr-only">Audit log entries, newest first</caption>
                <thead className="bg-slate-50 text-slate-700 text-xs uppercase tracking-wide">
                  <tr>
                    {["When", "Actor", "Action", "Entity", "Changes", "IP address"].map((heading) => (
                      <th key={heading} scope="col" className="whitespace-nowrap px-3 py-2.5 font-semibold">
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 align-top">
                  {result.entries.map((entry) => (
                    <tr key={entry.id}>
                      <th scope="row" className="whitespace-nowrap px-3 py-2.5 font-normal text-slate-700">
                        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                      </th>
                      <td className="whitespace-nowrap px-3 py-2.5 text-slate-900">
                        {entry.actorEmail ?? "Unknown"}
                      </td>
                      <td className="whitespace-nowrap px-3 py-2.5 font-medium text-slate-900">
                        {humanise(entry.action)}
                      </td>
                      <td className="whitespace-nowrap px-3 py-2.5">
                        <span className="text-slate-900">{humanise(entry.entityType)}</span>
                        {entry.entityId ? (
                          <span className="block">
                            <EntityId id={entry.entityId} />
                          </span>
                        ) : null}
                      </td>
                      <td className="max-w-[16rem] px-3 py-2.5 text-slate-700 text-xs [overflow-wrap:anywhere]">
                        {summariseChanges(entry.changes) || "—"}
                      </td>
                      <td className="whitespace-nowrap px-3 py-2.5 font-mono text-slate-700 text-xs">
                        {entry.ipAddress ?? "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
        ) : null}

        {result ? (
          <nav aria-label="Audit log pages" className="mt-4 flex items-center justify-between gap-3">
            <PagerLink to={pageHref(filters, page - 1)} enabled={page > 1}>
              Previous
            </PagerLink>
            <p className="text-slate-700 text-sm">
              Page {page} of {result.totalPages}
            </p>
            <PagerLink to={pageHref(filters, page + 1)} enabled={page < result.totalPages}>
              Next
            </PagerLink>
          </nav>
        ) : null}
      </section>
    </>
  );
}

function FilterField({
  label,
  name,
  type = "text",
  ...input
}: {
  label: string;
  name: FilterKey;
  type?: "text" | "date";
  defaultValue: string;
  list?: string;
  inputMode?: "email";
  spellCheck?: boolean;
}) {
  const id = `audit-filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-800 text-sm">
        {label}
      </label>
      <input id={id} name={name} type={type} autoComplete="off" className={`mt-1 ${inputClass}`} {...input} />
    </div>
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

/** A pager step: a link when there is a page to go to, otherwise visibly and audibly unavailable. */
function PagerLink({ to, enabled, children }: { to: string; enabled: boolean; children: string }) {
  if (!enabled) {
    return (
      <span
        aria-disabled="true"
        className="inline-flex cursor-not-allowed items-center justify-center rounded-md bg-slate-100 px-4 py-2 font-semibold text-slate-600 text-sm ring-1 ring-slate-200 ring-inset"
      >
        {children}
      </span>
    );
  }
  return (
    <Link to={to} className={buttonClass.secondary}>
      {children}
    </Link>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
