import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useFetcherAnswer } from "../form/fetcher-answer.ts";
import { useToast } from "../toast/toast.tsx";

/** A list action's answer: a toggle's or a delete's, with the toast's words or the error to show. */
export type RowActionResult =
  | { intent: "toggle" | "delete"; ok: true; text: string }
  | { intent: "toggle" | "delete"; ok: false; error: string };

/**
 * A list's Delete with confirmation: the row being deleted, its fetcher, the dialog's error, and
 * where focus goes afterwards (the list's heading, since the row's button is gone). A success
 * closes the dialog with a toast; a failure keeps it open with its error.
 */
export function useDeleteAction<Row>(key: string) {
  const toast = useToast();
  const deleteFetcher = useFetcher<RowActionResult>({ key });
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [deleteError, setDeleteError] = useState<string | undefined>(undefined);
  const opener = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useFetcherAnswer(deleteFetcher, (data) => {
    if (data.intent !== "delete") return;
    if (data.ok) {
      opener.current = headingRef.current;
      setDeleting(null);
      setDeleteError(undefined);
      toast.show(data.text);
    } else {
      setDeleteError(data.error);
    }
  });
  return { deleteFetcher, deleting, setDeleting, deleteError, setDeleteError, opener, headingRef };
}

/**
 * The switch and Delete of a back-office list (Medications, Pharmacies, Blog, Admin Messages): one
 * fetcher each, so a toggle's answer never closes the delete dialog; a success says so in a toast; a
 * failed toggle shows a notice that takes focus; a failed delete keeps the dialog open with its error.
 */
export function useRowActions<Row>(keys: { toggle: string; delete: string }) {
  const toast = useToast();
  const toggleFetcher = useFetcher<RowActionResult>({ key: keys.toggle });
  const deletion = useDeleteAction<Row>(keys.delete);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const toggleErrorRef = useRef<HTMLParagraphElement>(null);

  useFetcherAnswer(toggleFetcher, (data) => {
    if (data.intent !== "toggle") return;
    if (data.ok) {
      setToggleError(null);
      toast.show(data.text);
    } else {
      setToggleError(data.error);
    }
  });
  useEffect(() => {
    if (toggleError) toggleErrorRef.current?.focus();
  }, [toggleError]);

  const busyToggleId = toggleFetcher.state !== "idle" ? String(toggleFetcher.formData?.get("id") ?? "") : "";
  /** Sends a row's switch (its `id` and what the action needs), clearing the last failure. */
  function submitToggle(fields: Record<string, string>) {
    setToggleError(null);
    void toggleFetcher.submit({ intent: "toggle", ...fields }, { method: "post" });
  }
  return {
    ...deletion,
    submitToggle,
    toggleFetcher,
    toggleError,
    setToggleError,
    toggleErrorRef,
    busyToggleId,
  };
}
