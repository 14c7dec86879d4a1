import { adminSession } from "../../../lib/admin-session.ts";
import type { ApiClient } from "../../../lib/api-client.ts";
import { type ListPageLoad, loadListPage } from "../list/list-page-load.ts";

/**
 * The calls behind an inbox screen (Contact Messages, Price Alerts): a list searched and filtered
 * by status on the server, a status set directly (back-office §4), a delete.
 */
export interface InboxCalls<S extends string, Page extends { totalPages: number }> {
  /** A status of this screen's, or undefined. */
  parseStatus: (value: unknown) => S | undefined;
  /** Rows a page (back-office §9: 10). */
  limit: number;
  list: (
    api: ApiClient,
    query: { search?: string; status?: S; page: number; limit?: number },
  ) => Promise<Page>;
  setStatus: (api: ApiClient, id: string, status: S) => Promise<{ _id: string; status: S }>;
  remove: (api: ApiClient, id: string) => Promise<unknown>;
}

export type InboxLoad<Page> = ListPageLoad<"search" | "status", Page>;

/** What an inbox screen's action answers. */
export type InboxActionResult<S extends string> =
  | { intent: "status"; ok: true; id: string; status: S; quiet: boolean }
  | { intent: "status"; ok: false; quiet: boolean }
  | { intent: "delete"; ok: boolean };

/** The loader: filters and page from the address (decision 037), a status not offered dropped. */
export function inboxLoad<S extends string, Page extends { totalPages: number }>(
  request: Request,
  calls: InboxCalls<S, Page>,
): Promise<InboxLoad<Page>> {
  return loadListPage(request, {
    filters: { search: "text", status: calls.parseStatus },
    limit: calls.limit,
    read: (api, query) => calls.list(api, query),
    failure: "Please try again.",
  });
}

/**
 * The action: set a row's status, or delete it. A failure answers `ok: false` and the screen says
 * so briefly (§8 keeps it silent otherwise); a session that ended is the admin session's to handle
 * (decision 037). `quiet` marks a change the screen made itself (opening a new message marks it read).
 */
export async function inboxAction<S extends string, Page extends { totalPages: number }>(
  request: Request,
  calls: InboxCalls<S, Page>,
): Promise<InboxActionResult<S>> {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const api = adminSession().api(request);

  if (form.get("intent") === "delete") {
    try {
      await calls.remove(api, id);
      return { intent: "delete", ok: true };
    } catch {
      return { intent: "delete", ok: false };
    }
  }

  const quiet = form.get("quiet") === "1";
  const status = calls.parseStatus(form.get("status"));
  if (status === undefined) return { intent: "status", ok: false, quiet };
  try {
    const saved = await calls.setStatus(api, id, status);
    return { intent: "status", ok: true, id: saved._id, status: saved.status, quiet };
  } catch {
    return { intent: "status", ok: false, quiet };
  }
}
