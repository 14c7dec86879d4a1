import { CONTACT_HONEYPOT_FIELD } from "@pharmacompare/contract";
import { formText } from "../../lib/form-text.ts";

/*
 * What the contact form shows and posts, apart from sending it: the page's first JavaScript needs
 * this, while the sending (and the contract's schemas) loads when the form is used (decision 025).
 */

/** What the visitor typed, as the form sent it (kept to refill the form after a failure without JS). */
export interface ContactFormValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** Shown under the email field when the API refuses the address the browser let through (e.g. `a@b`). */
export const CONTACT_EMAIL_HINT = "Please enter a full email address, such as name@example.co.uk.";

export type ContactOutcome =
  | { status: "success"; message: string }
  | { status: "error"; message: string; values: ContactFormValues; emailHint?: string };

export function readContactForm(form: FormData): ContactFormValues & { website: string } {
  return {
    name: formText(form, "name"),
    email: formText(form, "email"),
    subject: formText(form, "subject"),
    message: formText(form, "message"),
    website: formText(form, CONTACT_HONEYPOT_FIELD),
  };
}
