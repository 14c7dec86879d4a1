import { adminEndpoints, type PriceSheetApplyChoices } from "@pharmacompare/contract";
import { adminSession } from "../../lib/admin-session.ts";
import { ApiError } from "../../lib/api-client.ts";
import { failureText } from "../kit/admin-route.ts";
import { type PriceField, priceFieldErrors, priceInput, priceUpdate } from "./price-input.ts";
import type { PriceSheetResult } from "./price-sheet-panel.tsx";

/** Back-office §2 and §8's texts for this screen. */
export const PRICE_TEXT = {
  empty: "No prices found for this medication",
  deleteQuestion: "Are you sure you want to delete this price entry?",
  addFailed: "Failed to add price",
  updateFailed: "Failed to update price",
  deleteFailed: "Failed to delete price",
  dosageExample: "e.g. 30 gram, 100mg",
  sheetFailed: {
    "sheet-preview": "Failed to read the price file",
    "sheet-apply": "Failed to apply the prices; nothing was changed",
    "sheet-discard": "Failed to discard the upload",
    "sheet-export": "Failed to export prices",
  },
} as const;

export type PriceActionResult =
  | { intent: "add"; ok: true; text: string }
  | { intent: "add"; ok: false; error: string; fields: Partial<Record<PriceField, string>> }
  | { intent: "update"; ok: true; id: string; text: string }
  | { intent: "update"; ok: false; id: string; error: string; priceError?: string }
  | { intent: "delete"; ok: true; text: string }
  | { intent: "delete"; ok: false; error: string };

/** Price Management's action: add, update or delete one price, or a price sheet's step. */
export async function priceAction(request: Request): Promise<PriceActionResult | PriceSheetResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const api = adminSession().api(request);

  if (intent.startsWith("sheet-")) return priceSheetAction(api, intent, form);

  if (intent === "update") {
    try {
      await api.call(adminEndpoints.updatePrice, { params: { id }, body: priceUpdate(form) });
      return { intent, ok: true, id, text: "Price updated" };
    } catch (error) {
      // The introductory fields' refusals show beside the price too (decision 057).
      const fields = error instanceof ApiError ? error.fields : {};
      const priceError =
        fields.price ??
        (fields.introductoryPrice ? `Introductory price ${fields.introductoryPrice}` : undefined) ??
        (fields.introductoryTerms ? `Introductory terms ${fields.introductoryTerms}` : undefined);
      return {
        intent,
        ok: false,
        id,
        error: failureText(error, PRICE_TEXT.updateFailed),
        ...(priceError ? { priceError } : {}),
      };
    }
  }

  if (intent === "delete") {
    try {
      await api.call(adminEndpoints.deletePrice, { params: { id } });
      return { intent, ok: true, text: "Price deleted" };
    } catch {
      return { intent, ok: false, error: PRICE_TEXT.deleteFailed };
    }
  }

  try {
    await api.call(adminEndpoints.createPrice, {
      body: priceInput(form, String(form.get("medicationId") ?? "")),
    });
    return { intent: "add", ok: true, text: "Price added" };
  } catch (error) {
    return {
      intent: "add",
      ok: false,
      error: failureText(error, PRICE_TEXT.addFailed),
      fields: error instanceof ApiError ? priceFieldErrors(error.fields) : {},
    };
  }
}

/** Bulk prices (the PriceSheetPanel): preview, apply, discard and export through the API. */
async function priceSheetAction(
  api: ReturnType<ReturnType<typeof adminSession>["api"]>,
  intent: string,
  form: FormData,
): Promise<PriceSheetResult> {
  // A large file takes a while to read and to apply: wait longer than for a single price.
  const slow = { timeoutMs: 120_000 };
  try {
    if (intent === "sheet-preview") {
      const body = {
        fileName: String(form.get("fileName") ?? ""),
        content: String(form.get("content") ?? ""),
      };
      return { intent, ok: true, preview: await api.call(adminEndpoints.previewPriceSheet, { body }, slow) };
    }
    if (intent === "sheet-apply") {
      // The panel's choices of what to create; anything unreadable is sent as "create nothing".
      let body: PriceSheetApplyChoices = {};
      try {
        body = JSON.parse(String(form.get("choices") ?? "{}")) as PriceSheetApplyChoices;
      } catch {}
      return { intent, ok: true, applied: await api.call(adminEndpoints.applyPriceSheet, { body }, slow) };
    }
    if (intent === "sheet-discard") {
      await api.call(adminEndpoints.discardPriceSheet);
      return { intent, ok: true };
    }
    const medicationId = String(form.get("medicationId") ?? "");
    const file = await api.call(
      adminEndpoints.exportPriceSheet,
      { query: medicationId ? { medicationId } : {} },
      slow,
    );
    return { intent: "sheet-export", ok: true, ...file };
  } catch (error) {
    const known = ["sheet-preview", "sheet-apply", "sheet-discard"] as const;
    const which = known.find((entry) => entry === intent) ?? "sheet-export";
    return {
      intent: which,
      ok: false,
      error: failureText(error, PRICE_TEXT.sheetFailed[which]),
      fields: error instanceof ApiError ? error.fields : {},
    };
  }
}
