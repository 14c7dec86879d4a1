import { subscriptionMessages } from "@pharmacompare/contract";
import { browserApi } from "../../lib/browser-api.ts";
import { readSubscribeForm, type SubscribeOutcome } from "./subscribe-fields.ts";

/**
 * The code that sends a subscription from the browser, with the API client and its schemas, loaded
 * on demand (decision 025): when a subscribe form first gets focus, and by the route's clientAction.
 */
export function loadSubscriptionSending() {
  return Promise.all([
    browserApi(),
    import("./subscription-submission.ts").then((module) => module.sendSubscription),
  ]);
}

/** The answer when the sending code itself could not be fetched: the form's failure, as typed. */
export function unsentSubscription(form: FormData): SubscribeOutcome {
  return {
    status: "error",
    message: subscriptionMessages.failure,
    fields: {},
    values: readSubscribeForm(form),
  };
}
