import type { ReactNode } from "react";
import { ModalDialog } from "../../../components/ui/modal-dialog.tsx";
import { buttonClass } from "../admin-ui.tsx";
import { ConfirmDialog } from "../dialogs/confirm-dialog.tsx";
import { DetailGrid, StatusPicker } from "./inbox-ui.tsx";
import type { InboxDialogs } from "./use-inbox-dialogs.ts";

/**
 * An inbox row's detail dialog: its facts (`children`, Detail elements), the status picker that
 * saves at once, and Delete and Close.
 */
export function InboxDetailDialog<Row extends { _id: string }, S extends string>({
  dialogs,
  title,
  description,
  status,
  statuses,
  busy,
  children,
}: {
  dialogs: InboxDialogs<Row, S>;
  title: string;
  description?: string;
  /** The status the picker shows (the one on its way while a change is saved). */
  status: S | undefined;
  statuses: readonly S[];
  busy: boolean;
  children: ReactNode;
}) {
  const { shown } = dialogs;
  return (
    <ModalDialog
      open={shown !== null}
      title={title}
      description={description}
      onClose={dialogs.closeView}
      returnFocusRef={dialogs.opener}
    >
      {shown && status ? (
        <div className="space-y-5">
          <DetailGrid>{children}</DetailGrid>
          <StatusPicker
            value={status}
            statuses={statuses}
            busy={busy}
            onChange={(next) => dialogs.setStatus(shown, next)}
          />
          <div className="flex flex-wrap justify-end gap-2 border-slate-200 border-t pt-4">
            <button
              type="button"
              className={`${buttonClass.secondary} text-red-700`}
              onClick={(event) => dialogs.askDelete(shown, event.currentTarget)}
            >
              Delete
            </button>
            <button type="button" className={buttonClass.primary} onClick={dialogs.closeView}>
              Close
            </button>
          </div>
        </div>
      ) : null}
    </ModalDialog>
  );
}

/** The delete confirmation with the specification's question. */
export function InboxDeleteConfirm<Row extends { _id: string }, S extends string>({
  dialogs,
  title,
  question,
}: {
  dialogs: InboxDialogs<Row, S>;
  title: string;
  question: string;
}) {
  return (
    <ConfirmDialog
      open={dialogs.deleting !== null}
      title={title}
      message={question}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={dialogs.deleteBusy}
      onConfirm={dialogs.confirmDelete}
      onCancel={dialogs.cancelDelete}
      returnFocusRef={dialogs.deleteOpener}
    />
  );
}
