import { redirect } from "react-router";
import { adminSession } from "../../../lib/admin-session.ts";
import { type ApiClient, ApiError } from "../../../lib/api-client.ts";
import { failureText } from "../admin-route.ts";
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
 * A list's filter, named after the API's query parameter: free text, the values the screen offers
 * (a status, a category), or a reader that gives the value the API takes (undefined when not offered).
 */
type FilterSpec = "text" | readonly string[] | ((value: string) => string | undefined);
type FilterSpecs = Record<string, FilterSpec>;

/** The API query a list's filters make: the ones set, each as text or as one of its values, and the page. */
type ListQuery<F extends FilterSpecs> = {
  [K in keyof F]?: F[K] extends readonly (infer V)[]
    ? V
    : F[K] extends (value: string) => infer V
      ? Exclude<V, undefined>
      : string;
} & { page: number; limit?: number };

type Filters<F extends FilterSpecs> = Record<keyof NoInfer<F> & string, string>;

/** One list's description: its filters, its page size, the API call, and the words of a failure. */
export interface ListDescription<F extends FilterSpecs, R> {
  /** In the order the address lists them. */
  filters: F;
  /** Rows a page; the API's default when not given. */
  limit?: number;
  /** A refusal the page words itself before asking the API (e.g. a date range back to front). */
  refuse?: (filters: Filters<F>) => { field: keyof F & string; message: string } | null;
  read: (api: ApiClient, query: ListQuery<NoInfer<F>>, filters: Filters<F>) => Promise<R>;
  /** The error text when the API gives none worth showing (nothing is printed, decision 032). */
  failure: string;
}

/**
 * The one loader of the server-paged lists (decision 037): filters and page from the address, a
 * filter value the screen does not offer (an old or edited link) dropped by a redirect, the API
 * asked with the filters set, its refusal of a filter shown beside that filter, and a page past
 * the end (an old link, or the last row of the last page deleted) sent to the last page.
 */
export async function loadListPage<const F extends FilterSpecs, R extends { totalPages: number }>(
  request: Request,
  list: ListDescription<F, R>,
): Promise<ListPageLoad<keyof F & string, R>> {
  type K = keyof F & string;
  const keys = Object.keys(list.filters) as K[];
  const url = new URL(request.url);
  const filters = readFilters(url.searchParams, keys);
  const page = readPage(url.searchParams.get("page"));

  const query: Record<string, unknown> = { page };
  if (list.limit !== undefined) query.limit = list.limit;
  const unoffered: K[] = [];
  for (const key of keys) {
    const spec = list.filters[key] as FilterSpec;
    const given = filters[key];
    if (given === "") continue;
    const value =
      spec === "text"
        ? given
        : typeof spec === "function"
          ? spec(given)
          : spec.find((known) => known === given);
    if (value === undefined) unoffered.push(key);
    else query[key] = value;
  }
  if (unoffered.length > 0) {
    const kept = { ...filters };
    for (const key of unoffered) kept[key] = "";
    throw redirect(`${url.pathname}${listSearch(kept, page)}`);
  }

  const refusal = list.refuse?.(filters);
  if (refusal)
    return { filters, result: null, error: refusal.message, fields: { [refusal.field]: refusal.message } };

  let result: R;
  try {
    result = await list.read(adminSession().api(request), query as ListQuery<F>, filters);
  } catch (error) {
    const text = failureText(error, list.failure);
    return { filters, result: null, error: text, fields: error instanceof ApiError ? error.fields : {} };
  }
  if (page > result.totalPages) throw redirect(`${url.pathname}${listSearch(filters, result.totalPages)}`);
  return { filters, result, error: null, fields: {} };
}

/** A list route's `clientLoader`, from its description. */
export function listLoader<const F extends FilterSpecs, R extends { totalPages: number }>(
  list: ListDescription<F, R>,
) {
  return ({ request }: { request: Request }) => loadListPage(request, list);
}
