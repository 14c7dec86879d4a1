import { ApiError } from "../../lib/api-client.ts";

/** Title and robots tags of an admin page: the back-office must never be indexed. */
export function adminMeta(title: string) {
  return [{ title: `${title} | PharmaCompare Admin` }, { name: "robots", content: "noindex" }];
}

export const UNREACHABLE_MESSAGE =
  "Could not reach the PharmaCompare API. Check your connection and try again.";

/**
 * The text to show for a failed admin call (back-office §8): the API's own `error` when it gave
 * one, a connection message when nothing answered, else the screen's fallback. A session that
 * ended never gets here: the admin session has already gone to sign-in (decision 037).
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (apiUnreachable(error)) return UNREACHABLE_MESSAGE;
  }
  return fallback;
}

/**
 * Nothing answered for the API: no response, a timeout, or a gateway's bare 502/503/504 (the API
 * processes are down behind nginx). The API's own 503 carries its sentence and is shown instead.
 */
export function apiUnreachable(error: ApiError): boolean {
  if (error.kind === "network" || error.kind === "timeout") return true;
  return !error.serverMessage && error.status >= 502 && error.status <= 504;
}
