import {
  ADMIN_MESSAGE_PAGE_LIMITS,
  type AdminMessage,
  type AdminMessageList,
  adminEndpoints,
  publicEndpoints,
} from "@pharmacompare/contract";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Icon } from "../../components/ui/icons.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import { adminMeta, failureText } from "../kit/admin-route.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../kit/admin-ui.tsx";
import { useFetcherAnswer } from "../kit/form/fetcher-answer.ts";
import { hasFilters } from "../kit/list/list-navigation.ts";
import { type ListPageLoad, loadListPage } from "../kit/list/list-page-load.ts";
import { PagedList } from "../kit/list/paged-list.tsx";
import { rowAction } from "../kit/list/row-action.ts";
import { type RowActionResult, useRowActions } from "../kit/list/row-actions.ts";
import { DeleteRowDialog, ToggleErrorNotice } from "../kit/list/row-dialogs.tsx";
import { SearchFilters } from "../kit/list/search-filters.tsx";
import { useToast } from "../kit/toast/toast.tsx";
import type { Route } from "./+types/route";
import {
  categoryLabels,
  MESSAGE_CATEGORY_CHOICES,
  MessageDialog,
  type PickerOption,
  type SaveResult,
} from "./message-dialog.tsx";
import { saveMessage } from "./message-input.ts";
import { MessageItem } from "./message-item.tsx";

/** Back-office §8's texts for this screen. */
const TEXT = {
  empty: "No messages found. Create your first message to get started.",
  noMatch: "No messages match these filters.",
  toggleFailed: "Error updating message status. Please try again.",
  deleteFailed: "Error deleting message. Please try again.",
  deleteQuestion: "Are you sure you want to delete this message?",
} as const;

/** The address keeps the filters: `category` goes to the API, `search` filters here (§2). */
const FILTERS = { search: "text", category: MESSAGE_CATEGORY_CHOICES } as const;

const categoryOptions = MESSAGE_CATEGORY_CHOICES.map((value) => ({ value, label: categoryLabels[value] }));

interface MessagesLoad extends ListPageLoad<keyof typeof FILTERS, AdminMessageList> {
  medications: PickerOption[];
  pharmacies: PickerOption[];
  /** Why the dialog's pickers are empty, when their lists could not be read. */
  pickerError: string | null;
}

type ActionResult = SaveResult | RowActionResult;

export function meta() {
  return adminMeta("Admin Messages");
}

const byName = (a: PickerOption, b: PickerOption) => a.name.localeCompare(b.name, "en-GB");
const pickerOptions = (rows: { id: string; name: string }[]) =>
  rows.map(({ id, name }) => ({ id, name })).sort(byName);
/** A picker list that could not be read: the reason, kept for the notice. */
const failed = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<MessagesLoad> {
  const api = adminSession().api(request);
  // The pickers read the public lists (active medications and pharmacies): a message shows only
  // on a public page.
  const [list, medications, pharmacies] = await Promise.all([
    loadListPage(request, {
      filters: FILTERS,
      limit: ADMIN_MESSAGE_PAGE_LIMITS.default,
      read: (client, query) => client.call(adminEndpoints.listAdminMessages, { query }),
      failure: "Failed to load messages",
    }),
    api.call(publicEndpoints.listMedications, { query: { limit: 1000 } }).then(pickerOptions, failed),
    api.call(publicEndpoints.listPharmacies).then(pickerOptions, failed),
  ]);
  const pickerFailure = [medications, pharmacies].find((outcome) => outcome instanceof Error);
  return {
    ...list,
    medications: Array.isArray(medications) ? medications : [],
    pharmacies: Array.isArray(pharmacies) ? pharmacies : [],
    pickerError: pickerFailure
      ? `The medication and pharmacy lists could not be loaded (${failureText(pickerFailure, "please reload the page")}).`
      : null,
  };
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const api = adminSession().api(request);
  const intent = form.get("intent");
  if (intent !== "toggle" && intent !== "delete") return saveMessage(api, String(form.get("id") ?? ""), form);
  return rowAction(api, form, {
    toggle: async (id) => {
      const message = await api.call(adminEndpoints.toggleAdminMessage, { params: { id } });
      return message.active ? "Message activated" : "Message deactivated";
    },
    remove: async (id) => {
      await api.call(adminEndpoints.deleteAdminMessage, { params: { id } });
      return "Message deleted";
    },
    toggleFailed: TEXT.toggleFailed,
    deleteFailed: TEXT.deleteFailed,
  });
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { filters, result, error, medications, pharmacies, pickerError } = loaderData;
  const toast = useToast();
  const filtered = hasFilters(filters);

  const saveFetcher = useFetcher<ActionResult>({ key: "admin-message-save" });
  const rows = useRowActions<AdminMessage>({
    toggle: "admin-message-toggle",
    delete: "admin-message-delete",
  });
  const { opener } = rows;

  // The add/edit dialog: closed, adding (null) or editing a message.
  const [editing, setEditing] = useState<AdminMessage | null | undefined>(undefined);
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

  function openDialog(message: AdminMessage | null, button: HTMLElement) {
    opener.current = button;
    setSaveRefusal(null);
    setOpenings((count) => count + 1);
    setEditing(message);
  }

  return (
    <>
      <PageHeader
        title="Admin Messages"
        description="Notices on medication pages: in one pharmacy's price row, or above the prices for all pharmacies."
        action={
          <button
            type="button"
            className={buttonClass.primary}
            onClick={(event) => openDialog(null, event.currentTarget)}
          >
            <Icon className="size-4">
              <path d="M12 5v14M5 12h14" />
            </Icon>
            Add Message
          </button>
        }
      />

      <SearchFilters
        label="Filter the messages"
        filters={filters}
        placeholder="Medication name, title or message"
        select={{ label: "Category", name: "category", options: categoryOptions }}
      />

      {pickerError ? (
        <div className="mt-4">
          <Notice tone="error">{pickerError}</Notice>
        </div>
      ) : null}

      <ToggleErrorNotice rows={rows} />

      <PagedList
        id="messages-heading"
        heading="Messages"
        headingRef={rows.headingRef}
        noun="messages"
        page={result ?? undefined}
        rows={result?.messages}
        filters={filters}
        loadFailed={error}
        empty={filtered ? TEXT.noMatch : TEXT.empty}
        pagerLabel="Message pages"
        list={(messages) => (
          <ul className="space-y-3">
            {messages.map((message) => (
              <MessageItem
                key={message._id}
                message={message}
                toggling={rows.busyToggleId === message._id}
                onToggle={() => rows.submitToggle({ id: message._id })}
                onEdit={(button) => openDialog(message, button)}
                onDelete={(button) => {
                  opener.current = button;
                  rows.setDeleteError(undefined);
                  rows.setDeleting(message);
                }}
              />
            ))}
          </ul>
        )}
      />

      <MessageDialog
        // A fresh form for each opening, so its fields start from the message. Closing keeps the
        // same dialog, so it closes natively and gives focus back to its opener.
        key={openings}
        open={editing !== undefined}
        message={editing ?? null}
        medications={medications}
        pharmacies={pharmacies}
        fetcher={saveFetcher}
        result={saveRefusal}
        onClose={() => setEditing(undefined)}
        returnFocusRef={opener}
      />

      <DeleteRowDialog
        rows={rows}
        title="Delete message"
        message={() => TEXT.deleteQuestion}
        fields={(message) => ({ id: message._id })}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
