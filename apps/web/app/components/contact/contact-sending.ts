import { browserApi } from "../../lib/browser-api.ts";

/**
 * The code that sends a contact message from the browser, with the API client and its schemas,
 * loaded on demand (decision 025): when the form first gets focus, and by the route's clientAction.
 */
export function loadContactSending() {
  return Promise.all([browserApi(), import("./contact-submission.ts")]);
}
