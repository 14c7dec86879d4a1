import {
  type AdminContact,
  adminEndpoints,
  CONTACT_PAGE_LIMITS,
  CONTACT_STATUSES,
  type ContactPage,
  ContactStatus,
  contactSubjectLabels,
  formatDateTime,
} from "@pharmacompare/contract";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { adminMeta, failureText } from "../../components/admin/admin-route.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../../components/admin/admin-ui.tsx";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { type DataColumn, DataTable } from "../../components/admin/data-table.tsx";
import { EmptyState } from "../../components/admin/empty-state.tsx";
import { FilterBar, FilterField, FilterSelect } from "../../components/admin/filter-bar.tsx";
import {
  Badge,
  type BadgeTone,
  Detail,
  DetailGrid,
  StatusPicker,
  truncate,
  useFetcherAnswer,
  useKeptList,
} from "../../components/admin/inbox-ui.tsx";
import { hasFilters, listHref, showingText, useListLoading } from "../../components/admin/list-navigation.ts";
import { type ListPageLoad, loadListPage } from "../../components/admin/list-page-load.ts";
import { Pager } from "../../components/admin/pager.tsx";
import { useToast } from "../../components/admin/toast.tsx";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import type { Route } from "./+types/contacts";

/**
 * Contact Messages (back-office §2, §4, §7, §9): the contact form's inbox, 10 a page, searched on
 * the server. Everything a visitor wrote is rendered as React text, never as markup.
 *
 * Back-office §8 makes this screen's load, delete and status failures silent (a console log, the
 * list as it was). We keep the list as it was but say so in a short notice: staff who think a
 * message is resolved when it is not would otherwise never know.
 */
const TEXT = {
  searchPlaceholder: "Search by name, email, or message...",
  empty: "No contacts found",
  deleteQuestion: "Are you sure you want to delete this contact?",
  loadFailed: "The contact messages could not be loaded.",
  refreshFailed: "The list could not be refreshed:",
  statusFailed: "The status could not be changed. Please try again.",
  markReadFailed: "The message could not be marked as read.",
  deleteFailed: "The contact could not be deleted. Please try again.",
} as const;

const FILTER_KEYS = ["search", "status"] as const;

const statusOptions = CONTACT_STATUSES.map((value) => ({ value, label: value }));

const statusTone: Record<AdminContact["status"], BadgeTone> = {
  new: "blue",
  read: "slate",
  replied: "amber",
  resolved: "green",
};

type ContactsLoad = ListPageLoad<(typeof FILTER_KEYS)[number], ContactPage>;

type ActionResult =
  | { intent: "status"; ok: true; id: string; status: AdminContact["status"]; quiet: boolean }
  | { intent: "status"; ok: false; quiet: boolean }
  | { intent: "delete"; ok: true }
  | { intent: "delete"; ok: false };

export function meta() {
  return adminMeta("Contact Messages");
}

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<ContactsLoad> {
  return loadListPage({
    request,
    filterKeys: FILTER_KEYS,
    offered: { status: (value) => ContactStatus.safeParse(value).success },
    read: (filters, page) =>
      adminSession()
        .api(request)
        .call(adminEndpoints.listContacts, {
          query: {
            search: filters.search || undefined,
            status: ContactStatus.safeParse(filters.status).data,
            page,
            limit: CONTACT_PAGE_LIMITS.default,
          },
        }),
    failure: "Please try again.",
    logAs: "Failed to load contacts",
  });
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const api = adminSession().api(request);

  if (intent === "delete") {
    try {
      await api.call(adminEndpoints.deleteContact, { params: { id } });
      return { intent, ok: true };
    } catch (error) {
      failureText(error, ""); // passes a sign-out redirect on
      return { intent, ok: false };
    }
  }

  const quiet = form.get("quiet") === "1";
  const status = ContactStatus.safeParse(form.get("status"));
  if (!status.success) return { intent: "status", ok: false, quiet };
  try {
    const { contact } = await api.call(adminEndpoints.updateContactStatus, {
      params: { id },
      body: { status: status.data },
    });
    return { intent: "status", ok: true, id: contact._id, status: contact.status, quiet };
  } catch (error) {
    failureText(error, "");
    return { intent: "status", ok: false, quiet };
  }
}

