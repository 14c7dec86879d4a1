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
import { useFetcher } from "react-router";
import { adminMeta } from "../kit/admin-route.ts";
import { AdminPageError, PageHeader } from "../kit/admin-ui.tsx";
import { InboxDeleteConfirm, InboxDetailDialog } from "../kit/inbox/inbox-dialogs.tsx";
import { InboxList, type InboxListWords } from "../kit/inbox/inbox-list.tsx";
import {
  type InboxActionResult,
  type InboxCalls,
  inboxAction,
  inboxLoad,
} from "../kit/inbox/inbox-screen.ts";
import {
  Badge,
  type BadgeTone,
  Detail,
  truncate,
  useFetcherAnswer,
  useKeptList,
} from "../kit/inbox/inbox-ui.tsx";
import { useInboxDialogs } from "../kit/inbox/use-inbox-dialogs.ts";
import type { DataColumn } from "../kit/list/data-table.tsx";
import { useToast } from "../kit/toast/toast.tsx";
import type { Route } from "./+types/route";

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

const statusTone: Record<AdminContact["status"], BadgeTone> = {
  new: "blue",
  read: "slate",
  replied: "amber",
  resolved: "green",
};

type ActionResult = InboxActionResult<AdminContact["status"]>;

const WORDS: InboxListWords = {
  filterLabel: "Filter the contact messages",
  placeholder: TEXT.searchPlaceholder,
  heading: "Messages",
  noun: "messages",
  tableLabel: "Contact messages",
  caption: "Contact messages, newest first",
  pagerLabel: "Contact message pages",
  loadFailed: TEXT.loadFailed,
  empty: TEXT.empty,
};

export function meta() {
  return adminMeta("Contact Messages");
}

const calls: InboxCalls<AdminContact["status"], ContactPage> = {
  parseStatus: (value) => ContactStatus.safeParse(value).data,
  limit: CONTACT_PAGE_LIMITS.default,
  list: (api, query) => api.call(adminEndpoints.listContacts, { query }),
  setStatus: async (api, id, status) =>
    (await api.call(adminEndpoints.updateContactStatus, { params: { id }, body: { status } })).contact,
  remove: (api, id) => api.call(adminEndpoints.deleteContact, { params: { id } }),
};

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return inboxLoad(request, calls);
}

export function clientAction({ request }: Route.ClientActionArgs) {
  return inboxAction(request, calls);
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
  const result = useKeptList(loaderData, TEXT.refreshFailed);
  const toast = useToast();
  const dialogs = useInboxDialogs<AdminContact, AdminContact["status"]>({
    keys: { status: "contact-status", delete: "contact-delete" },
    rows: result?.contacts,
    parseStatus: (value) => ContactStatus.safeParse(value).data,
    text: { deleted: "Contact deleted", statusFailed: TEXT.statusFailed, deleteFailed: TEXT.deleteFailed },
  });
  const readFetcher = useFetcher<ActionResult>({ key: "contact-read" });
  const { shown } = dialogs;
  const markingRead = readFetcher.state !== "idle" && readFetcher.formData?.get("id") === shown?._id;

  useFetcherAnswer(readFetcher, (data) => {
    if (data.intent === "status" && !data.ok) toast.show(TEXT.markReadFailed, { tone: "info" });
  });

  function view(contact: AdminContact, button: HTMLElement) {
    dialogs.view(contact, button);
    // Back-office §2: opening a new message marks it read.
    if (contact.status === "new") {
      void readFetcher.submit(
        { intent: "status", id: contact._id, status: "read", quiet: "1" },
        { method: "post" },
      );
    }
  }

  const dialogStatus = shown ? (dialogs.pendingStatus ?? (markingRead ? "read" : shown.status)) : undefined;

  return (
    <>
      <PageHeader title="Contact Messages" description="Messages sent from the contact form, newest first." />

      <InboxList
        id="contacts-heading"
        words={WORDS}
        load={loaderData}
        page={result}
        rows={result?.contacts}
        statuses={CONTACT_STATUSES}
        columns={columns}
        minWidthClass="min-w-[44rem]"
        named={(contact) => <span className="sr-only"> message from {contact.name}</span>}
        dialogs={dialogs}
        onView={view}
      />

      <InboxDetailDialog
        dialogs={dialogs}
        title={shown ? `Message from ${shown.name}` : "Message"}
        status={dialogStatus}
        statuses={CONTACT_STATUSES}
        busy={dialogs.savingStatus || markingRead}
      >
        {shown ? (
          <>
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
          </>
        ) : null}
      </InboxDetailDialog>

      <InboxDeleteConfirm dialogs={dialogs} title="Delete contact" question={TEXT.deleteQuestion} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
