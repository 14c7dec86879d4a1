import { type ReactNode, useRef, useState } from "react";
import { buttonClass } from "./admin-ui.tsx";
import { ConfirmDialog } from "./dialogs/confirm-dialog.tsx";

/**
 * "Run now" for a scheduled job (issue 41): a button that asks first, in a confirmation dialog,
 * then runs the job through the caller's API call and closes. A refusal stays in the dialog; what
 * the run did is the caller's to say (a toast, a line beside the row). Used by Feeds and by the
 * Newsletters screen's price news, so every run now asks the same way.
 */
export function RunNowButton({
  label,
  accessibleName,
  title,
  message,
  run,
  disabled = false,
  className = buttonClass.primary,
}: {
  /** The button's words, e.g. "Run now". */
  label: ReactNode;
  /** Said after the label to a screen reader, e.g. " of Harbourlight Meds". */
  accessibleName?: string;
  /** The dialog's title, e.g. "Run this feed now?". */
  title: string;
  message: ReactNode;
  /** Runs the job; answers the refusal to show in the dialog, or null when it ran. */
  run: () => Promise<string | null>;
  disabled?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const opener = useRef<HTMLButtonElement>(null);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const refusal = await run();
    setBusy(false);
    if (refusal) setError(refusal);
    else setOpen(false);
  }

  return (
    <>
      <button
        ref={opener}
        type="button"
        className={className}
        disabled={disabled}
        aria-disabled={busy}
        onClick={() => {
          setError(undefined);
          setOpen(true);
        }}
      >
        {busy ? "Running…" : label}
        {accessibleName ? <span className="sr-only">{accessibleName}</span> : null}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        message={message}
        confirmLabel="Run now"
        busyLabel="Running…"
        tone="default"
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => {
          if (!busy) setOpen(false);
        }}
        returnFocusRef={opener}
      />
    </>
  );
}
