import type { PageInfo } from "@pharmacompare/contract";
import { adminSession } from "../../../lib/admin-session.ts";
import type { ApiClient } from "../../../lib/api-client.ts";
import { hasFilters } from "../list-navigation.ts";
import { loadListPage } from "../list-page-load.ts";

/**
 * A server-paged list's client loader in one call (decision 037): the filters and page from the
 * address, the API asked with the list's own query keys, its failure worded once. `read` names
 * the endpoint and its filters beyond `search`, `page` and `limit`, which `base` already holds.
 */
export function serverListLoader<const K extends string, R extends { totalPages: number }>(
  options: {
    filterKeys: readonly K[];
    offered?: Partial<Record<K, (value: string) => boolean>>;
    pageSize: number;
    failure: string;
  },
  read: (
    api: ApiClient,
    filters: Record<K, string>,
    base: { search: string | undefined; page: number; limit: number },
  ) => Promise<R>,
) {
  return ({ request }: { request: Request }) =>
    loadListPage({
      request,
      filterKeys: options.filterKeys,
      ...(options.offered ? { offered: options.offered } : {}),
      read: (filters, page) => {
        const search =
          "search" in filters ? (filters as Record<string, string>).search || undefined : undefined;
        return read(adminSession().api(request), filters, { search, page, limit: options.pageSize });
      },
      failure: options.failure,
      logAs: options.failure,
    });
}

/** The PagedList props that follow from the load: the page, the filters, why it failed, the empty text. */
export function pagedListState(
  load: {
    filters: Record<string, string> & { search: string };
    result: PageInfo | null;
    error: string | null;
  },
  text: { loadFailed: string; empty: string; emptyFiltered: string },
) {
  return {
    page: load.result ?? undefined,
    filters: load.filters,
    loadFailed: load.error ? text.loadFailed : null,
    empty: hasFilters(load.filters) ? text.emptyFiltered : text.empty,
  };
}
