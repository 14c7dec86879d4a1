import {
  type AdminApiKey,
  API_KEY_PAGE_LIMITS,
  type ApiKeyInput,
  type ApiKeyList,
  adminEndpoints,
  formatCount,
  formatDateTime,
} from "@pharmacompare/contract";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Icon } from "../../components/ui/icons.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import { ApiError } from "../../lib/api-client.ts";
import { adminMeta, failureText } from "../kit/admin-route.ts";
import { AdminPageError, buttonClass, PageHeader } from "../kit/admin-ui.tsx";
import { ConfirmDialog } from "../kit/dialogs/confirm-dialog.tsx";
import { Badge } from "../kit/form/catalogue-controls.tsx";
import { useFetcherAnswer } from "../kit/form/fetcher-answer.ts";
import type { DataColumn } from "../kit/list/data-table.tsx";
import { hasFilters } from "../kit/list/list-navigation.ts";
import { type ListPageLoad, loadListPage } from "../kit/list/list-page-load.ts";
import { PagedList } from "../kit/list/paged-list.tsx";
import { type RowActionResult, useDeleteAction } from "../kit/list/row-actions.ts";
import { SearchFilters } from "../kit/list/search-filters.tsx";
import { useToast } from "../kit/toast/toast.tsx";
import type { Route } from "./+types/route";
import { IssueKeyDialog, type IssueResult, KEY_FIELDS, NewKeyDialog } from "./issue-dialog.tsx";

/**
 * API keys (issue 45, decision 062): staff issue a key for the read-only open API with its quotas
 * per minute and per UK day, see it once, and revoke it; the list shows each key's use today.
 */

const TEXT = {
  empty: "No API keys yet. Issue one for each organisation that reads the open data.",
  noMatch: "No API keys match these filters.",
  issueFailed: "Error issuing API key: ",
  revokeFailed: "Error revoking API key. Please try again.",
} as const;

const STATUSES = ["active", "revoked"] as const;
const FILTERS = { search: "text", status: STATUSES } as const;
const statusOptions = [
  { value: "active", label: "Active" },
  { value: "revoked", label: "Revoked" },
];

type ActionResult = IssueResult | RowActionResult;

export function meta() {
  return adminMeta("API Keys");
}

export async function clientLoader({
  request,
}: Route.ClientLoaderArgs): Promise<ListPageLoad<keyof typeof FILTERS, ApiKeyList>> {
  return loadListPage(request, {
    filters: FILTERS,
    limit: API_KEY_PAGE_LIMITS.default,
    read: (client, query) => client.call(adminEndpoints.listApiKeys, { query }),
    failure: "Failed to load API keys",
  });
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const api = adminSession().api(request);
  const text = (name: string) => String(form.get(name) ?? "");
  if (form.get("intent") === "issue") {
    const body = {
      name: text("name"),
      perMinute: text("perMinute"),
      perDay: text("perDay"),
    } as unknown as ApiKeyInput;
    try {
      const issued = await api.call(adminEndpoints.issueApiKey, { body });
      return { intent: "issue", ok: true, key: issued.key, name: issued.apiKey.name };
    } catch (error) {
      const fields =
        error instanceof ApiError
          ? Object.fromEntries(KEY_FIELDS.filter((f) => error.fields[f]).map((f) => [f, error.fields[f]]))
          : {};
      return {
        intent: "issue",
        ok: false,
        error: `${TEXT.issueFailed}${failureText(error, "Please try again.")}`,
        fields,
      };
    }
  }
  // Revoking answers as a list's delete does: the row stays, marked revoked.
  try {
    await api.call(adminEndpoints.revokeApiKey, { params: { id: text("id") } });
    return { intent: "delete", ok: true, text: "API key revoked" };
  } catch (error) {
    return { intent: "delete", ok: false, error: failureText(error, TEXT.revokeFailed) };
  }
}

const usedToday = (key: AdminApiKey) =>
  `${formatCount(key.today.answered)} of ${formatCount(key.perDay)}` +
  (key.today.refused > 0 ? ` (${formatCount(key.today.refused)} refused)` : "");

