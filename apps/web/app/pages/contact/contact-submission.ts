import { type ContactRequest, contactMessages, publicEndpoints } from "@pharmacompare/contract";
import { ApiError } from "../../lib/api-client.ts";
import { type SendVisitorForm, sendVisitorForm, type VisitorForm } from "../../lib/visitor-form.ts";
import {
  CONTACT_EMAIL_HINT,
  type ContactFormValues,
  type ContactOutcome,
  readContactForm,
} from "./contact-fields.ts";

/** The API names each refused field in `fields` (the one error shape), the email among them. */
function refusedEmail(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && "email" in error.fields;
}

const contactForm: VisitorForm<ContactFormValues & { website: string }, { message: string }, ContactOutcome> =
  {
    failure: "contact: the message was not sent",
    read: readContactForm,
    // Sent as typed: the API is the judge of every field and answers 400 for anything off.
    call: (api, values, init) =>
      api.call(
        publicEndpoints.sendContactMessage,
        { body: { ...values, subject: values.subject as ContactRequest["subject"] } },
        init,
      ),
    sent: (answer) => ({ status: "success", message: answer.message }),
    refused: (error, { website: _website, ...values }) =>
      refusedEmail(error)
        ? { status: "error", message: contactMessages.failure, values, emailHint: CONTACT_EMAIL_HINT }
        : { status: "error", message: contactMessages.failure, values },
  };

/**
 * Sends the contact form to `POST /api/contact` (public site §4): success only when the API
 * answers OK with a `message`; any other answer, or a call that fails outright, is the error
 * state with the specification's sentence. The cause goes to `log` (the server action's log; in
 * the browser the visitor sees the failure and nothing is printed, decision 032). Never throws, so
 * the form's sending state always ends.
 */
export const sendContactMessage: SendVisitorForm<ContactOutcome> = (api, form, init, log) =>
  sendVisitorForm(contactForm, api, form, init, log);
