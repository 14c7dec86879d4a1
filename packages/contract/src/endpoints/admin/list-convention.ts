import { z } from "zod";
import { PageInfo, pageQuery } from "../../query.ts";
import { text } from "../../text.ts";

/**
 * The one convention of every back-office list (decision 037): the request names `page`, `limit`,
 * its filters and `search` as query keys; the answer carries the list under the key the
 * specification names (back-office §7: `medications`, `contacts`, `alerts`, `subscriptions`, …)
 * beside `page`, `limit`, `total` and `totalPages`. The API pages in SQL, so no list is ever read
 * whole; a page past the end answers an empty list with the real `totalPages`.
 */

/** Longest search term: far past any name, address or phrase anyone types. */
export const ADMIN_SEARCH_MAX = 200;

/** An optional search term: trimmed; an empty one means no search. */
export const adminSearch = () =>
  text()
    .trim()
    .max(ADMIN_SEARCH_MAX, { error: `must be at most ${ADMIN_SEARCH_MAX} characters` })
    .optional()
    .transform((value) => value || undefined);

/** An optional exact-match filter of free text (an id): trimmed; an empty one means no filter. */
export const listFilter = (max: number) =>
  text()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .optional()
    .transform((value) => value || undefined);

/** Page size of a list: what it answers without `limit`, and the most it answers. */
export interface ListLimits {
  readonly default: number;
  readonly max: number;
}

/** A list's query: `page`, `limit` (bounded by `limits`) and `search`; extend it with the filters. */
export function adminListQuery(limits: ListLimits) {
  return pageQuery(limits).extend({ search: adminSearch() });
}

/** A list's answer: its rows under `key`, and the page info. */
export function adminListPage<const K extends string, T extends z.ZodType>(key: K, row: T) {
  return PageInfo.extend({ [key]: z.array(row) } as { [P in K]: z.ZodArray<T> });
}
