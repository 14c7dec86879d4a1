import {
  DEFAULT_SUBSCRIPTION_PREFERENCES,
  publicEndpoints,
  SUBSCRIPTION_SOURCES,
  type SubscribeRequest,
  type SubscriptionPreferences,
  subscriptionMessages,
} from "@pharmacompare/contract";
import type { ApiClient, ApiRequestInit } from "../../lib/api-client.ts";
import { formFailure } from "../../lib/form-refusal.ts";
import {
  INTERESTS,
  INTERESTS_SHOWN_FIELD,
  type SubscribeOutcome,
  type SubscribeValues,
  type SubscriptionSource,
} from "./subscribe-fields.ts";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

function isSource(value: string): value is SubscriptionSource {
  return (SUBSCRIPTION_SOURCES as readonly string[]).includes(value);
}

export function readSubscribeForm(form: FormData): SubscribeValues {
  const source = text(form, "source");
  const preferences =
    form.get(INTERESTS_SHOWN_FIELD) === null
      ? { ...DEFAULT_SUBSCRIPTION_PREFERENCES }
      : (Object.fromEntries(
          INTERESTS.map(({ name }) => [name, form.get(name) !== null]),
        ) as SubscriptionPreferences);
  return {
    email: text(form, "email").trim(),
    // Only the forms' own sources; anything else is the footer's (the no-JavaScript page's default).
    source: isSource(source) ? source : "footer",
    preferences,
  };
}

/**
 * Subscribes an address to price updates (public site §4, §7, §8): success with the server's
 * message, else "Successfully subscribed to price updates!"; a refusal about the address beside
 * the email field; otherwise the server's message, else "Error subscribing. Please try again.".
 * Never throws, so the form's submitting state always ends.
 */
export async function sendSubscription(
  api: ApiClient,
  form: FormData,
  init: ApiRequestInit = {},
  log: (message: string) => void = console.error,
): Promise<SubscribeOutcome> {
  const values = readSubscribeForm(form);
  const body: SubscribeRequest = values;
  try {
    const answer = await api.call(publicEndpoints.subscribe, { body }, init);
    return { status: "success", message: answer.message.trim() || subscriptionMessages.successFallback };
  } catch (error) {
    log(`[web] subscribe: not subscribed: ${error instanceof Error ? error.message : String(error)}`);
    return {
      status: "error",
      ...formFailure(error, { email: "Email" }, subscriptionMessages.failure),
      values,
    };
  }
}
