import type { ReactNode } from "react";
import { buttonClass, Notice } from "../admin-ui.tsx";
import { ConfirmDialog } from "../dialogs/confirm-dialog.tsx";
import type { useRowActions } from "./row-actions.ts";

type RowActions<Row> = ReturnType<typeof useRowActions<Row>>;

/**
 * A row's Delete button (the row's name read after it): opens the list's delete confirmation
 * with focus to come back here.
 */
export function DeleteRowButton<Row>({
  rows,
  row,
  named,
  className = "",
}: {
  rows: RowActions<Row>;
  row: Row;
  named: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`${buttonClass.secondary} text-red-700 ${className}`}
      onClick={(event) => {
        rows.opener.current = event.currentTarget;
        rows.setDeleteError(undefined);
        rows.setDeleting(row);
      }}
    >
      Delete{named}
    </button>
  );
}

/**
 * The list's delete confirmation (the specification's question), busy while the delete runs and
 * keeping its error open; `fields` is what the action is sent for the row.
 */
export function DeleteRowDialog<Row>({
  rows,
  title,
  message,
  fields,
}: {
  rows: RowActions<Row>;
  title: string;
  message: (row: Row) => ReactNode;
  fields: (row: Row) => Record<string, string>;
}) {
  const { deleting } = rows;
  return (
    <ConfirmDialog
      open={deleting !== null}
      title={title}
      message={deleting ? message(deleting) : ""}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={rows.deleteFetcher.state !== "idle"}
      error={rows.deleteError}
      onConfirm={() => {
        if (deleting)
          void rows.deleteFetcher.submit({ intent: "delete", ...fields(deleting) }, { method: "post" });
      }}
      onCancel={() => rows.setDeleting(null)}
      returnFocusRef={rows.opener}
    />
  );
}

/** A failed switch, said above the list; it takes focus so the change is not missed. */
export function ToggleErrorNotice<Row>({ rows }: { rows: RowActions<Row> }) {
  return rows.toggleError ? (
    <div className="mt-4">
      <Notice tone="error" noticeRef={rows.toggleErrorRef}>
        {rows.toggleError}
      </Notice>
    </div>
  ) : null;
}
