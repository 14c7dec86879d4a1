import { type PageInfo, pageInfo } from "@pharmacompare/contract";
import { or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { escapeLike } from "./public-filters.ts";

/**
 * The API's half of the one list convention (decision 037, the contract's `list-convention.ts`):
 * every admin list counts its matching rows and reads one page of them with LIMIT/OFFSET, never
 * the whole table.
 */

export interface PageRequest {
  page: number;
  limit: number;
}

/** Rows to skip before `page`. */
const offsetOf = (query: PageRequest): number => (query.page - 1) * query.limit;

/** A case-insensitive substring match of `search` in any of `columns` (% and _ match only themselves); undefined without a search. */
export function containsAny(search: string | undefined, columns: SQLWrapper[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(...columns.map((column) => sql`${column} ilike ${pattern} escape '\\'`));
}

/** One page of a list: the rows under the list's key, and the page info for `total` matches. */
export async function readPage<Row>(
  query: PageRequest,
  count: PromiseLike<{ total: number }[]>,
  rows: (limit: number, offset: number) => PromiseLike<Row[]>,
): Promise<{ rows: Row[]; info: PageInfo }> {
  const [counted, page] = await Promise.all([count, rows(query.limit, offsetOf(query))]);
  return { rows: page, info: pageInfo(query.page, query.limit, counted[0]?.total ?? 0) };
}
