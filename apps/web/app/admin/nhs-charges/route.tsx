import {
  type AdminNhsCharge,
  adminEndpoints,
  formatDay,
  formatPounds,
  londonDay,
  NHS_CHARGE_KINDS,
  NHS_CHARGE_LABELS,
  NHS_CHARGE_PAGE_LIMITS,
  type NhsChargeList,
} from "@pharmacompare/contract";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Icon } from "../../components/ui/icons.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import { adminMeta, failureText } from "../kit/admin-route.ts";
import { AdminPageError, buttonClass, PageHeader } from "../kit/admin-ui.tsx";
import { ConfirmDialog } from "../kit/dialogs/confirm-dialog.tsx";
import { useFetcherAnswer } from "../kit/form/fetcher-answer.ts";
import type { DataColumn } from "../kit/list/data-table.tsx";
import { hasFilters } from "../kit/list/list-navigation.ts";
import { type ListPageLoad, loadListPage } from "../kit/list/list-page-load.ts";
import { OpenDeleteButtons } from "../kit/list/open-delete-buttons.tsx";
import { PagedList } from "../kit/list/paged-list.tsx";
import { type RowActionResult, useDeleteAction } from "../kit/list/row-actions.ts";
import { SearchFilters } from "../kit/list/search-filters.tsx";
import { useToast } from "../kit/toast/toast.tsx";
import type { Route } from "./+types/route";
import { ChargeDialog, type SaveResult } from "./charge-dialog.tsx";
import { saveCharge } from "./charge-input.ts";

/**
 * NHS charges (issue 44, decision 056): England's prescription item charge and prepayment
 * certificates, each with the UK day it takes effect and its source. The condition pages show the
 * one of each kind in force today.
 */

const TEXT = {
  empty: "No NHS charges yet. Add England's item charge to show the NHS route's cost.",
  noMatch: "No NHS charges match these filters.",
  deleteFailed: "Error deleting NHS charge. Please try again.",
} as const;

const FILTERS = { search: "text", kind: NHS_CHARGE_KINDS } as const;
const kindOptions = NHS_CHARGE_KINDS.map((value) => ({ value, label: NHS_CHARGE_LABELS[value] }));

const STATUS_LABELS: Record<AdminNhsCharge["status"], string> = {
  "in-force": "In force",
  scheduled: "Scheduled",
  superseded: "Replaced",
};

type ActionResult = SaveResult | RowActionResult;

export function meta() {
  return adminMeta("NHS Charges");
}

export async function clientLoader({
  request,
}: Route.ClientLoaderArgs): Promise<ListPageLoad<keyof typeof FILTERS, NhsChargeList>> {
  return loadListPage(request, {
    filters: FILTERS,
    limit: NHS_CHARGE_PAGE_LIMITS.default,
    read: (client, query) => client.call(adminEndpoints.listNhsCharges, { query }),
    failure: "Failed to load NHS charges",
  });
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const api = adminSession().api(request);
  const id = String(form.get("id") ?? "");
  if (form.get("intent") !== "delete") return saveCharge(api, id, form);
  try {
    await api.call(adminEndpoints.deleteNhsCharge, { params: { id } });
    return { intent: "delete", ok: true, text: "NHS charge deleted" };
  } catch (error) {
    return { intent: "delete", ok: false, error: failureText(error, TEXT.deleteFailed) };
  }
}

const chargeName = (charge: AdminNhsCharge) =>
  `${NHS_CHARGE_LABELS[charge.kind]} from ${formatDay(charge.effectiveFrom)}`;

export default function AdminNhsCharges({ loaderData }: Route.ComponentProps) {
  const { filters, result, error } = loaderData;
  const toast = useToast();
  const saveFetcher = useFetcher<ActionResult>({ key: "nhs-charge-save" });
  const rows = useDeleteAction<AdminNhsCharge>("nhs-charge-delete");
  const { opener } = rows;
  const [editing, setEditing] = useState<AdminNhsCharge | null | undefined>(undefined);
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

  function openDialog(charge: AdminNhsCharge | null, button: HTMLElement) {
    opener.current = button;
    setSaveRefusal(null);
    setOpenings((count) => count + 1);
    setEditing(charge);
  }

  const columns: DataColumn<AdminNhsCharge>[] = [
    { header: "Charge", rowHeader: true, cell: (charge) => NHS_CHARGE_LABELS[charge.kind] },
    { header: "Amount", cell: (charge) => formatPounds(charge.amount), className: "tabular-nums" },
    { header: "Takes effect", cell: (charge) => formatDay(charge.effectiveFrom) },
    { header: "Status", cell: (charge) => STATUS_LABELS[charge.status] },
    {
      header: "Source",
      className: "whitespace-nowrap",
      cell: (charge) => (
        <a
          className="text-blue-700 underline"
          href={charge.sourceUrl}
          rel="noopener noreferrer"
          target="_blank"
        >
          {new URL(charge.sourceUrl).hostname}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="NHS Charges"
        description="England's prescription charges with the day each takes effect. Prescriptions are free in Scotland, Wales and Northern Ireland."
        action={
          <button
            type="button"
            className={buttonClass.primary}
            onClick={(event) => openDialog(null, event.currentTarget)}
          >
            <Icon className="size-4">
              <path d="M12 5v14M5 12h14" />
            </Icon>
            Add Charge
          </button>
        }
      />

      <SearchFilters
        label="Filter the NHS charges"
        filters={filters}
        placeholder="Source address"
        select={{ label: "Charge", name: "kind", options: kindOptions }}
      />

      <PagedList
        id="nhs-charges-heading"
        heading="Charges"
        headingRef={rows.headingRef}
        noun="charges"
        page={result ?? undefined}
        rows={result?.charges}
        filters={filters}
        loadFailed={error}
        empty={hasFilters(filters) ? TEXT.noMatch : TEXT.empty}
        pagerLabel="NHS charge pages"
        table={{
          label: "NHS charges",
          caption: "NHS charges by kind, latest day first",
          columns,
          rowKey: (charge) => charge.id,
          rowActions: (charge) => (
            <OpenDeleteButtons
              openLabel="Edit"
              named={<span className="sr-only"> {chargeName(charge)}</span>}
              onOpen={(button) => openDialog(charge, button)}
              onDelete={(button) => {
                opener.current = button;
                rows.setDeleteError(undefined);
                rows.setDeleting(charge);
              }}
            />
          ),
        }}
      />

      <ChargeDialog
        key={openings}
        open={editing !== undefined}
        charge={editing ?? null}
        today={londonDay(new Date())}
        fetcher={saveFetcher}
        result={saveRefusal}
        onClose={() => setEditing(undefined)}
        returnFocusRef={opener}
      />

      <ConfirmDialog
        open={rows.deleting !== null}
        title="Delete NHS charge"
        message={
          rows.deleting
            ? `Delete the ${NHS_CHARGE_LABELS[rows.deleting.kind].toLowerCase()} of ${formatPounds(rows.deleting.amount)} from ${formatDay(rows.deleting.effectiveFrom)}? The one before it of its kind is then in force again.`
            : ""
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={rows.deleteFetcher.state !== "idle"}
        error={rows.deleteError}
        onConfirm={() => {
          if (rows.deleting)
            void rows.deleteFetcher.submit({ intent: "delete", id: rows.deleting.id }, { method: "post" });
        }}
        onCancel={() => rows.setDeleting(null)}
        returnFocusRef={opener}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
