import { adminEndpoints, type SupplyNoticeInput } from "@pharmacompare/contract";
import { type ApiClient, ApiError } from "../../lib/api-client.ts";
import { failureText } from "../kit/admin-route.ts";
import { NOTICE_FIELDS, type NoticeField, type SaveResult } from "./notice-dialog.tsx";

const SAVE_FAILED = "Error saving supply notice: ";

/**
 * A datetime-local value (the staff member's UK time, in this browser) as the API's ISO instant;
 * "" is none; a value the browser cannot read goes as typed, for the API to refuse by name.
 */
function instant(value: string): string | null {
  if (value === "") return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/** The dialog's fields as the API takes them; the API judges each and names the one at fault. */
function noticeInput(form: FormData): SupplyNoticeInput {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    medicationId: text("medicationId"),
    dosage: text("dosage").trim() || null,
    message: text("message"),
    sourceUrl: text("sourceUrl"),
    sourceDate: text("sourceDate"),
    startsAt: instant(text("startsAt")),
    endsAt: instant(text("endsAt")),
  };
}

function refusedFields(error: unknown): Partial<Record<NoticeField, string>> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    NOTICE_FIELDS.filter((field) => error.fields[field]).map((field) => [field, error.fields[field]]),
  );
}

/** The add/edit dialog's save: a new notice, or the notice `id` replaced. */
export async function saveNotice(api: ApiClient, id: string, form: FormData): Promise<SaveResult> {
  const body = noticeInput(form);
  try {
    if (id) await api.call(adminEndpoints.updateSupplyNotice, { params: { id }, body });
    else await api.call(adminEndpoints.createSupplyNotice, { body });
    return { intent: "save", ok: true, text: "Supply notice saved" };
  } catch (error) {
    return {
      intent: "save",
      ok: false,
      error: `${SAVE_FAILED}${failureText(error, "Please try again.")}`,
      fields: refusedFields(error),
    };
  }
}
