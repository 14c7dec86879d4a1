/**
 * What a refused form body answers: a sentence naming the problem, never the parser's own message
 * (it may quote what was sent).
 */
export const UNREADABLE_FORM = "The form could not be read: its body is not well-formed form data.";

/** What a submission that is not a form at all answers (415). */
export const NOT_A_FORM =
  "The site's forms send application/x-www-form-urlencoded or multipart/form-data; this request sent neither.";

const TITLES: Record<number, string> = {
  400: "Bad request",
  405: "Method not allowed",
  415: "Unsupported media type",
};

/** The heading of a refused request's page. */
export function refusalTitle(status: number): string {
  return TITLES[status] ?? "Request refused";
}

/** The sentence a 400's page shows: the refusal's own `error` when it has one, else a general one. */
export function refusalSentence(refusal: unknown): string {
  const error = (refusal as { error?: unknown } | null)?.error;
  return typeof error === "string" && error !== ""
    ? error
    : "Sorry, the site could not read that request. Please go back and try again.";
}
