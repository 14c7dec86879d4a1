import {
  ADMIN_MESSAGE_PAGE_LIMITS,
  type AdminMessage,
  AdminMessageCategory,
  type AdminMessageList,
  adminEndpoints,
  publicEndpoints,
} from "@pharmacompare/contract";
import { useState } from "react";
import { useFetcher } from "react-router";
import { adminMeta, failureText } from "../../components/admin/admin-route.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../../components/admin/admin-ui.tsx";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { useFetcherAnswer } from "../../components/admin/fetcher-answer.ts";
import { FilterBar, FilterField, FilterSelect } from "../../components/admin/filter-bar.tsx";
import { PagedList } from "../../components/admin/list-kit/paged-list.tsx";
import { hasFilters } from "../../components/admin/list-navigation.ts";
import { type ListPageLoad, loadListPage } from "../../components/admin/list-page-load.ts";
import {
  categoryLabels,
  MESSAGE_CATEGORY_CHOICES,
  MessageDialog,
  type PickerOption,
  type SaveResult,
} from "../../components/admin/message-dialog.tsx";
import { saveMessage } from "../../components/admin/message-input.ts";
import { MessageItem } from "../../components/admin/message-item.tsx";
import { type RowActionResult, useRowActions } from "../../components/admin/row-actions.ts";
import { useToast } from "../../components/admin/toast.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import type { Route } from "./+types/messages";

/** Back-office §8's texts for this screen. */
const TEXT = {
  empty: "No messages found. Create your first message to get started.",
  noMatch: "No messages match these filters.",
  toggleFailed: "Error updating message status. Please try again.",
  deleteFailed: "Error deleting message. Please try again.",
  deleteQuestion: "Are you sure you want to delete this message?",
} as const;

/** The address keeps the filters: `category` goes to the API, `search` filters here (§2). */
const FILTER_KEYS = ["search", "category"] as const;

const categoryOptions = MESSAGE_CATEGORY_CHOICES.map((value) => ({ value, label: categoryLabels[value] }));

interface MessagesLoad extends ListPageLoad<(typeof FILTER_KEYS)[number], AdminMessageList> {
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
    loadListPage({
      request,
      filterKeys: FILTER_KEYS,
      offered: { category: (value) => MESSAGE_CATEGORY_CHOICES.some((choice) => choice === value) },
      read: (filters, page) =>
        api.call(adminEndpoints.listAdminMessages, {
          query: {
            search: filters.search || undefined,
            category: AdminMessageCategory.safeParse(filters.category).data,
            page,
            limit: ADMIN_MESSAGE_PAGE_LIMITS.default,
          },
        }),
      failure: "Failed to load messages",
      logAs: "Failed to load messages",
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
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const api = adminSession().api(request);

  if (intent === "toggle") {
    try {
      const message = await api.call(adminEndpoints.toggleAdminMessage, { params: { id } });
      return { intent, ok: true, text: message.active ? "Message activated" : "Message deactivated" };
    } catch {
      return { intent, ok: false, error: TEXT.toggleFailed };
    }
  }

  if (intent === "delete") {
    try {
      await api.call(adminEndpoints.deleteAdminMessage, { params: { id } });
      return { intent, ok: true, text: "Message deleted" };
    } catch {
      return { intent, ok: false, error: TEXT.deleteFailed };
    }
  }

  return saveMessage(api, id, form);
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { filters, result, error, medications, pharmacies, pickerError } = loaderData;
  const toast = useToast();
  const filtered = hasFilters(filters);

  const saveFetcher = useFetcher<ActionResult>({ key: "admin-message-save" });
  const {
    submitToggle,
    deleteFetcher,
    deleting,
    setDeleting,
    deleteError,
    setDeleteError,
    toggleError,
    opener,
    headingRef,
    toggleErrorRef,
    busyToggleId,
  } = useRowActions<AdminMessage>({ toggle: "admin-message-toggle", delete: "admin-message-delete" });

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
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title="Admin Messages"
          description="Notices on medication pages: in one pharmacy's price row, or above the prices for all pharmacies."
        />
        <button
          type="button"
          className={`${buttonClass.primary} mb-6`}
          onClick={(event) => openDialog(null, event.currentTarget)}
        >
          <Icon className="size-4">
            <path d="M12 5v14M5 12h14" />
          </Icon>
          Add Message
        </button>
      </div>

      <FilterBar label="Filter the messages" active={filtered} columnsClass="sm:grid-cols-[2fr_1fr]">
        <FilterField
          label="Search"
          name="search"
          type="search"
          defaultValue={filters.search}
          placeholder="Medication name, title or message"
          spellCheck={false}
        />
        <FilterSelect
          label="Category"
          name="category"
          defaultValue={filters.category}
          options={categoryOptions}
        />
      </FilterBar>

      {pickerError ? (
        <div className="mt-4">
          <Notice tone="error">{pickerError}</Notice>
        </div>
      ) : null}

      {toggleError ? (
        <div className="mt-4">
          <Notice tone="error" noticeRef={toggleErrorRef}>
            {toggleError}
          </Notice>
        </div>
      ) : null}

      <PagedList
        id="messages-heading"
        heading="Messages"
        headingRef={headingRef}
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
                toggling={busyToggleId === message._id}
                onToggle={() => submitToggle({ id: message._id })}
                onEdit={(button) => openDialog(message, button)}
                onDelete={(button) => {
                  opener.current = button;
                  setDeleteError(undefined);
                  setDeleting(message);
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

      <ConfirmDialog
        open={deleting !== null}
        title="Delete message"
        message={TEXT.deleteQuestion}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteFetcher.state !== "idle"}
        error={deleteError}
        onConfirm={() => {
          if (deleting) void deleteFetcher.submit({ intent: "delete", id: deleting._id }, { method: "post" });
        }}
        onCancel={() => setDeleting(null)}
        returnFocusRef={opener}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
