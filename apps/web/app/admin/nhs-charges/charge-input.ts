import { adminEndpoints, type NhsChargeInput } from "@pharmacompare/contract";
import { type ApiClient, ApiError } from "../../lib/api-client.ts";
import { failureText } from "../kit/admin-route.ts";
import { CHARGE_FIELDS, type ChargeField, type SaveResult } from "./charge-dialog.tsx";

const SAVE_FAILED = "Error saving NHS charge: ";

/** The dialog's fields as the API takes them; the API judges each and names the one at fault. */
function chargeInput(form: FormData): NhsChargeInput {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    kind: text("kind") as NhsChargeInput["kind"],
    amount: text("amount"),
    effectiveFrom: text("effectiveFrom"),
    sourceUrl: text("sourceUrl"),
  };
}

function refusedFields(error: unknown): Partial<Record<ChargeField, string>> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    CHARGE_FIELDS.filter((field) => error.fields[field]).map((field) => [field, error.fields[field]]),
  );
}

/** The add/edit dialog's save: a new charge, or the charge `id` replaced. */
export async function saveCharge(api: ApiClient, id: string, form: FormData): Promise<SaveResult> {
  const body = chargeInput(form);
  try {
    if (id) await api.call(adminEndpoints.updateNhsCharge, { params: { id }, body });
    else await api.call(adminEndpoints.createNhsCharge, { body });
    return { intent: "save", ok: true, text: "NHS charge saved" };
  } catch (error) {
    return {
      intent: "save",
      ok: false,
      error: `${SAVE_FAILED}${failureText(error, "Please try again.")}`,
      fields: refusedFields(error),
    };
  }
}
