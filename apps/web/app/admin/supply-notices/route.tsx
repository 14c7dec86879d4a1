import {
  type AdminSupplyNotice,
  adminEndpoints,
  formatDateTime,
  formatDay,
  londonDay,
  publicEndpoints,
  SUPPLY_NOTICE_PAGE_LIMITS,
  SUPPLY_NOTICE_STATUSES,
  type SupplyNoticeList,
} from "@pharmacompare/contract";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Icon } from "../../components/ui/icons.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import { adminMeta, failureText } from "../kit/admin-route.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../kit/admin-ui.tsx";
import { useFetcherAnswer } from "../kit/form/fetcher-answer.ts";
import type { DataColumn } from "../kit/list/data-table.tsx";
import { hasFilters } from "../kit/list/list-navigation.ts";
import { type ListPageLoad, loadListPage } from "../kit/list/list-page-load.ts";
import { PagedList } from "../kit/list/paged-list.tsx";
import { rowAction } from "../kit/list/row-action.ts";
import { type RowActionResult, useRowActions } from "../kit/list/row-actions.ts";
import { DeleteRowButton, DeleteRowDialog, ToggleErrorNotice } from "../kit/list/row-dialogs.tsx";
import { SearchFilters } from "../kit/list/search-filters.tsx";
import { useToast } from "../kit/toast/toast.tsx";
import type { Route } from "./+types/route";
import { type MedicationChoice, NoticeDialog, type SaveResult } from "./notice-dialog.tsx";
import { saveNotice } from "./notice-input.ts";

/**
 * Supply notices (issue 45, decision 060): what staff know of a medication's supply, with the page
 * that said so, shown on its condition page and in its price alert emails while active. The list
 * says which are active, scheduled or ended; "End" stops one showing now. The row switch of the
 * list kit ("toggle") is this screen's End.
 */

const TEXT = {
  empty: "No supply notices yet. Add one when a regulator or manufacturer reports a shortage.",
  noMatch: "No supply notices match these filters.",
  endFailed: "Error ending supply notice. Please try again.",
  deleteFailed: "Error deleting supply notice. Please try again.",
} as const;

const FILTERS = { search: "text", status: SUPPLY_NOTICE_STATUSES } as const;

const STATUS_LABELS: Record<AdminSupplyNotice["status"], string> = {
  active: "Active",
  scheduled: "Scheduled",
  ended: "Ended",
};
const statusOptions = SUPPLY_NOTICE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

interface NoticesLoad extends ListPageLoad<keyof typeof FILTERS, SupplyNoticeList> {
  medications: MedicationChoice[];
  pickerError: string | null;
}

type ActionResult = SaveResult | RowActionResult;

export function meta() {
  return adminMeta("Supply Notices");
}

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<NoticesLoad> {
  const api = adminSession().api(request);
  const [list, medications] = await Promise.all([
    loadListPage(request, {
      filters: FILTERS,
      limit: SUPPLY_NOTICE_PAGE_LIMITS.default,
      read: (client, query) => client.call(adminEndpoints.listSupplyNotices, { query }),
      failure: "Failed to load supply notices",
    }),
    // The picker reads the public list: a notice shows only on a public page.
    api
      .call(publicEndpoints.listMedications, { query: { limit: 1000 } })
      .then((rows) =>
        rows.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, "en-GB")),
      )
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
  ]);
  return {
    ...list,
    medications: Array.isArray(medications) ? medications : [],
    pickerError: Array.isArray(medications)
      ? null
      : `The medication list could not be loaded (${failureText(medications, "please reload the page")}).`,
  };
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const api = adminSession().api(request);
  const intent = form.get("intent");
  if (intent !== "toggle" && intent !== "delete") return saveNotice(api, String(form.get("id") ?? ""), form);
  return rowAction(api, form, {
    toggle: async (id) => {
      await api.call(adminEndpoints.endSupplyNotice, { params: { id } });
      return "Supply notice ended";
    },
    remove: async (id) => {
      await api.call(adminEndpoints.deleteSupplyNotice, { params: { id } });
      return "Supply notice deleted";
    },
    toggleFailed: TEXT.endFailed,
    deleteFailed: TEXT.deleteFailed,
    apiSentence: true,
  });
}

const noticeName = (notice: AdminSupplyNotice) =>
  `${notice.medicationName}${notice.dosage ? ` ${notice.dosage}` : ""} from ${formatDateTime(notice.startsAt)}`;

