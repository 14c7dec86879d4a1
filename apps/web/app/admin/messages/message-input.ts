import { AdminMessageCategory, type AdminMessageInput, adminEndpoints } from "@pharmacompare/contract";
import { type ApiClient, ApiError } from "../../lib/api-client.ts";
import { failureText } from "../kit/admin-route.ts";
import { localInputToIso } from "./message-dates.ts";
import { MESSAGE_FIELDS, type MessageField, type SaveResult } from "./message-dialog.tsx";

/** Back-office §8: "Error saving message: " followed by the reason. */
const SAVE_FAILED = "Error saving message: ";

/** The dialog's fields as the API takes them; dates in the browser's zone become ISO with its offset. */
function messageInput(form: FormData): AdminMessageInput {
  const text = (name: string) => String(form.get(name) ?? "");
  const priority = text("priority").trim();
  return {
    medicationId: text("medicationId"),
    pharmacyId: text("pharmacyId") || null,
    category: AdminMessageCategory.catch("information").parse(text("category")),
    title: text("title"),
    message: text("message"),
    startDate: localInputToIso(text("startDate")) ?? undefined,
    endDate: localInputToIso(text("endDate")),
    // Blank is the default, 0; anything else goes as typed for the API to judge.
    priority: priority === "" ? 0 : Number(priority),
    active: form.get("active") === "on",
  };
}

function refusedMessageFields(error: unknown): Partial<Record<MessageField, string>> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    MESSAGE_FIELDS.filter((field) => error.fields[field]).map((field) => [field, error.fields[field]]),
  );
}

/** The add/edit dialog's save: a new message, or the message `id` replaced. */
export async function saveMessage(api: ApiClient, id: string, form: FormData): Promise<SaveResult> {
  const body = messageInput(form);
  // Back-office §5: the start date is required (the API would take a blank one as now).
  if (!body.startDate) {
    return {
      intent: "save",
      ok: false,
      error: `${SAVE_FAILED}Start date is required`,
      fields: { startDate: "is required" },
    };
  }
  try {
    if (id) await api.call(adminEndpoints.updateAdminMessage, { params: { id }, body });
    else await api.call(adminEndpoints.createAdminMessage, { body });
    return { intent: "save", ok: true, text: "Message saved" };
  } catch (error) {
    return {
      intent: "save",
      ok: false,
      error: `${SAVE_FAILED}${failureText(error, "Please try again.")}`,
      fields: refusedMessageFields(error),
    };
  }
}
