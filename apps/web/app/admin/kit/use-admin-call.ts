import { useCallback } from "react";
import { adminSession } from "../../lib/admin-session.ts";
import { type ApiClient, ApiError } from "../../lib/api-client.ts";
import { failureText } from "./admin-route.ts";

/** A refusal: the sentence to show, and the messages that belong beside named fields. */
export type Failure = { error: string; fields: Record<string, string> };
export type Outcome<T> = { ok: true; value: T } | ({ ok: false } & Failure);

/**
 * An admin call from an event handler (for sections of a page that call the API themselves, so
 * the page's own action stays its form's): the API's sentence on refusal. A session that ended
 * is the admin session's to handle (decision 037): it goes to sign-in and the call never answers.
 */
export function useAdminCall() {
  return useCallback(
    async <T>(fallback: string, run: (api: ApiClient) => Promise<T>): Promise<Outcome<T>> => {
      try {
        return { ok: true, value: await run(adminSession().api(new Request(window.location.href))) };
      } catch (error) {
        const fields = error instanceof ApiError ? error.fields : {};
        return { ok: false, error: failureText(error, fallback), fields };
      }
    },
    [],
  );
}
