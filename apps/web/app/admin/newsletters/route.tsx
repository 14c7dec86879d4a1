import {
  adminEndpoints,
  NEWSLETTER_PAGE_LIMITS,
  NEWSLETTER_STATUSES,
  type Newsletter,
} from "@pharmacompare/contract";
import { Link } from "react-router";
import { adminMeta } from "../kit/admin-route.ts";
import { adminScreens } from "../kit/admin-screens.ts";
import { AdminPageError, buttonClass, PageHeader } from "../kit/admin-ui.tsx";
import { EmptyListAction } from "../kit/list/empty-list-action.tsx";
import { hasFilters } from "../kit/list/list-navigation.ts";
import { listLoader } from "../kit/list/list-page-load.ts";
import { NewItemLink } from "../kit/list/new-item-link.tsx";
import { PagedList } from "../kit/list/paged-list.tsx";
import { SearchFilters } from "../kit/list/search-filters.tsx";
import type { Route } from "./+types/route";
import { NEWSLETTER_STATUS_LABELS, newsletterColumns } from "./newsletter-columns.tsx";
import { PriceNewsRunNow } from "./price-news-run-now.tsx";

/**
 * Staff newsletters (issue 28, decision 041): every newsletter with its status and where its
 * emails are, searched by subject and filtered by status on the server (decision 037).
 */
const TEXT = {
  empty: "No newsletters yet",
  emptyFiltered: "No newsletters match these filters",
  loadFailed: "Failed to load newsletters",
} as const;

const statusOptions = NEWSLETTER_STATUSES.map((value) => ({ value, label: NEWSLETTER_STATUS_LABELS[value] }));

const openPath = (newsletter: Newsletter) =>
  `${adminScreens.newsletters.path}/${encodeURIComponent(newsletter._id)}`;

export function meta() {
  return adminMeta("Newsletters");
}

export const clientLoader = listLoader({
  filters: { search: "text", status: NEWSLETTER_STATUSES },
  limit: NEWSLETTER_PAGE_LIMITS.default,
  read: (api, query) => api.call(adminEndpoints.listNewsletters, { query }),
  failure: TEXT.loadFailed,
});

export default function Newsletters({ loaderData }: Route.ComponentProps) {
  const { filters, result, error } = loaderData;
  const filtered = hasFilters(filters);
  return (
    <>
      <PageHeader
        title="Newsletters"
        description="Emails to subscribers who chose news and offers: write one, try it on yourself, then send it."
        action={<NewItemLink to={adminScreens.newNewsletter.path} label="New newsletter" />}
      />

      <PriceNewsRunNow />

      <SearchFilters
        label="Filter the newsletters"
        filters={filters}
        placeholder="Subject"
        select={{ label: "Status", name: "status", options: statusOptions }}
      />

      <PagedList
        id="newsletters-heading"
        heading="All newsletters"
        noun="newsletters"
        page={result ?? undefined}
        rows={result?.newsletters}
        filters={filters}
        loadFailed={error ? TEXT.loadFailed : null}
        empty={filtered ? TEXT.emptyFiltered : TEXT.empty}
        emptyAction={
          <EmptyListAction filtered={filtered} to={adminScreens.newNewsletter.path}>
            Write the first newsletter
          </EmptyListAction>
        }
        pagerLabel="Newsletter pages"
        table={{
          label: "Newsletters",
          caption: "Newsletters, newest first",
          columns: newsletterColumns(),
          rowKey: (newsletter) => newsletter._id,
          minWidthClass: "min-w-[48rem]",
          rowActions: (newsletter) => (
            <Link to={openPath(newsletter)} className={`${buttonClass.secondary} px-3 py-1.5`}>
              {newsletter.status === "draft" || newsletter.status === "scheduled" ? "Edit" : "Open"}
              <span className="sr-only"> “{newsletter.subject}”</span>
            </Link>
          ),
        }}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
