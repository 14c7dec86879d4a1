import { redirect } from "react-router";
import { ApiError } from "../../lib/api-client.ts";
import { failureText } from "./admin-route.ts";
import { listSearch, readFilters, readPage } from "./list-navigation.ts";

/** What a server-paged admin list's loader gives its page (back-office §7 pagination). */
export interface ListPageLoad<K extends string, R> {
  filters: Record<K, string>;
  result: R | null;
  /** Why the list could not be loaded. */
  error: string | null;
  /** The API's (or the page's) message for a filter at fault, by parameter name. */
  fields: Partial<Record<string, string>>;
}

/**
 * The one loader of the server-paged lists (Contact Messages, Price Alerts, Audit Log): filters and
 * page from the address, a filter value the screen does not offer (an old or edited link) dropped
 * by a redirect, the API asked, its refusal of a filter shown beside that filter, and a page past
 * the end (an old link, or the last row of the last page deleted) sent to the last page.
 */
export async function loadListPage<const K extends string, R extends { totalPages: number }>(options: {
  request: Request;
  filterKeys: readonly K[];
  /** Per filter, whether a value is one the screen offers. */
  offered?: Partial<Record<K, (value: string) => boolean>>;
  /** A refusal the page words itself before asking the API (e.g. a date range back to front). */
  refuse?: (filters: Record<K, string>) => { field: K; message: string } | null;
  read: (filters: Record<K, string>, page: number) => Promise<R>;
  /** The error text when the API gives none worth showing. */
  failure: string;
  /** What failed ("Failed to load contacts"); the page shows `error`, nothing is printed (decision 032). */
  logAs: string;
}): Promise<ListPageLoad<K, R>> {
  const url = new URL(options.request.url);
  const filters = readFilters(url.searchParams, options.filterKeys);
  const page = readPage(url.searchParams.get("page"));

  const unoffered = options.filterKeys.filter((key) => {
    const isOffered = options.offered?.[key];
    return filters[key] !== "" && isOffered !== undefined && !isOffered(filters[key]);
  });
  if (unoffered.length > 0) {
    const kept = { ...filters };
    for (const key of unoffered) kept[key] = "";
    throw redirect(`${url.pathname}${listSearch(kept, page)}`);
  }

  const refusal = options.refuse?.(filters);
  if (refusal)
    return { filters, result: null, error: refusal.message, fields: { [refusal.field]: refusal.message } };

  let result: R;
  try {
    result = await options.read(filters, page);
  } catch (error) {
    const text = failureText(error, options.failure);
    return { filters, result: null, error: text, fields: error instanceof ApiError ? error.fields : {} };
  }
  if (page > result.totalPages) throw redirect(`${url.pathname}${listSearch(filters, result.totalPages)}`);
  return { filters, result, error: null, fields: {} };
}
