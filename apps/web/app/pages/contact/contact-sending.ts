import { contactMessages } from "@pharmacompare/contract";
import { browserApi } from "../../lib/browser-api.ts";
import { type ContactOutcome, readContactForm } from "./contact-fields.ts";

/**
 * The code that sends a contact message from the browser, with the API client and its schemas,
 * loaded on demand (decision 025): when the form first gets focus, and by the route's clientAction.
 */
export function loadContactSending() {
  return Promise.all([
    browserApi(),
    import("./contact-submission.ts").then((module) => module.sendContactMessage),
  ]);
}

/** The answer when the sending code itself could not be fetched: the form's failure, as typed. */
export function unsentContactMessage(form: FormData): ContactOutcome {
  const { website: _website, ...values } = readContactForm(form);
  return { status: "error", message: contactMessages.failure, values };
}
