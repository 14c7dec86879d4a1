import { adminEndpoints, type FeedHeldRow } from "@pharmacompare/contract";
import { type ReactNode, useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { buttonClass, Notice } from "../kit/admin-ui.tsx";
import { useToast } from "../kit/toast/toast.tsx";
import { useAdminCall } from "../kit/use-admin-call.ts";
import { heldRowColumns } from "./held-row-columns.tsx";

/**
 * Feed review's decisions (decision 045's `POST /api/admin/feed-review`): accept or reject one row,
 * or the selected ones (up to all on the page) in one request, which the API applies in one
 * transaction; then the list reloads.
 */
type Decision = "accept" | "reject";

export function useHeldRowDecisions(rows: readonly FeedHeldRow[], enabled: boolean) {
  const call = useAdminCall();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Only rows still on the page count as selected (after a decision or a page change).
  const selected = useMemo(
    () => new Set(rows.filter((row) => chosen.has(row.id)).map((row) => row.id)),
    [rows, chosen],
  );

  const toggle = (id: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setChosen(selected.size === rows.length ? new Set() : new Set(rows.map((row) => row.id)));

  async function decide(ids: string[], decision: Decision) {
    if (busy || ids.length === 0) return;
    setBusy(true);
    const answer = await call(`The rows could not be ${decision}ed`, (api) =>
      api.call(adminEndpoints.decideFeedHeldRows, { body: { ids, decision } }),
    );
    await revalidator.revalidate();
    setBusy(false);
    setFailure(answer.ok ? null : answer.error);
    if (!answer.ok) return;
    setChosen(new Set());
    const count = answer.value.accepted + answer.value.rejected;
    toast.show(
      `${count} ${count === 1 ? "row" : "rows"} ${decision === "accept" ? "accepted: the prices are live" : "rejected"}`,
    );
  }

  const columns = heldRowColumns({ selected, toggle, enabled });
  const rowActions = (row: FeedHeldRow): ReactNode => {
    const name = `${row.medicationName} ${row.dosage}, ${row.pharmacyName}`;
    return (["accept", "reject"] as const).map((decision) => (
      <DecisionButton
        key={decision}
        decision={decision}
        busy={busy}
        onDecide={() => void decide([row.id], decision)}
      >
        <span className="sr-only"> {name}</span>
      </DecisionButton>
    ));
  };
  return { selected, toggleAll, decide, busy, failure, columns, rowActions };
}

/** Above the list: select all on the page, and accept or reject the selected rows together. */
export function HeldRowDecisions({
  rows,
  decisions,
}: {
  rows: readonly FeedHeldRow[];
  decisions: ReturnType<typeof useHeldRowDecisions>;
}) {
  const { selected, toggleAll, decide, busy, failure } = decisions;
  const ids = [...selected];
  const all = selected.size === rows.length;
  return (
    <div className="mt-6 space-y-3">
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <fieldset className="flex flex-wrap items-center gap-3 rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
        <legend className="sr-only">Decide several rows</legend>
        <label className="flex items-center gap-2 font-medium text-slate-800 text-sm">
          <input type="checkbox" checked={all} onChange={toggleAll} className="size-4 accent-brand-700" />
          Select all on this page
        </label>
        <span role="status" className="text-slate-600 text-sm">
          {selected.size} selected
        </span>
        <span className="flex flex-wrap gap-2 sm:ml-auto">
          {(["accept", "reject"] as const).map((decision) => (
            <DecisionButton
              key={decision}
              decision={decision}
              busy={busy || ids.length === 0}
              large
              onDecide={() => void decide(ids, decision)}
            >
              {" selected"}
            </DecisionButton>
          ))}
        </span>
      </fieldset>
    </div>
  );
}

/** Accept (the primary action) or Reject; `children` completes its name ("selected", or the row's name for screen readers). */
function DecisionButton({
  decision,
  busy,
  large = false,
  onDecide,
  children,
}: {
  decision: Decision;
  busy: boolean;
  large?: boolean;
  onDecide: () => void;
  children: ReactNode;
}) {
  const look = decision === "accept" ? buttonClass.primary : buttonClass.secondary;
  return (
    <button
      type="button"
      className={large ? look : `${look} px-3 py-1.5`}
      aria-disabled={busy}
      onClick={onDecide}
    >
      {decision === "accept" ? "Accept" : "Reject"}
      {children}
    </button>
  );
}
