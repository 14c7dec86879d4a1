import { type AdminMessage, formatDateTime, formatRelativeTime } from "@pharmacompare/contract";
import type { ReactNode } from "react";
import { Icon } from "../../components/ui/icons.tsx";
import { buttonClass } from "../kit/admin-ui.tsx";
import { OpenDeleteButtons } from "../kit/list/open-delete-buttons.tsx";
import { categoryLabels } from "./message-dialog.tsx";

/**
 * One item of Admin Messages (back-office §2): category icon, title, category and priority badges,
 * Inactive when off, the message, where and when it shows, who wrote it and when, and its actions.
 */

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
export function MessageItem({
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
          <OpenDeleteButtons openLabel="Edit" named={named} onOpen={onEdit} onDelete={onDelete} />
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
