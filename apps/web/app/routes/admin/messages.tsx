import {
  type AdminMessage,
  AdminMessageCategory,
  type AdminMessageInput,
  adminEndpoints,
  formatDateTime,
  formatRelativeTime,
  publicEndpoints,
} from "@pharmacompare/contract";
import { type ReactNode, useMemo, useState } from "react";
import { redirect, useFetcher } from "react-router";
import { adminMeta, failureText } from "../../components/admin/admin-route.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../../components/admin/admin-ui.tsx";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { EmptyState } from "../../components/admin/empty-state.tsx";
import { useFetcherAnswer } from "../../components/admin/fetcher-answer.ts";
import { FilterBar, FilterField, FilterSelect } from "../../components/admin/filter-bar.tsx";
import {
  hasFilters,
  listSearch,
  readFilters,
  useListLoading,
} from "../../components/admin/list-navigation.ts";
import { localInputToIso } from "../../components/admin/message-dates.ts";
import {
  categoryLabels,
  MESSAGE_CATEGORY_CHOICES,
  MESSAGE_FIELDS,
  MessageDialog,
  type MessageField,
  type PickerOption,
  type SaveResult,
} from "../../components/admin/message-dialog.tsx";
import { type RowActionResult, useRowActions } from "../../components/admin/row-actions.ts";
import { useToast } from "../../components/admin/toast.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import { ApiError } from "../../lib/api-client.ts";
import type { Route } from "./+types/messages";

/** Back-office §8's texts for this screen. */
const TEXT = {
  empty: "No messages found. Create your first message to get started.",
  noMatch: "No messages match these filters.",
  toggleFailed: "Error updating message status. Please try again.",
  deleteFailed: "Error deleting message. Please try again.",
  saveFailed: "Error saving message: ",
  deleteQuestion: "Are you sure you want to delete this message?",
} as const;

/** The address keeps the filters: `category` goes to the API, `search` filters here (§2). */
const FILTER_KEYS = ["search", "category"] as const;

const categoryOptions = MESSAGE_CATEGORY_CHOICES.map((value) => ({ value, label: categoryLabels[value] }));

interface MessagesLoad {
  filters: Record<(typeof FILTER_KEYS)[number], string>;
  messages: AdminMessage[] | null;
  error: string | null;
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

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<MessagesLoad> {
  const url = new URL(request.url);
  const filters = readFilters(url.searchParams, FILTER_KEYS);
  const category = AdminMessageCategory.safeParse(filters.category);
  // A category the screen does not offer (an old or edited link) is dropped.
  if (filters.category && !(category.success && MESSAGE_CATEGORY_CHOICES.some((c) => c === category.data))) {
    throw redirect(`${url.pathname}${listSearch({ ...filters, category: "" })}`);
  }

  const api = adminSession().api(request);
  // The pickers read the public lists (active medications and pharmacies) until the admin
  // catalogue API (GET /api/admin/medications?limit=1000, GET /api/admin/pharmacies, back-office §7)
  // exists; then inactive ones can be chosen too.
  const [messages, medications, pharmacies] = await Promise.allSettled([
    api.call(adminEndpoints.listAdminMessages, { query: { category: category.data } }),
    api.call(publicEndpoints.listMedications, { query: { limit: 1000 } }),
    api.call(publicEndpoints.listPharmacies),
  ]);
  // A sign-out redirect from any of them is followed.
  for (const outcome of [messages, medications, pharmacies]) {
    if (outcome.status === "rejected" && outcome.reason instanceof Response) throw outcome.reason;
  }

  const pickerFailure = [medications, pharmacies].find((outcome) => outcome.status === "rejected");
  return {
    filters,
    messages: messages.status === "fulfilled" ? messages.value : null,
    error: messages.status === "rejected" ? failureText(messages.reason, "Failed to load messages") : null,
    medications:
      medications.status === "fulfilled"
        ? medications.value.map(({ id, name }) => ({ id, name })).sort(byName)
        : [],
    pharmacies:
      pharmacies.status === "fulfilled"
        ? pharmacies.value.map(({ id, name }) => ({ id, name })).sort(byName)
        : [],
    pickerError: pickerFailure
      ? `The medication and pharmacy lists could not be loaded (${failureText(pickerFailure.reason, "please reload the page")}).`
      : null,
  };
}

/** The dialog's fields as the API takes them; dates in the browser's zone become ISO with its offset. */
function messageInput(form: FormData): AdminMessageInput {
  const text = (name: string) => String(form.get(name) ?? "");
  const priority = text("priority").trim();
  return {
    medicationId: text("medicationId"),
    pharmacyId: text("pharmacyId") || null,
    category: AdminMessageCategory.catch("information").parse(text("category")),
    title: text("title"),
    message: text("message"),
    startDate: localInputToIso(text("startDate")) ?? undefined,
    endDate: localInputToIso(text("endDate")),
    // Blank is the default, 0; anything else goes as typed for the API to judge.
    priority: priority === "" ? 0 : Number(priority),
    active: form.get("active") === "on",
  };
}

function refusedFields(error: unknown): Partial<Record<MessageField, string>> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    MESSAGE_FIELDS.filter((field) => error.fields[field]).map((field) => [field, error.fields[field]]),
  );
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
    } catch (error) {
      failureText(error, ""); // passes a sign-out redirect on
      return { intent, ok: false, error: TEXT.toggleFailed };
    }
  }

  if (intent === "delete") {
    try {
      await api.call(adminEndpoints.deleteAdminMessage, { params: { id } });
      return { intent, ok: true, text: "Message deleted" };
    } catch (error) {
      failureText(error, "");
      return { intent, ok: false, error: TEXT.deleteFailed };
    }
  }

  const body = messageInput(form);
  // Back-office §5: the start date is required (the API would take a blank one as now).
  if (!body.startDate) {
    return {
      intent: "save",
      ok: false,
      error: `${TEXT.saveFailed}Start date is required`,
      fields: { startDate: "is required" },
    };
  }
  try {
    if (id) await api.call(adminEndpoints.updateAdminMessage, { params: { id }, body });
    else await api.call(adminEndpoints.createAdminMessage, { body });
    return { intent: "save", ok: true, text: "Message saved" };
  } catch (error) {
    return {
      intent: "save",
      ok: false,
      error: `${TEXT.saveFailed}${failureText(error, "Please try again.")}`,
      fields: refusedFields(error),
    };
  }
}

