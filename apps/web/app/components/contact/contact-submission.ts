import {
  CONTACT_HONEYPOT_FIELD,
  type ContactRequest,
  ContactResponse,
  contactApiPath,
  contactMessages,
} from "@pharmacompare/contract";
import type { ApiRequestInit, WritableApiClient } from "../../lib/api-client.ts";

/** What the visitor typed, as the form sent it (kept to refill the form after a failure without JS). */
export interface ContactFormValues {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactOutcome =
  | { status: "success"; message: string }
  | { status: "error"; message: string; values: ContactFormValues };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export function readContactForm(form: FormData): ContactFormValues & { website: string } {
  return {
    name: text(form, "name"),
    email: text(form, "email"),
    subject: text(form, "subject"),
    message: text(form, "message"),
    website: text(form, CONTACT_HONEYPOT_FIELD),
  };
}

/**
 * Sends the contact form to `POST /api/contact` (public site §4): success only when the API
 * answers OK with a `message`; any other answer, or a call that fails outright, is the error
 * state with the specification's sentence, and the cause is logged. Never throws, so the form's
 * sending state always ends.
 */
export async function sendContactMessage(
  api: Pick<WritableApiClient, "post">,
  form: FormData,
  init: ApiRequestInit = {},
  log: (message: string) => void = console.error,
): Promise<ContactOutcome> {
  const { website, ...values } = readContactForm(form);
  // Sent as typed: the API is the judge of every field and answers 400 for anything off.
  const body: ContactRequest = { ...values, subject: values.subject as ContactRequest["subject"], website };
  try {
    const answer = await api.post(contactApiPath, ContactResponse, body, init);
    return { status: "success", message: answer.message };
  } catch (error) {
    log(`[web] contact: the message was not sent: ${error instanceof Error ? error.message : String(error)}`);
    return { status: "error", message: contactMessages.failure, values };
  }
}
