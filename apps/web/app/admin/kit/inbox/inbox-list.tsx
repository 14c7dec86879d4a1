import type { PageInfo } from "@pharmacompare/contract";
import type { ReactNode } from "react";
import type { DataColumn } from "../list/data-table.tsx";
import { OpenDeleteButtons } from "../list/open-delete-buttons.tsx";
import { PagedList } from "../list/paged-list.tsx";
import { SearchFilters } from "../list/search-filters.tsx";
import type { InboxDialogs } from "./use-inbox-dialogs.ts";

/** The words of an inbox list (the specification's where it names them). */
export interface InboxListWords {
  filterLabel: string;
  placeholder: string;
  heading: string;
  /** The rows' name in "Showing 1–10 of 25 messages". */
  noun: string;
  tableLabel: string;
  caption: string;
  pagerLabel: string;
  loadFailed: string;
  empty: string;
}

/**
 * An inbox screen's filters and list (Contact Messages, Price Alerts): search and status in the
 * address, the page of rows with View and Delete on each.
 */
export function InboxList<Row extends { _id: string }, S extends string>({
  id,
  words,
  load,
  page,
  rows,
  statuses,
  columns,
  minWidthClass,
  named,
  dialogs,
  onView = dialogs.view,
}: {
  id: string;
  words: InboxListWords;
  load: {
    filters: { search: string; status: string };
    fields: Partial<Record<string, string>>;
    error: string | null;
  };
  page: PageInfo | undefined;
  rows: readonly Row[] | undefined;
  statuses: readonly S[];
  columns: readonly DataColumn<Row>[];
  minWidthClass: string;
  /** The row's visually hidden name after "View" and "Delete". */
  named: (row: Row) => ReactNode;
  dialogs: InboxDialogs<Row, S>;
  onView?: (row: Row, button: HTMLElement) => void;
}) {
  const { filters, fields, error } = load;
  return (
    <>
      <SearchFilters
        label={words.filterLabel}
        filters={filters}
        placeholder={words.placeholder}
        select={{
          label: "Status",
          name: "status",
          options: statuses.map((value) => ({ value, label: value })),
        }}
        searchError={fields.search}
      />
      <PagedList
        id={id}
        heading={words.heading}
        headingRef={dialogs.headingRef}
        noun={words.noun}
        page={page}
        rows={rows}
        filters={filters}
        // A refused search is said beside the field; anything else here.
        loadFailed={error ? `${words.loadFailed} ${fields.search ? "" : error}` : null}
        empty={words.empty}
        pagerLabel={words.pagerLabel}
        table={{
          label: words.tableLabel,
          caption: words.caption,
          columns,
          rowKey: (row) => row._id,
          minWidthClass,
          rowActions: (row) => (
            <OpenDeleteButtons
              openLabel="View"
              named={named(row)}
              onOpen={(button) => onView(row, button)}
              onDelete={(button) => dialogs.askDelete(row, button)}
            />
          ),
        }}
      />
    </>
  );
}
