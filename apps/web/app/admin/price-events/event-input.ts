import { adminEndpoints, type MedicationEventInput } from "@pharmacompare/contract";
import { type ApiClient, ApiError } from "../../lib/api-client.ts";
import { failureText } from "../kit/admin-route.ts";
import { EVENT_FIELDS, type EventField, type SaveResult } from "./event-dialog.tsx";

const SAVE_FAILED = "Error saving price event: ";

/** The dialog's fields as the API takes them; the API judges each and names the one at fault. */
function eventInput(form: FormData): MedicationEventInput {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    medicationId: text("medicationId"),
    dosage: text("dosage"),
    kind: text("kind") as MedicationEventInput["kind"],
    happenedOn: text("happenedOn"),
    summary: text("summary"),
    sourceUrl: text("sourceUrl"),
  };
}

function refusedFields(error: unknown): Partial<Record<EventField, string>> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    EVENT_FIELDS.filter((field) => error.fields[field]).map((field) => [field, error.fields[field]]),
  );
}

/** The add/edit dialog's save: a new event, or the event `id` replaced. */
export async function saveEvent(api: ApiClient, id: string, form: FormData): Promise<SaveResult> {
  const body = eventInput(form);
  try {
    if (id) await api.call(adminEndpoints.updateMedicationEvent, { params: { id }, body });
    else await api.call(adminEndpoints.createMedicationEvent, { body });
    return { intent: "save", ok: true, text: "Price event saved" };
  } catch (error) {
    return {
      intent: "save",
      ok: false,
      error: `${SAVE_FAILED}${failureText(error, "Please try again.")}`,
      fields: refusedFields(error),
    };
  }
}
