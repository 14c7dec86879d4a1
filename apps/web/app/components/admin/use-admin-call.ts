import { useCallback } from "react";
import { useNavigate } from "react-router";
import { adminSession } from "../../lib/admin-session.ts";
import { type ApiClient, ApiError } from "../../lib/api-client.ts";
import { failureText } from "./admin-route.ts";

/** A refusal: the sentence to show, and the messages that belong beside named fields. */
export type Failure = { error: string; fields: Record<string, string> };
export type Outcome<T> = { ok: true; value: T } | ({ ok: false } & Failure);

/**
 * An admin call from an event handler (for sections of a page that call the API themselves, so
 * the page's own action stays its form's): the API's sentence on refusal; a session that ended
 * goes to sign-in, following the redirect the admin session throws.
 */
export function useAdminCall() {
  const navigate = useNavigate();
  return useCallback(
    async <T>(fallback: string, run: (api: ApiClient) => Promise<T>): Promise<Outcome<T>> => {
      try {
        return { ok: true, value: await run(adminSession().api(new Request(window.location.href))) };
      } catch (error) {
        if (error instanceof Response) {
          navigate(error.headers.get("Location") ?? "/admin/login");
          return { ok: false, error: "", fields: {} };
        }
        const fields = error instanceof ApiError ? error.fields : {};
        let text: string;
        try {
          text = failureText(error, fallback);
        } catch {
          text = fallback;
        }
        return { ok: false, error: text, fields };
      }
    },
    [navigate],
  );
}
