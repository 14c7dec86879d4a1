import { type AdminPrice, formatAmount } from "@pharmacompare/contract";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useFetcherAnswer } from "../kit/form/catalogue-controls.tsx";
import { useToast } from "../kit/toast/toast.tsx";
import type { PriceActionResult } from "./price-actions.ts";
import { focusShown, type PriceEdit } from "./price-edit.ts";

/**
 * Price Management's inline edit (back-office §2: "Edit changes the price inline with Save and
 * Cancel"): one row at a time, focus on its price field while open and back on its Edit button
 * after; a refusal stays in the row with the API's sentence.
 */
export function usePriceEditing() {
  const toast = useToast();
  const fetcher = useFetcher<PriceActionResult>({ key: "price-update" });
  const [editing, setEditing] = useState<PriceEdit | null>(null);
  const [editError, setEditError] = useState<{ error: string; priceError?: string } | null>(null);
  const saving = fetcher.state !== "idle";

  useFetcherAnswer(fetcher, (data) => {
    if (data.intent !== "update") return;
    if (data.ok) {
      setEditing(null);
      setEditError(null);
      toast.show(data.text);
      requestAnimationFrame(() => focusShown(`[data-edit-price="${data.id}"]`));
    } else {
      setEditError({ error: data.error, ...(data.priceError ? { priceError: data.priceError } : {}) });
      focusShown(`[data-price-input="${data.id}"]`);
    }
  });

  const editingId = editing?.id;
  useEffect(() => {
    if (editingId) focusShown(`[data-price-input="${editingId}"]`);
  }, [editingId]);

  return {
    editing,
    editError,
    saving,
    setEditing,
    startEdit(price: AdminPrice) {
      setEditError(null);
      setEditing({
        id: price._id,
        price: formatAmount(price.price),
        inStock: price.inStock,
        introductoryPrice: price.introductoryPrice == null ? "" : formatAmount(price.introductoryPrice),
        introductoryTerms: price.introductoryTerms ?? "",
      });
    },
    cancelEdit() {
      const id = editing?.id;
      setEditing(null);
      setEditError(null);
      if (id) requestAnimationFrame(() => focusShown(`[data-edit-price="${id}"]`));
    },
    saveEdit() {
      if (!editing || saving) return;
      const body: Record<string, string> = {
        intent: "update",
        id: editing.id,
        price: editing.price,
        introductoryPrice: editing.introductoryPrice,
        introductoryTerms: editing.introductoryTerms,
      };
      if (editing.inStock) body.inStock = "on";
      void fetcher.submit(body, { method: "post" });
    },
    /** Another medication: whatever was open belongs to the last one. */
    reset() {
      setEditing(null);
      setEditError(null);
    },
  };
}

export type PriceEditing = ReturnType<typeof usePriceEditing>;
