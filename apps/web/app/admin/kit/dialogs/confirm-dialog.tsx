import type { ReactNode, RefObject } from "react";
import { ModalDialog } from "../../../components/ui/modal-dialog.tsx";
import { buttonClass, Notice } from "../admin-ui.tsx";

/**
 * "Are you sure…?" before an admin action that cannot be undone (the spec's delete confirmations).
 * An alert dialog on the shared modal: labelled by its title, described by its message, focus
 * trapped inside and starting on Cancel (the safe choice), Escape or Close cancels, and focus goes
 * back to the control that opened it. Controlled: the screen says when it is open, busy or failed.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busyLabel,
  cancelLabel = "Cancel",
  tone = "danger",
  busy = false,
  error,
  onConfirm,
  onCancel,
  returnFocusRef,
}: {
  open: boolean;
  /** The dialog's name, e.g. "Delete contact". */
  title: string;
  /** The question, e.g. "Are you sure you want to delete this contact?". */
  message: ReactNode;
  /** The action's button, e.g. "Delete". */
  confirmLabel: string;
  /** The action's button while it runs, e.g. "Deleting...". */
  busyLabel?: string;
  cancelLabel?: string;
  /** "danger" (red) for removals, "default" otherwise. */
  tone?: "danger" | "default";
  /** The action is running: its button is marked unavailable and further presses are ignored. */
  busy?: boolean;
  /** Why the action failed, shown in the dialog (which stays open). */
  error?: string;
  onConfirm: () => void;
  /** Cancel, Close, Escape or a click outside; called once per closing. */
  onCancel: () => void;
  /** The control that opened the dialog, to take focus back. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <ModalDialog
      role="alertdialog"
      open={open}
      // The dialog also reports closing when the screen closes it; only a close while open is a cancel.
      onClose={() => {
        if (open) onCancel();
      }}
      title={title}
      description={message}
      returnFocusRef={returnFocusRef}
    >
      {error ? (
        <div className="mb-4">
          <Notice tone="error">{error}</Notice>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={tone === "danger" ? buttonClass.danger : buttonClass.primary}
          aria-disabled={busy}
          onClick={() => {
            if (!busy) onConfirm();
          }}
        >
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