export default function AdminSupplyNotices({ loaderData }: Route.ComponentProps) {
  const { filters, result, error, medications, pickerError } = loaderData;
  const toast = useToast();
  const saveFetcher = useFetcher<ActionResult>({ key: "supply-notice-save" });
  const rows = useRowActions<AdminSupplyNotice>({
    toggle: "supply-notice-end",
    delete: "supply-notice-delete",
  });
  const { opener } = rows;
  const [editing, setEditing] = useState<AdminSupplyNotice | null | undefined>(undefined);
  const [openings, setOpenings] = useState(0);
  const [saveRefusal, setSaveRefusal] = useState<Extract<SaveResult, { ok: false }> | null>(null);

  useFetcherAnswer(saveFetcher, (data) => {
    if (data.intent !== "save") return;
    if (data.ok) {
      setEditing(undefined);
      setSaveRefusal(null);
      toast.show(data.text);
    } else {
      setSaveRefusal(data);
    }
  });

  function openDialog(notice: AdminSupplyNotice | null, button: HTMLElement) {
    opener.current = button;
    setSaveRefusal(null);
    setOpenings((count) => count + 1);
    setEditing(notice);
  }

  const columns: DataColumn<AdminSupplyNotice>[] = [
    {
      header: "Medication",
      rowHeader: true,
      cell: (notice) => `${notice.medicationName} · ${notice.dosage ?? "every dosage"}`,
    },
    { header: "Message", cell: (notice) => <span className="break-words">{notice.message}</span> },
    {
      header: "Shows",
      cell: (notice) =>
        notice.endsAt
          ? `${formatDateTime(notice.startsAt)} to ${formatDateTime(notice.endsAt)}`
          : `From ${formatDateTime(notice.startsAt)} until ended`,
    },
    { header: "Status", cell: (notice) => STATUS_LABELS[notice.status] },
    {
      header: "Source",
      cell: (notice) => (
        <a
          className="text-blue-700 underline"
          href={notice.sourceUrl}
          rel="noopener noreferrer"
          target="_blank"
        >
          {new URL(notice.sourceUrl).hostname}, {formatDay(notice.sourceDate)}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Supply Notices"
        description="Shortages and supply news for a medication, with their source: shown on its condition page and in its price alert emails while active."
        action={
          <button
            type="button"
            className={buttonClass.primary}
            onClick={(event) => openDialog(null, event.currentTarget)}
          >
            <Icon className="size-4">
              <path d="M12 5v14M5 12h14" />
            </Icon>
            Add Notice
          </button>
        }
      />

      <SearchFilters
        label="Filter the supply notices"
        filters={filters}
        placeholder="Medication or message"
        select={{ label: "Status", name: "status", options: statusOptions }}
      />

      {pickerError ? (
        <div className="mt-4">
          <Notice tone="error">{pickerError}</Notice>
        </div>
      ) : null}

      <ToggleErrorNotice rows={rows} />

      <PagedList
        id="supply-notices-heading"
        heading="Notices"
        headingRef={rows.headingRef}
        noun="notices"
        page={result ?? undefined}
        rows={result?.notices}
        filters={filters}
        loadFailed={error}
        empty={hasFilters(filters) ? TEXT.noMatch : TEXT.empty}
        pagerLabel="Supply notice pages"
        table={{
          label: "Supply notices",
          caption: "Supply notices, latest start first",
          columns,
          rowKey: (notice) => notice.id,
          rowActions: (notice) => {
            const named = <span className="sr-only"> {noticeName(notice)}</span>;
            return (
              <>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={(event) => openDialog(notice, event.currentTarget)}
                >
                  Edit{named}
                </button>
                {notice.status === "active" ? (
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    disabled={rows.busyToggleId === notice.id}
                    onClick={() => rows.submitToggle({ id: notice.id })}
                  >
                    End{named}
                  </button>
                ) : null}
                <DeleteRowButton rows={rows} row={notice} named={named} />
              </>
            );
          },
        }}
      />

      <NoticeDialog
        key={openings}
        open={editing !== undefined}
        notice={editing ?? null}
        medications={medications}
        today={londonDay(new Date())}
        fetcher={saveFetcher}
        result={saveRefusal}
        onClose={() => setEditing(undefined)}
        returnFocusRef={opener}
      />

      <DeleteRowDialog
        rows={rows}
        title="Delete supply notice"
        message={(notice) =>
          `Delete the notice on ${notice.medicationName}? To stop it showing but keep it in the list, end it instead.`
        }
        fields={(notice) => ({ id: notice.id })}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