function matchesSearch(message: AdminMessage, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return [message.medicationName, message.title, message.message].some((value) =>
    value.toLowerCase().includes(term),
  );
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { filters, messages, error, medications, pharmacies, pickerError } = loaderData;
  const loading = useListLoading();
  const toast = useToast();
  const filtered = hasFilters(filters);
  const shown = useMemo(
    () => (messages ?? []).filter((message) => matchesSearch(message, filters.search)),
    [messages, filters.search],
  );

  const saveFetcher = useFetcher<ActionResult>({ key: "admin-message-save" });
  const {
    toggleFetcher,
    deleteFetcher,
    deleting,
    setDeleting,
    deleteError,
    setDeleteError,
    toggleError,
    setToggleError,
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

  const total = messages?.length ?? 0;

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

      <section aria-labelledby="messages-heading" className="mt-6" aria-busy={loading}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="messages-heading"
            ref={headingRef}
            tabIndex={-1}
            className="font-semibold text-base text-slate-900 focus:outline-none"
          >
            Messages
          </h2>
          <p role="status" className="text-slate-600 text-sm">
            {messages && shown.length > 0
              ? shown.length === total
                ? `${total} ${total === 1 ? "message" : "messages"}`
                : `Showing ${shown.length} of ${total} messages`
              : ""}
          </p>
        </div>

        {error ? <Notice tone="error">{error}</Notice> : null}
        {toggleError ? (
          <div className="mb-3">
            <Notice tone="error" noticeRef={toggleErrorRef}>
              {toggleError}
            </Notice>
          </div>
        ) : null}

        {messages && shown.length === 0 ? (
          <EmptyState>{filtered ? TEXT.noMatch : TEXT.empty}</EmptyState>
        ) : null}

        {shown.length > 0 ? (
          <ul className="space-y-3">
            {shown.map((message) => (
              <MessageItem
                key={message._id}
                message={message}
                toggling={busyToggleId === message._id}
                onToggle={() => {
                  setToggleError(null);
                  void toggleFetcher.submit({ intent: "toggle", id: message._id }, { method: "post" });
                }}
                onEdit={(button) => openDialog(message, button)}
                onDelete={(button) => {
                  opener.current = button;
                  setDeleteError(undefined);
                  setDeleting(message);
                }}
              />
            ))}
          </ul>
        ) : null}
      </section>

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

const categoryStyle: Record<AdminMessage["category"], { icon: string; badge: string }> = {
  warning: { icon: "bg-amber-100 text-amber-800", badge: "bg-amber-100 text-amber-900 ring-amber-300" },
  promo: { icon: "bg-violet-100 text-violet-800", badge: "bg-violet-100 text-violet-900 ring-violet-300" },
  information: { icon: "bg-sky-100 text-sky-800", badge: "bg-sky-100 text-sky-900 ring-sky-300" },
  other: { icon: "bg-slate-100 text-slate-700", badge: "bg-slate-100 text-slate-800 ring-slate-300" },
};

function CategoryIcon({ category }: { category: AdminMessage["category"] }) {
  const paths: Record<AdminMessage["category"], ReactNode> = {
    warning: (
      <>
        <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        <path d="M12 9v4M12 17h.01" />
      </>
    ),
    promo: (
      <>
        <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
        <path d="M7.5 7.5h.01" />
      </>
    ),
    information: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 16v-4M12 8h.01" />
      </>
    ),
    other: (
      <>
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
      </>
    ),
  };
  return (
    <span
      className={`flex size-9 shrink-0 items-center justify-center rounded-full ${categoryStyle[category].icon}`}
    >
      <Icon className="size-5">{paths[category]}</Icon>
    </span>
  );
}

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={`whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset ${className}`}
    >
      {children}
    </span>
  );
}

