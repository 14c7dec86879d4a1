import {
  type AdminMedicationEvent,
  adminEndpoints,
  CATALOGUE_LIMITS,
  formatDay,
  londonDay,
  MEDICATION_EVENT_KINDS,
  MEDICATION_EVENT_LABELS,
  MEDICATION_EVENT_PAGE_LIMITS,
  type MedicationEventList,
} from "@pharmacompare/contract";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Icon } from "../../components/ui/icons.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import { adminMeta, failureText } from "../kit/admin-route.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../kit/admin-ui.tsx";
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
import { EventDialog, type EventMedication, type SaveResult } from "./event-dialog.tsx";
import { saveEvent } from "./event-input.ts";

/**
 * Price events (issue 45, decision 059): dated events on a medication's price history (a
 * manufacturer's list-price change, a supply disruption, a new strength), each with its source.
 * The condition page marks them on its history chart and explains a move by them in its sentence.
 */

const TEXT = {
  empty: "No price events yet. Add one when a manufacturer changes a list price or supply is disrupted.",
  noMatch: "No price events match these filters.",
  deleteFailed: "Error deleting price event. Please try again.",
  noMedications: "The medications could not be loaded, so events cannot be added just now.",
} as const;

const FILTERS = { search: "text", kind: MEDICATION_EVENT_KINDS } as const;
const kindOptions = MEDICATION_EVENT_KINDS.map((value) => ({ value, label: MEDICATION_EVENT_LABELS[value] }));

type ActionResult = SaveResult | RowActionResult;

export function meta() {
  return adminMeta("Price Events");
}

export async function clientLoader({
  request,
}: Route.ClientLoaderArgs): Promise<
  ListPageLoad<keyof typeof FILTERS, MedicationEventList> & { medications: EventMedication[] | null }
> {
  const [list, medications] = await Promise.all([
    loadListPage(request, {
      filters: FILTERS,
      limit: MEDICATION_EVENT_PAGE_LIMITS.default,
      read: (client, query) => client.call(adminEndpoints.listMedicationEvents, { query }),
      failure: "Failed to load price events",
    }),
    // The dialog's choices: every medication with its dosages.
    adminSession()
      .api(request)
      .call(adminEndpoints.listAdminMedications, { query: { limit: CATALOGUE_LIMITS.medicationListMax } })
      .then((answer) => answer.medications.map(({ id, name, dosage }) => ({ id, name, dosage })))
      .catch(() => null),
  ]);
  return { ...list, medications };
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const api = adminSession().api(request);
  const id = String(form.get("id") ?? "");
  if (form.get("intent") !== "delete") return saveEvent(api, id, form);
  try {
    await api.call(adminEndpoints.deleteMedicationEvent, { params: { id } });
    return { intent: "delete", ok: true, text: "Price event deleted" };
  } catch (error) {
    return { intent: "delete", ok: false, error: failureText(error, TEXT.deleteFailed) };
  }
}

const eventName = (event: AdminMedicationEvent) =>
  `${MEDICATION_EVENT_LABELS[event.kind]} on ${formatDay(event.happenedOn)}, ${event.medicationName}`;

export default function AdminPriceEvents({ loaderData }: Route.ComponentProps) {
  const { filters, result, error, medications } = loaderData;
  const toast = useToast();
  const saveFetcher = useFetcher<ActionResult>({ key: "price-event-save" });
  const rows = useDeleteAction<AdminMedicationEvent>("price-event-delete");
  const { opener } = rows;
  const [editing, setEditing] = useState<AdminMedicationEvent | null | undefined>(undefined);
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

  function openDialog(event: AdminMedicationEvent | null, button: HTMLElement) {
    opener.current = button;
    setSaveRefusal(null);
    setOpenings((count) => count + 1);
    setEditing(event);
  }

  const columns: DataColumn<AdminMedicationEvent>[] = [
    {
      header: "Day",
      rowHeader: true,
      className: "whitespace-nowrap",
      cell: (event) => formatDay(event.happenedOn),
    },
    {
      header: "Medication",
      cell: (event) =>
        event.dosage ? `${event.medicationName} ${event.dosage}` : `${event.medicationName} (all dosages)`,
    },
    { header: "Kind", cell: (event) => MEDICATION_EVENT_LABELS[event.kind] },
    { header: "Summary", className: "min-w-48 break-words", cell: (event) => event.summary },
    {
      header: "Source",
      className: "whitespace-nowrap",
      cell: (event) => (
        <a
          className="text-blue-700 underline"
          href={event.sourceUrl}
          rel="noopener noreferrer"
          target="_blank"
        >
          {new URL(event.sourceUrl).hostname}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Price Events"
        description="Dated events on a medication's price history, with their source. The condition page marks them on its chart."
        action={
          <button
            type="button"
            className={buttonClass.primary}
            disabled={!medications?.length}
            onClick={(click) => openDialog(null, click.currentTarget)}
          >
            <Icon className="size-4">
              <path d="M12 5v14M5 12h14" />
            </Icon>
            Add Event
          </button>
        }
      />

      {medications === null ? <Notice tone="error">{TEXT.noMedications}</Notice> : null}

      <SearchFilters
        label="Filter the price events"
        filters={filters}
        placeholder="Summary or medication"
        select={{ label: "Kind", name: "kind", options: kindOptions }}
      />

      <PagedList
        id="price-events-heading"
        heading="Events"
        headingRef={rows.headingRef}
        noun="events"
        page={result ?? undefined}
        rows={result?.events}
        filters={filters}
        loadFailed={error}
        empty={hasFilters(filters) ? TEXT.noMatch : TEXT.empty}
        pagerLabel="Price event pages"
        table={{
          label: "Price events",
          caption: "Price events, latest day first",
          columns,
          rowKey: (event) => event.id,
          rowActions: (event) => (
            <OpenDeleteButtons
              openLabel="Edit"
              named={<span className="sr-only"> {eventName(event)}</span>}
              onOpen={(button) => openDialog(event, button)}
              onDelete={(button) => {
                opener.current = button;
                rows.setDeleteError(undefined);
                rows.setDeleting(event);
              }}
            />
          ),
        }}
      />

      <EventDialog
        key={openings}
        open={editing !== undefined}
        event={editing ?? null}
        medications={medications ?? []}
        today={londonDay(new Date())}
        fetcher={saveFetcher}
        result={saveRefusal}
        onClose={() => setEditing(undefined)}
        returnFocusRef={opener}
      />

      <ConfirmDialog
        open={rows.deleting !== null}
        title="Delete price event"
        message={
          rows.deleting ? `Delete the event "${eventName(rows.deleting)}"? Its mark leaves the chart.` : ""
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
