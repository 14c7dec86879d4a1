import { type ContactRequest, contactMessages, publicEndpoints } from "@pharmacompare/contract";
import { type ApiClient, ApiError, type ApiRequestInit } from "../../lib/api-client.ts";
import { CONTACT_EMAIL_HINT, type ContactOutcome, readContactForm } from "./contact-fields.ts";

/** The API names each refused field in `fields` (the one error shape), the email among them. */
function refusedEmail(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && "email" in error.fields;
}

/**
 * Sends the contact form to `POST /api/contact` (public site §4): success only when the API
 * answers OK with a `message`; any other answer, or a call that fails outright, is the error
 * state with the specification's sentence. The cause goes to `log` (the server action's log; in
 * the browser the visitor sees the failure and nothing is printed, decision 032). Never throws, so
 * the form's sending state always ends.
 */
export async function sendContactMessage(
  api: ApiClient,
  form: FormData,
  init: ApiRequestInit = {},
  log?: (message: string, cause?: unknown) => void,
): Promise<ContactOutcome> {
  const { website, ...values } = readContactForm(form);
  // Sent as typed: the API is the judge of every field and answers 400 for anything off.
  const body: ContactRequest = { ...values, subject: values.subject as ContactRequest["subject"], website };
  try {
    const answer = await api.call(publicEndpoints.sendContactMessage, { body }, init);
    return { status: "success", message: answer.message };
  } catch (error) {
    log?.(
      `contact: the message was not sent: ${error instanceof Error ? error.message : String(error)}`,
      error,
    );
    return refusedEmail(error)
      ? { status: "error", message: contactMessages.failure, values, emailHint: CONTACT_EMAIL_HINT }
      : { status: "error", message: contactMessages.failure, values };
  }
}
