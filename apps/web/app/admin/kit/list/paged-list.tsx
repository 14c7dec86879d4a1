import type { PageInfo } from "@pharmacompare/contract";
import type { ReactNode, Ref } from "react";
import { Notice } from "../admin-ui.tsx";
import { type DataColumn, DataTable } from "./data-table.tsx";
import { EmptyState } from "./empty-state.tsx";
import { type ListFilters, listHref, showingText, useListLoading } from "./list-navigation.ts";
import { Pager } from "./pager.tsx";

/**
 * The list part of a server-paged back-office screen (decision 037): its heading with "Showing
 * x–y of z", why it could not load, its empty state, its rows (a table at desktop width, cards on
 * phones) and its pager, whose links keep the filters in the address.
 */
export function PagedList<Row>({
  id,
  heading,
  headingRef,
  noun,
  page,
  rows,
  filters,
  showing,
  loadFailed,
  unavailable,
  empty,
  emptyAction,
  pagerLabel,
  table,
  list,
}: {
  /** The heading's id, which names the section. */
  id: string;
  heading: string;
  /** Where focus goes when a row's own button is gone (after a delete). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The rows' name in "Showing 1–10 of 25 messages". */
  noun: string;
  /** This page's info, or undefined while nothing has loaded. */
  page: PageInfo | undefined;
  rows: readonly Row[] | undefined;
  filters: ListFilters;
  /** The count line when the specification words it otherwise ("Showing X of Y pharmacies"). */
  showing?: (shown: number) => string;
  /** Why nothing could be loaded (shown only while there is no list to show). */
  loadFailed: ReactNode;
  /** Instead of `loadFailed`, what to do first (a filter refused beside its field). */
  unavailable?: ReactNode;
  /** The specification's empty text. */
  empty: ReactNode;
  /** A way on from the empty state (a link or button). */
  emptyAction?: ReactNode;
  /** The pager's landmark name, e.g. "Audit log pages". */
  pagerLabel: string;
  /** The rows as a table at desktop width and cards on phones (data-table.tsx)… */
  table?: {
    label: string;
    caption: string;
    columns: readonly DataColumn<Row>[];
    rowKey: (row: Row) => string;
    rowActions?: (row: Row) => ReactNode;
    cardTitle?: (row: Row) => ReactNode;
    minWidthClass?: string;
  };
  /** …or, for rows that read as items rather than records (Admin Messages), the screen's own list. */
  list?: (rows: readonly Row[]) => ReactNode;
}) {
  const loading = useListLoading();
  return (
    <section aria-labelledby={id} className="mt-6" aria-busy={loading}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2
          id={id}
          ref={headingRef}
          tabIndex={-1}
          className="font-semibold text-base text-slate-900 focus:outline-none"
        >
          {heading}
        </h2>
        <p role="status" className="text-slate-600 text-sm">
          {page && rows ? (showing?.(rows.length) ?? showingText(page, rows.length, noun)) : ""}
        </p>
      </div>

      {!rows && loadFailed && !unavailable ? <Notice tone="error">{loadFailed}</Notice> : null}
      {!rows && unavailable ? <EmptyState>{unavailable}</EmptyState> : null}
      {rows && rows.length === 0 ? <EmptyState action={emptyAction}>{empty}</EmptyState> : null}
      {rows && rows.length > 0 && table ? <DataTable rows={rows} {...table} /> : null}
      {rows && rows.length > 0 && list ? list(rows) : null}
      {page ? (
        <Pager
          label={pagerLabel}
          page={page.page}
          totalPages={page.totalPages}
          hrefFor={(to) => listHref(filters, to)}
        />
      ) : null}
    </section>
  );
}
