import { publicEndpoints, type SubscribeRequest, subscriptionMessages } from "@pharmacompare/contract";
import type { ApiClient, ApiRequestInit } from "../../lib/api-client.ts";
import { formFailure } from "../../lib/form-refusal.ts";
import { readSubscribeForm, type SubscribeOutcome } from "./subscribe-fields.ts";

/**
 * Subscribes an address to price updates (public site §4, §7, §8): success with the server's
 * message, else "Successfully subscribed to price updates!"; a refusal about the address beside
 * the email field; otherwise the server's message, else "Error subscribing. Please try again.".
 * The cause of a failure goes to `log` (the server action's log, decision 032). Never throws, so the
 * form's submitting state always ends.
 */
export async function sendSubscription(
  api: ApiClient,
  form: FormData,
  init: ApiRequestInit = {},
  log?: (message: string, cause?: unknown) => void,
): Promise<SubscribeOutcome> {
  const values = readSubscribeForm(form);
  const body: SubscribeRequest = values;
  try {
    const answer = await api.call(publicEndpoints.subscribe, { body }, init);
    return { status: "success", message: answer.message.trim() || subscriptionMessages.successFallback };
  } catch (error) {
    log?.(`subscribe: not subscribed: ${error instanceof Error ? error.message : String(error)}`, error);
    return {
      status: "error",
      ...formFailure(error, { email: "Email" }, subscriptionMessages.failure),
      values,
    };
  }
}
