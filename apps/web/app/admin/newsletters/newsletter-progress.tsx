import { formatCount, formatDateTime, type Newsletter } from "@pharmacompare/contract";
import { useRef, useState } from "react";
import { Form, useNavigation, useRevalidator, useSubmit } from "react-router";
import { buttonClass, Panel } from "../kit/admin-ui.tsx";
import { ConfirmDialog } from "../kit/dialogs/confirm-dialog.tsx";
import { NewsletterStatusBadge } from "./newsletter-columns.tsx";

/**
 * A newsletter once it has left the writer (decision 041): its status, when it went, where its
 * emails are (queued, sent, failed, bounced), and Cancel while any are still to go.
 */
export function NewsletterProgress({ newsletter }: { newsletter: Newsletter }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const revalidator = useRevalidator();
  const submit = useSubmit();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const { progress } = newsletter;
  const cancellable =
    newsletter.status === "scheduled" ||
    newsletter.status === "sending" ||
    (newsletter.status === "sent" && progress.queued > 0);
  const figures = [
    ["Queued", progress.queued],
    ["Sent", progress.sent],
    ["Failed", progress.failed],
    ["Bounced", progress.bounced],
  ] as const;

  return (
    <Panel
      title="Progress"
      titleId="newsletter-progress"
      action={
        <button
          type="button"
          className={buttonClass.secondary}
          aria-disabled={revalidator.state !== "idle"}
          onClick={() => void revalidator.revalidate()}
        >
          Refresh
        </button>
      }
    >
      <div className="space-y-4 p-4 sm:p-5">
        <p className="flex flex-wrap items-center gap-3 text-slate-700 text-sm">
          <NewsletterStatusBadge status={newsletter.status} />
          {newsletter.sentAt
            ? `Queued to everyone ${formatDateTime(newsletter.sentAt)}`
            : newsletter.scheduledFor
              ? `Goes ${formatDateTime(newsletter.scheduledFor)}`
              : null}
          {newsletter.cancelledAt ? ` Cancelled ${formatDateTime(newsletter.cancelledAt)}` : null}
        </p>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
              <dt className="text-slate-600 text-xs">{label}</dt>
              <dd className="font-semibold text-lg text-slate-900">{formatCount(value)}</dd>
            </div>
          ))}
        </dl>
        {cancellable ? (
          <Form method="post">
            <button
              ref={cancelRef}
              type="button"
              className={buttonClass.danger}
              aria-disabled={busy}
              onClick={() => setConfirming(true)}
            >
              Cancel sending
            </button>
          </Form>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Cancel this newsletter"
        message="Emails not yet sent will not be sent. Those already sent cannot be called back."
        confirmLabel="Cancel sending"
        cancelLabel="Keep sending"
        busyLabel="Cancelling..."
        busy={busy}
        onConfirm={() => {
          setConfirming(false);
          void submit({ intent: "cancel" }, { method: "post" });
        }}
        onCancel={() => setConfirming(false)}
        returnFocusRef={cancelRef}
      />
    </Panel>
  );
}
