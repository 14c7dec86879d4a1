import { data, type MiddlewareFunction } from "react-router";
import { serverLog } from "./server-log.server.ts";
import { NOT_A_FORM, UNREADABLE_FORM } from "./unreadable-form.ts";

/** What the site's forms post. */
const FORM_ENCODINGS = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

/**
 * Every server action reads its body with `request.formData()`, which throws on a multipart body
 * with no boundary, a truncated part or garbage, and on a body of any other type; thrown from an
 * action that is a 500 and a stack trace (issue 42). This root middleware runs before every
 * action, present or future: a submission that is not a form is refused with 415, and one whose
 * body the same parser cannot read (a copy of it is read here) with 400 — the site's page for a
 * document, `{ error }` in the data answer — logged at info, with no stack (decision 033).
 */
export const refuseUnreadableForms: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  if (!FORM_ENCODINGS.test(request.headers.get("content-type") ?? "")) refuse(request, 415, NOT_A_FORM);
  try {
    await request.clone().formData();
  } catch {
    refuse(request, 400, UNREADABLE_FORM);
  }
  return next();
};

function refuse(request: Request, status: 400 | 415, error: string): never {
  // The visitor's mistake (or a probe), not ours: one info line, no stack, no body.
  serverLog().info(
    { method: request.method, path: new URL(request.url).pathname, status },
    "refused a submission that is not a readable form",
  );
  throw data({ error }, { status, statusText: status === 400 ? "Bad Request" : "Unsupported Media Type" });
}
