import { type EmailLinkResult, emailLinkMessages, type publicEndpoints } from "@pharmacompare/contract";
import { type ApiClient, ApiError, type ApiRequestInit } from "../../lib/api-client.ts";

/** The two links in our emails: both act only on a POST (a button on the page), never on the GET. */
export type EmailLinkEndpoint = typeof publicEndpoints.confirmEmail | typeof publicEndpoints.unsubscribe;

export type EmailLinkOutcome =
  /** The API did it: its message says what happened. */
  | {
      status: "done";
      message: string;
      kind: EmailLinkResult["kind"];
      change?: true;
      /** The one kind of price news the link stopped (decision 041): the page offers everything. */
      stopped?: EmailLinkResult["stopped"];
    }
  /** No such token, used up or expired (the API's 404, or a malformed token's 400). */
  | { status: "unknown"; message: string }
  /** Nothing answered, or the server failed: the visitor may press the button again. */
  | { status: "failed" };

/** The token of a link, from the posted form or else the address (`?token=`). */
export function linkToken(form: FormData, url: URL): string {
  const posted = form.get("token");
  return (
    typeof posted === "string" && posted.trim() !== "" ? posted : (url.searchParams.get("token") ?? "")
  ).trim();
}

/**
 * Follows a confirm or unsubscribe link for the visitor (the page's server action): works without
 * JavaScript and without signing in. A failure's cause goes to `log` (the server's log, decision
 * 032). Never throws.
 */
export async function followEmailLink(
  api: ApiClient,
  endpoint: EmailLinkEndpoint,
  token: string,
  init: ApiRequestInit = {},
  log?: (message: string, cause?: unknown) => void,
  options: { everything?: boolean } = {},
): Promise<EmailLinkOutcome> {
  if (token === "") return { status: "unknown", message: emailLinkMessages.unknownLink };
  try {
    // `everything`: the unsubscribe link of one kind's email, asked to stop them all (decision 041).
    const query = options.everything ? { token, everything: "true" as const } : { token };
    const answer = await api.call(endpoint, { query }, init);
    return {
      status: "done",
      message: answer.message,
      kind: answer.kind,
      // A change to a confirmed alert or subscription, held until this link (decision 031).
      ...(answer.change ? { change: true as const } : {}),
      ...("stopped" in answer && answer.stopped ? { stopped: answer.stopped } : {}),
    };
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.kind === "http" &&
      (error.status === 404 || error.status === 400)
    ) {
      return { status: "unknown", message: emailLinkMessages.unknownLink };
    }
    log?.(`email link: not followed: ${error instanceof Error ? error.message : String(error)}`, error);
    return { status: "failed" };
  }
}
