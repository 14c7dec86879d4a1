import { adminEndpoints, FEED_PAGE_LIMITS, FEED_STATES, type FeedListRow } from "@pharmacompare/contract";
import { Link } from "react-router";
import { adminMeta } from "../kit/admin-route.ts";
import { adminScreens } from "../kit/admin-screens.ts";
import { AdminPageError, PageHeader } from "../kit/admin-ui.tsx";
import { FEED_TABLE, feedColumns } from "../kit/feeds/feed-columns.tsx";
import { EmptyListAction } from "../kit/list/empty-list-action.tsx";
import { hasFilters } from "../kit/list/list-navigation.ts";
import { listLoader } from "../kit/list/list-page-load.ts";
import { PagedList } from "../kit/list/paged-list.tsx";
import { SearchFilters } from "../kit/list/search-filters.tsx";
import type { Route } from "./+types/route";
import { FeedRowActions } from "./feed-row-actions.tsx";

/**
 * Feeds (issue 29, decision 047): every pharmacy's price feed with its schedule, next run and last
 * run (outcome, rows read, changed, held and refused, with the reasons), run now and its run
 * history; paged and searched on the server (decision 037).
 */
const stateOptions = [
  { value: "on", label: "On" },
  { value: "off", label: "Off" },
];

const TEXT = {
  empty: "No pharmacy has a price feed yet",
  emptyFiltered: "No feeds match these filters",
  loadFailed: "Failed to load feeds",
} as const;

export function meta() {
  return adminMeta("Feeds");
}

export const clientLoader = listLoader({
  filters: { search: "text", state: FEED_STATES },
  limit: FEED_PAGE_LIMITS.default,
  read: (api, query) => api.call(adminEndpoints.listFeeds, { query }),
  failure: TEXT.loadFailed,
});

export default function Feeds({ loaderData }: Route.ComponentProps) {
  const { filters, result, error } = loaderData;
  const filtered = hasFilters(filters);
  return (
    <>
      <PageHeader
        title="Feeds"
        description={
          <>
            Each pharmacy's price feed: when it runs and how its last run went. Rows a feed held wait on{" "}
            <Link to={adminScreens.feedReview.path} className="font-medium text-brand-800 underline">
              Feed review
            </Link>
            ; a feed is set in its pharmacy's form.
          </>
        }
      />
      <SearchFilters
        label="Filter the feeds"
        filters={filters}
        placeholder="Pharmacy or address"
        select={{ label: "Feed", name: "state", options: stateOptions }}
      />
      <PagedList<FeedListRow>
        id="feeds-heading"
        heading="All feeds"
        noun="feeds"
        page={result ?? undefined}
        rows={result?.feeds}
        filters={filters}
        loadFailed={error ? TEXT.loadFailed : null}
        empty={filtered ? TEXT.emptyFiltered : TEXT.empty}
        emptyAction={
          <EmptyListAction filtered={filtered} to={adminScreens.pharmacies.path}>
            Go to Pharmacies
          </EmptyListAction>
        }
        pagerLabel="Feed pages"
        table={{
          ...FEED_TABLE,
          columns: feedColumns(),
          rowActions: (feed) => <FeedRowActions feed={feed} />,
        }}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