function StatusBadge({ status }: { status: AdminContact["status"] }) {
  return <Badge tone={statusTone[status]}>{status}</Badge>;
}

const columns: readonly DataColumn<AdminContact>[] = [
  {
    header: "Contact",
    rowHeader: true,
    className: "max-w-[14rem]",
    cell: (contact) => (
      <>
        <span className="block font-medium text-slate-900 [overflow-wrap:anywhere]">{contact.name}</span>
        <span className="block text-slate-600 text-xs [overflow-wrap:anywhere]">{contact.email}</span>
      </>
    ),
  },
  {
    header: "Message",
    className: "max-w-[22rem]",
    cell: (contact) => (
      <>
        <span className="block font-medium text-slate-900">{contactSubjectLabels[contact.subject]}</span>
        <span className="block text-slate-600 text-xs [overflow-wrap:anywhere]">
          {truncate(contact.message, 90)}
        </span>
      </>
    ),
  },
  {
    header: "Status",
    cell: (contact) => <StatusBadge status={contact.status} />,
  },
  {
    header: "Received",
    className: "whitespace-nowrap text-slate-700",
    cell: (contact) => <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time>,
  },
];

export default function ContactMessages({ loaderData }: Route.ComponentProps) {
  const { filters, fields } = loaderData;
  const result = useKeptList(loaderData, TEXT.refreshFailed);
  const loading = useListLoading();
  const toast = useToast();
  const filtered = hasFilters(filters);

  const statusFetcher = useFetcher<ActionResult>({ key: "contact-status" });
  const readFetcher = useFetcher<ActionResult>({ key: "contact-read" });
  const deleteFetcher = useFetcher<ActionResult>({ key: "contact-delete" });

  // The detail dialog: the contact as it was when opened; its latest copy comes from the list.
  const [viewing, setViewing] = useState<AdminContact | null>(null);
  const [deleting, setDeleting] = useState<AdminContact | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const deleteOpener = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const shown = viewing ? (result?.contacts.find((c) => c._id === viewing._id) ?? viewing) : null;
  const markingRead = readFetcher.state !== "idle" && readFetcher.formData?.get("id") === shown?._id;
  const savingStatus = statusFetcher.state !== "idle";
  const pendingStatus = savingStatus ? ContactStatus.safeParse(statusFetcher.formData?.get("status")) : null;

  useFetcherAnswer(statusFetcher, (data) => {
    if (data.intent !== "status") return;
    // Back-office §4: after a change the dialog closes and the list has reloaded.
    setViewing(null);
    if (data.ok) toast.show(`Status set to ${data.status}`);
    else toast.show(TEXT.statusFailed, { tone: "info" });
  });
  useFetcherAnswer(readFetcher, (data) => {
    if (data.intent === "status" && !data.ok) toast.show(TEXT.markReadFailed, { tone: "info" });
  });
  useFetcherAnswer(deleteFetcher, (data) => {
    if (data.intent !== "delete") return;
    // The deleted row's buttons are gone: focus goes to the list's heading.
    opener.current = headingRef.current;
    deleteOpener.current = headingRef.current;
    setDeleting(null);
    setViewing(null);
    if (data.ok) toast.show("Contact deleted");
    else toast.show(TEXT.deleteFailed, { tone: "info" });
  });

  function view(contact: AdminContact, button: HTMLElement) {
    opener.current = button;
    setViewing(contact);
    // Back-office §2: opening a new message marks it read.
    if (contact.status === "new") {
      void readFetcher.submit(
        { intent: "status", id: contact._id, status: "read", quiet: "1" },
        { method: "post" },
      );
    }
  }

  function askDelete(contact: AdminContact, button: HTMLElement) {
    deleteOpener.current = button;
    setDeleting(contact);
  }

  const named = (contact: AdminContact) => <span className="sr-only"> message from {contact.name}</span>;
  const dialogStatus: AdminContact["status"] | undefined = shown
    ? pendingStatus?.success
      ? pendingStatus.data
      : markingRead
        ? "read"
        : shown.status
    : undefined;

  return (
    <>
      <PageHeader title="Contact Messages" description="Messages sent from the contact form, newest first." />

      <FilterBar label="Filter the contact messages" active={filtered} columnsClass="sm:grid-cols-[2fr_1fr]">
        <FilterField
          label="Search"
          name="search"
          type="search"
          defaultValue={filters.search}
          placeholder={TEXT.searchPlaceholder}
          spellCheck={false}
          error={fields.search ? `Search ${fields.search}` : undefined}
        />
        <FilterSelect label="Status" name="status" defaultValue={filters.status} options={statusOptions} />
      </FilterBar>

      <section aria-labelledby="contacts-heading" className="mt-6" aria-busy={loading}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="contacts-heading"
            ref={headingRef}
            tabIndex={-1}
            className="font-semibold text-base text-slate-900 focus:outline-none"
          >
            Messages
          </h2>
          <p role="status" className="text-slate-600 text-sm">
            {result ? showingText(result, result.contacts.length, "messages") : ""}
          </p>
        </div>

        {!result && loaderData.error ? (
          <Notice tone="error">
            {TEXT.loadFailed} {fields.search ? "" : loaderData.error}
          </Notice>
        ) : null}

        {result && result.contacts.length === 0 ? <EmptyState>{TEXT.empty}</EmptyState> : null}

        {result && result.contacts.length > 0 ? (
          <DataTable
            label="Contact messages"
            caption="Contact messages, newest first"
            columns={columns}
            rows={result.contacts}
            rowKey={(contact) => contact._id}
            minWidthClass="min-w-[44rem]"
            rowActions={(contact) => (
              <>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={(event) => view(contact, event.currentTarget)}
                >
                  View{named(contact)}
                </button>
                <button
                  type="button"
                  className={`${buttonClass.secondary} text-red-700`}
                  onClick={(event) => askDelete(contact, event.currentTarget)}
                >
                  Delete{named(contact)}
                </button>
              </>
            )}
          />
        ) : null}

        {result ? (
          <Pager
            label="Contact message pages"
            page={result.page}
            totalPages={result.totalPages}
            hrefFor={(page) => listHref(filters, page)}
          />
        ) : null}
      </section>

      <ModalDialog
        open={shown !== null}
        title={shown ? `Message from ${shown.name}` : "Message"}
        onClose={() => {
          setViewing(null);
          // The row may have left the list (a status filter): focus goes to the heading then.
          if (!opener.current?.isConnected) headingRef.current?.focus();
        }}
        returnFocusRef={opener}
      >
        {shown && dialogStatus ? (
          <div className="space-y-5">
            <DetailGrid>
              <Detail term="Name">{shown.name}</Detail>
              <Detail term="Email">
                <a
                  href={`mailto:${shown.email}`}
                  className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  {shown.email}
                </a>
              </Detail>
              <Detail term="Subject">{contactSubjectLabels[shown.subject]}</Detail>
              <Detail term="Received">
                <time dateTime={shown.createdAt}>{formatDateTime(shown.createdAt)}</time>
              </Detail>
              <Detail term="Message" wide>
                <span className="block whitespace-pre-wrap">{shown.message}</span>
              </Detail>
              {shown.notes ? (
                <Detail term="Notes" wide>
                  <span className="block whitespace-pre-wrap">{shown.notes}</span>
                </Detail>
              ) : null}
            </DetailGrid>

            <StatusPicker
              value={dialogStatus}
              statuses={CONTACT_STATUSES}
              busy={savingStatus || markingRead}
              onChange={(status) =>
                void statusFetcher.submit({ intent: "status", id: shown._id, status }, { method: "post" })
              }
            />

            <div className="flex flex-wrap justify-end gap-2 border-slate-200 border-t pt-4">
              <button
                type="button"
                className={`${buttonClass.secondary} text-red-700`}
                onClick={(event) => askDelete(shown, event.currentTarget)}
              >
                Delete
              </button>
              <button type="button" className={buttonClass.primary} onClick={() => setViewing(null)}>
                Close
              </button>
            </div>
          </div>
        ) : null}
      </ModalDialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete contact"
        message={TEXT.deleteQuestion}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteFetcher.state !== "idle"}
        onConfirm={() => {
          if (deleting) void deleteFetcher.submit({ intent: "delete", id: deleting._id }, { method: "post" });
        }}
        onCancel={() => setDeleting(null)}
        returnFocusRef={deleteOpener}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
