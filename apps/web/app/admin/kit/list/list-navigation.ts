import { formatCount, MAX_PAGE, type PageInfo } from "@pharmacompare/contract";
import { useLocation, useNavigation } from "react-router";

/**
 * The address of an admin list page (the one pagination convention, back-office §7): its filters
 * under the API's own parameter names, then `page` when past the first. Blank filters stay out of
 * the address, so a link, Back and a reload all show the same list.
 */

/** Filter values as the page's fields hold them: "" means no filter. */
export type ListFilters = Readonly<Record<string, string>>;

/** A list page's `page` parameter: a whole number from 1 (anything else is page 1), at most MAX_PAGE. */
export function readPage(value: string | null | undefined): number {
  const page = Number(value ?? "1");
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/** The filters named by `keys`, read from an address and trimmed ("" when absent). */
export function readFilters<const K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, params.get(key)?.trim() ?? ""])) as Record<K, string>;
}

/** Whether any filter is set. */
export function hasFilters(filters: ListFilters): boolean {
  return Object.values(filters).some((value) => value !== "");
}

/** "?action=login&page=2", or "" for the unfiltered first page. */
export function listSearch(filters: ListFilters, page = 1): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== "") query.set(key, value);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `?${search}` : "";
}

/** A link to one page of the list from the list itself ("." is the unfiltered first page). */
export function listHref(filters: ListFilters, page: number): string {
  return listSearch(filters, page) || ".";
}

/** "Showing 21–40 of 45 entries"; "" when this page shows nothing. */
export function showingText(info: Pick<PageInfo, "page" | "limit" | "total">, shown: number, noun: string) {
  if (shown === 0) return "";
  const first = (info.page - 1) * info.limit + 1;
  const last = first + shown - 1;
  return `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(info.total)} ${noun}`;
}

/** True while this same page loads again (new filters, or another page of the list). */
export function useListLoading(): boolean {
  const location = useLocation();
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location.pathname === location.pathname;
}
