import type { ApiClient } from "../../../lib/api-client.ts";
import { failureText } from "../admin-route.ts";
import type { RowActionResult } from "./row-actions.ts";

/**
 * The action behind a list's switch and Delete (Blog, Pharmacies, Medications, Admin Messages):
 * each call answers the toast's words; a failure answers the specification's text, or the API's
 * own sentence where the screen shows it (`apiSentence`). A session that ended is the admin
 * session's to handle (decision 037).
 */
export async function rowAction(
  _api: ApiClient,
  form: FormData,
  calls: {
    toggle: (id: string) => Promise<string>;
    remove: (id: string) => Promise<string>;
    toggleFailed: string;
    deleteFailed: string;
    /** Show the API's sentence when it gives one, instead of the screen's text. */
    apiSentence?: boolean;
  },
): Promise<RowActionResult> {
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent") === "toggle" ? "toggle" : "delete";
  try {
    return { intent, ok: true, text: await (intent === "toggle" ? calls.toggle(id) : calls.remove(id)) };
  } catch (error) {
    const fallback = intent === "toggle" ? calls.toggleFailed : calls.deleteFailed;
    return { intent, ok: false, error: calls.apiSentence ? failureText(error, fallback) : fallback };
  }
}
