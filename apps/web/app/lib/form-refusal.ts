import { ApiError } from "./api-client.ts";

/**
 * How a visitor form reads a failed call (decision 012: read `fields`, never the sentence). The
 * refusal's per-field messages that belong to the form's own fields are shown beside them; a
 * refusal about something else shows the API's `error` sentence when it is a 4xx other than 400 (it
 * is written for people: "Too many requests…"); anything else, a server failure, a 400 about a field
 * the visitor cannot see, or no answer, is the form's own failure sentence.
 */
export interface FormFailure<Field extends string> {
  /** The notice above the form, or undefined when every problem is shown beside its field. */
  message: string | undefined;
  /** Field → message, for the fields this form shows. */
  fields: Partial<Record<Field, string>>;
}

/** "must be a valid email address" reads "Email must be a valid email address" beside the field. */
export function fieldSentence(label: string, message: string): string {
  const trimmed = message.trim();
  if (trimmed === "") return `${label} is not valid`;
  const first = trimmed.charAt(0);
  return first === first.toLowerCase() && first !== first.toUpperCase() ? `${label} ${trimmed}` : trimmed;
}

export function formFailure<Field extends string>(
  error: unknown,
  labels: Record<Field, string>,
  fallback: string,
): FormFailure<Field> {
  if (!(error instanceof ApiError) || error.kind !== "http") return { message: fallback, fields: {} };
  const fields: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(labels) as Field[]) {
    const message = error.fields[field];
    if (message !== undefined) fields[field] = fieldSentence(labels[field], message);
  }
  if (Object.keys(fields).length > 0) return { message: undefined, fields };
  // A 400 about nothing the visitor typed is the page's fault: the form's own sentence says retry.
  const refusedByApi = error.status > 400 && error.status < 500 && error.serverMessage;
  return { message: refusedByApi ? error.serverMessage : fallback, fields: {} };
}

/** True when nothing answered: no connection, or no answer in time. */
export function unreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === "network" || error.kind === "timeout");
}