/** One message: what it says, where and when it shows, who wrote it, and its actions. */
function MessageItem({
  message,
  toggling,
  onToggle,
  onEdit,
  onDelete,
}: {
  message: AdminMessage;
  toggling: boolean;
  onToggle: () => void;
  onEdit: (button: HTMLElement) => void;
  onDelete: (button: HTMLElement) => void;
}) {
  const titleId = `message-${message._id}`;
  // Staff text is rendered as React text children: never as HTML.
  const named = <span className="sr-only"> “{message.title}”</span>;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={`rounded-lg p-4 shadow-sm ring-1 sm:p-5 ${message.active ? "bg-white ring-slate-200" : "bg-slate-50 ring-slate-300"}`}
      >
        <div className="flex gap-3 sm:gap-4">
          <CategoryIcon category={message.category} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3
                id={titleId}
                className="break-words font-semibold text-base text-slate-900 [overflow-wrap:anywhere]"
              >
                {message.title}
              </h3>
              <Badge className={categoryStyle[message.category].badge}>
                {categoryLabels[message.category]}
              </Badge>
              {message.priority > 0 ? (
                <Badge className="bg-white text-slate-800 ring-slate-300">Priority {message.priority}</Badge>
              ) : null}
              {message.active ? null : (
                <Badge className="bg-slate-200 text-slate-800 ring-slate-400">Inactive</Badge>
              )}
            </div>
            <p className="mt-1.5 whitespace-pre-line text-slate-700 text-sm [overflow-wrap:anywhere]">
              {message.message}
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-xs lg:grid-cols-4 lg:gap-x-6">
              <Detail term="Medication">{message.medicationName}</Detail>
              <Detail term="Pharmacy">{message.pharmacyName ?? "All pharmacies"}</Detail>
              <Detail term="Starts">
                <time dateTime={message.startDate}>{formatDateTime(message.startDate)}</time>
              </Detail>
              <Detail term="Ends">
                {message.endDate ? (
                  <time dateTime={message.endDate}>{formatDateTime(message.endDate)}</time>
                ) : (
                  "No end date"
                )}
              </Detail>
            </dl>
            <p className="mt-3 text-slate-600 text-xs">
              Created by {message.createdBy ?? "Unknown"} ·{" "}
              <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
                {formatRelativeTime(message.createdAt)}
              </time>
            </p>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-2 border-slate-200 border-t pt-3 sm:justify-end">
          <button
            type="button"
            className={buttonClass.secondary}
            aria-disabled={toggling}
            onClick={() => {
              if (!toggling) onToggle();
            }}
          >
            {message.active ? "Deactivate" : "Activate"}
            {named}
          </button>
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={(event) => onEdit(event.currentTarget)}
          >
            Edit{named}
          </button>
          <button
            type="button"
            className={`${buttonClass.secondary} text-red-700`}
            onClick={(event) => onDelete(event.currentTarget)}
          >
            Delete{named}
          </button>
        </div>
      </article>
    </li>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{term}</dt>
      <dd className="mt-0.5 break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
