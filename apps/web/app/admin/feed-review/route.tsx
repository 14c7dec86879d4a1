import {
  adminEndpoints,
  FEED_HELD_STATUSES,
  type FeedHeldRow,
  HELD_ROW_PAGE_LIMITS,
} from "@pharmacompare/contract";
import { Link } from "react-router";
import { adminMeta } from "../kit/admin-route.ts";
import { adminScreens } from "../kit/admin-screens.ts";
import { AdminPageError, buttonClass, PageHeader } from "../kit/admin-ui.tsx";
import { hasFilters } from "../kit/list/list-navigation.ts";
import { listLoader } from "../kit/list/list-page-load.ts";
import { PagedList } from "../kit/list/paged-list.tsx";
import { SearchFilters } from "../kit/list/search-filters.tsx";
import type { Route } from "./+types/route";
import { HeldRowDecisions, useHeldRowDecisions } from "./held-row-decisions.tsx";

/**
 * Feed review (issue 29, decision 047): the rows feeds held instead of applying them, oldest
 * first, each with old and new price and link host, why it was held and the run it came from;
 * accepted (written through the one price-write path) or rejected one by one or together.
 */
const TEXT = {
  empty: "Nothing is waiting for review",
  emptyFiltered: "No held rows match these filters",
  loadFailed: "Failed to load the held rows",
} as const;

type Status = (typeof FEED_HELD_STATUSES)[number];
const isStatus = (value: string): value is Status =>
  (FEED_HELD_STATUSES as readonly string[]).includes(value);
const STATUS_LABELS: Record<Status, string> = {
  held: "Waiting for review",
  accepted: "Accepted",
  rejected: "Rejected",
  superseded: "Superseded by a later run",
};
const statusOptions = FEED_HELD_STATUSES.filter((status) => status !== "held").map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

export function meta() {
  return adminMeta("Feed review");
}

// Without a status the API answers the rows waiting for review.
export const clientLoader = listLoader({
  filters: { search: "text", status: FEED_HELD_STATUSES },
  limit: HELD_ROW_PAGE_LIMITS.default,
  read: (api, query) => api.call(adminEndpoints.listFeedHeldRows, { query }),
  failure: TEXT.loadFailed,
});

export default function FeedReview({ loaderData }: Route.ComponentProps) {
  const { filters, result, error } = loaderData;
  const filtered = hasFilters(filters);
  const waiting = !isStatus(filters.status) || filters.status === "held";
  const rows = result?.rows;
  const decisions = useHeldRowDecisions(rows ?? [], waiting);
  return (
    <>
      <PageHeader
        title="Feed review"
        description={
          <>
            Rows a price feed held instead of applying: a price that moved a long way, a link to another site,
            or a medication the catalogue does not have. Accepting writes the price as staff edits are
            written. Feeds are on the{" "}
            <Link to={adminScreens.feeds.path} className="font-medium text-brand-800 underline">
              Feeds
            </Link>{" "}
            screen.
          </>
        }
      />
      <SearchFilters
        label="Filter the held rows"
        filters={filters}
        placeholder="Medication or pharmacy"
        select={{ label: "Rows", name: "status", options: statusOptions, allLabel: STATUS_LABELS.held }}
      />
      {waiting && rows && rows.length > 0 ? <HeldRowDecisions rows={rows} decisions={decisions} /> : null}
      <PagedList<FeedHeldRow>
        id="held-rows-heading"
        heading={waiting ? STATUS_LABELS.held : `${STATUS_LABELS[filters.status as Status]} rows`}
        noun="rows"
        page={result ?? undefined}
        rows={rows}
        filters={filters}
        loadFailed={error ? TEXT.loadFailed : null}
        empty={filtered ? TEXT.emptyFiltered : TEXT.empty}
        emptyAction={
          filtered ? (
            <Link to="." className={buttonClass.secondary}>
              Clear filters
            </Link>
          ) : undefined
        }
        pagerLabel="Held row pages"
        table={{
          label: "Held rows",
          caption: "Rows feeds held, oldest first",
          columns: decisions.columns,
          rowKey: (row) => row.id,
          minWidthClass: "min-w-[52rem]",
          rowActions: waiting ? decisions.rowActions : undefined,
        }}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
