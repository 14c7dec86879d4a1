import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useFetcherAnswer } from "../form/fetcher-answer.ts";
import { useToast } from "../toast/toast.tsx";
import type { InboxActionResult } from "./inbox-screen.ts";

/**
 * The detail and delete dialogs of an inbox screen (Contact Messages, Price Alerts): which row is
 * open, its latest copy from the list, the status change (back-office §4: saved at once, then the
 * dialog closes and the list reloads), the delete with its confirmation and toast, and where focus
 * goes afterwards (the list's heading when the row's own button is gone).
 */
export function useInboxDialogs<Row extends { _id: string }, S extends string>(options: {
  /** Fetcher keys: distinct per screen, so one answer never closes another's dialog. */
  keys: { status: string; delete: string };
  /** The rows now shown: the open dialog follows its row's latest copy. */
  rows: readonly Row[] | undefined;
  parseStatus: (value: unknown) => S | undefined;
  text: { deleted: string; statusFailed: string; deleteFailed: string };
}) {
  const toast = useToast();
  const statusFetcher = useFetcher<InboxActionResult<S>>({ key: options.keys.status });
  const deleteFetcher = useFetcher<InboxActionResult<S>>({ key: options.keys.delete });
  const [viewing, setViewing] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const deleteOpener = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const shown = viewing ? (options.rows?.find((row) => row._id === viewing._id) ?? viewing) : null;
  const savingStatus = statusFetcher.state !== "idle";
  const pendingStatus = savingStatus ? options.parseStatus(statusFetcher.formData?.get("status")) : undefined;

  useFetcherAnswer(statusFetcher, (data) => {
    if (data.intent !== "status") return;
    setViewing(null);
    if (data.ok) toast.show(`Status set to ${data.status}`);
    else toast.show(options.text.statusFailed, { tone: "info" });
  });
  useFetcherAnswer(deleteFetcher, (data) => {
    if (data.intent !== "delete") return;
    opener.current = headingRef.current;
    deleteOpener.current = headingRef.current;
    setDeleting(null);
    setViewing(null);
    if (data.ok) toast.show(options.text.deleted);
    else toast.show(options.text.deleteFailed, { tone: "info" });
  });

  return {
    shown,
    deleting,
    savingStatus,
    pendingStatus,
    opener,
    deleteOpener,
    headingRef,
    deleteBusy: deleteFetcher.state !== "idle",
    view(row: Row, button: HTMLElement) {
      opener.current = button;
      setViewing(row);
    },
    closeView() {
      setViewing(null);
      // The row may have left the list (a status filter): focus goes to the heading then.
      if (!opener.current?.isConnected) headingRef.current?.focus();
    },
    setStatus(row: Row, status: S) {
      void statusFetcher.submit({ intent: "status", id: row._id, status }, { method: "post" });
    },
    askDelete(row: Row, button: HTMLElement) {
      deleteOpener.current = button;
      setDeleting(row);
    },
    cancelDelete() {
      setDeleting(null);
    },
    confirmDelete() {
      if (deleting) void deleteFetcher.submit({ intent: "delete", id: deleting._id }, { method: "post" });
    },
  };
}

export type InboxDialogs<Row extends { _id: string }, S extends string> = ReturnType<
  typeof useInboxDialogs<Row, S>
>;
