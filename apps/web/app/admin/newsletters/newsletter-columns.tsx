import { formatCount, formatDateTime, type Newsletter, type NewsletterStatus } from "@pharmacompare/contract";
import type { DataColumn } from "../kit/list/data-table.tsx";

/** Each status as staff read it (decision 041). */
export const NEWSLETTER_STATUS_LABELS: Record<NewsletterStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
  failed: "Failed",
};

const STATUS_CLASSES: Record<NewsletterStatus, string> = {
  draft: "bg-slate-100 text-slate-800 ring-slate-300",
  scheduled: "bg-amber-50 text-amber-900 ring-amber-300",
  sending: "bg-sky-50 text-sky-900 ring-sky-300",
  sent: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  cancelled: "bg-red-50 text-red-900 ring-red-300",
  failed: "bg-red-100 text-red-950 ring-red-400",
};

export function NewsletterStatusBadge({ status }: { status: NewsletterStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset ${STATUS_CLASSES[status]}`}
    >
      {NEWSLETTER_STATUS_LABELS[status]}
    </span>
  );
}

/** "120 sent, 30 queued, 1 failed, 2 bounced": where its emails are. */
function progressText(newsletter: Pick<Newsletter, "progress">): string {
  const { queued, sent, failed, bounced } = newsletter.progress;
  return `${formatCount(sent)} sent, ${formatCount(queued)} queued, ${formatCount(failed)} failed, ${formatCount(bounced)} bounced`;
}

/** When it went, goes, or was written. */
function whenText(newsletter: Newsletter): string {
  if (newsletter.status === "draft") return `Written ${formatDateTime(newsletter.createdAt)}`;
  if (newsletter.status === "cancelled" && newsletter.cancelledAt)
    return `Cancelled ${formatDateTime(newsletter.cancelledAt)}`;
  // Queued to everyone, its emails still going out: "Sending" until each is sent or failed.
  if (newsletter.sentAt && newsletter.status === "sending")
    return `Queued ${formatDateTime(newsletter.sentAt)}`;
  if (newsletter.sentAt) return `Sent ${formatDateTime(newsletter.sentAt)}`;
  return newsletter.scheduledFor ? `Goes ${formatDateTime(newsletter.scheduledFor)}` : "";
}

/** The Newsletters list's columns: subject, status, when, progress. */
export function newsletterColumns(): readonly DataColumn<Newsletter>[] {
  return [
    {
      header: "Subject",
      rowHeader: true,
      className: "min-w-[14rem] font-medium text-slate-900 [overflow-wrap:anywhere]",
      cell: (newsletter) => newsletter.subject,
    },
    { header: "Status", cell: (newsletter) => <NewsletterStatusBadge status={newsletter.status} /> },
    { header: "When", className: "whitespace-nowrap text-slate-700", cell: whenText },
    {
      header: "Progress",
      className: "text-slate-700",
      cell: (newsletter) => (newsletter.status === "draft" ? "Not sent" : progressText(newsletter)),
    },
  ];
}