export default function AdminApiKeys({ loaderData }: Route.ComponentProps) {
  const { filters, result, error } = loaderData;
  const toast = useToast();
  const issueFetcher = useFetcher<ActionResult>({ key: "api-key-issue" });
  const rows = useDeleteAction<AdminApiKey>("api-key-revoke");
  const { opener } = rows;
  const [issuing, setIssuing] = useState(false);
  const [openings, setOpenings] = useState(0);
  const [refusal, setRefusal] = useState<Extract<IssueResult, { ok: false }> | null>(null);
  const [issued, setIssued] = useState<{ key: string; name: string } | null>(null);

  useFetcherAnswer(issueFetcher, (data) => {
    if (data.intent !== "issue") return;
    if (data.ok) {
      setIssuing(false);
      setRefusal(null);
      setIssued({ key: data.key, name: data.name });
      toast.show("API key issued");
    } else {
      setRefusal(data);
    }
  });

  const columns: DataColumn<AdminApiKey>[] = [
    { header: "Name", rowHeader: true, cell: (key) => <span className="break-words">{key.name}</span> },
    { header: "Key", cell: (key) => <code className="whitespace-nowrap text-xs">{key.prefix}…</code> },
    {
      header: "Quotas",
      className: "whitespace-nowrap tabular-nums",
      cell: (key) => `${formatCount(key.perMinute)}/min · ${formatCount(key.perDay)}/day`,
    },
    { header: "Used today", className: "tabular-nums", cell: usedToday },
    { header: "Created", cell: (key) => formatDateTime(key.createdAt) },
    { header: "Last used", cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "Never") },
    {
      header: "Status",
      cell: (key) =>
        key.revokedAt ? (
          <Badge tone="slate">Revoked {formatDateTime(key.revokedAt)}</Badge>
        ) : (
          <Badge tone="green">Active</Badge>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="API Keys"
        description="Keys for the read-only open API (the price index and daily lowest prices, CC BY 4.0). Each key has a quota per minute and per UK day."
        action={
          <button
            type="button"
            className={buttonClass.primary}
            onClick={(event) => {
              opener.current = event.currentTarget;
              setRefusal(null);
              setOpenings((count) => count + 1);
              setIssuing(true);
            }}
          >
            <Icon className="size-4">
              <path d="M12 5v14M5 12h14" />
            </Icon>
            Issue Key
          </button>
        }
      />

      <SearchFilters
        label="Filter the API keys"
        filters={filters}
        placeholder="Name or key prefix"
        select={{ label: "Status", name: "status", options: statusOptions }}
      />

      <PagedList
        id="api-keys-heading"
        heading="Keys"
        headingRef={rows.headingRef}
        noun="keys"
        page={result ?? undefined}
        rows={result?.keys}
        filters={filters}
        loadFailed={error}
        empty={hasFilters(filters) ? TEXT.noMatch : TEXT.empty}
        pagerLabel="API key pages"
        table={{
          label: "API keys",
          caption: "API keys, active first, newest first",
          columns,
          rowKey: (key) => key.id,
          rowActions: (key) =>
            key.revokedAt ? null : (
              <button
                type="button"
                className={`${buttonClass.secondary} text-red-700`}
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  rows.setDeleteError(undefined);
                  rows.setDeleting(key);
                }}
              >
                Revoke<span className="sr-only"> {key.name}</span>
              </button>
            ),
        }}
      />

      <IssueKeyDialog
        key={openings}
        open={issuing}
        fetcher={issueFetcher}
        result={refusal}
        onClose={() => setIssuing(false)}
        returnFocusRef={opener}
      />

      <NewKeyDialog issued={issued} onClose={() => setIssued(null)} returnFocusRef={opener} />

      <ConfirmDialog
        open={rows.deleting !== null}
        title="Revoke API key"
        message={
          rows.deleting
            ? `Revoke the key for ${rows.deleting.name} (${rows.deleting.prefix}…)? Its next request is refused, and it cannot be turned back on.`
            : ""
        }
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={rows.deleteFetcher.state !== "idle"}
        error={rows.deleteError}
        onConfirm={() => {
          if (rows.deleting)
            void rows.deleteFetcher.submit({ intent: "revoke", id: rows.deleting.id }, { method: "post" });
        }}
        onCancel={() => rows.setDeleting(null)}
        returnFocusRef={opener}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
