import { browserApi } from "../../lib/browser-api.ts";

/**
 * The code that sends a subscription from the browser, with the API client and its schemas, loaded
 * on demand (decision 025): when a subscribe form first gets focus, and by the route's clientAction.
 */
export function loadSubscriptionSending() {
  return Promise.all([browserApi(), import("./subscription-submission.ts")]);
}
