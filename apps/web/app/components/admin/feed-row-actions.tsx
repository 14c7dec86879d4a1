import { adminEndpoints, type FeedListRow, type FeedRun } from "@pharmacompare/contract";
import { useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { adminScreens } from "./admin-screens.ts";
import { buttonClass, Notice } from "./admin-ui.tsx";
import { FeedRunSummary, runCountsText } from "./feed-columns.tsx";
import { useToast } from "./toast.tsx";
import { useAdminCall } from "./use-admin-call.ts";

/**
 * A Feeds row's actions (issue 29): run the feed now (the scheduler's own run, decision 045) and
 * refresh the row; show its latest runs; edit its settings in the pharmacy form.
 */
const small = "px-3 py-1.5";

export function FeedRowActions({ feed }: { feed: FeedListRow }) {
  const call = useAdminCall();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [history, setHistory] = useState<{ runs: FeedRun[] } | { error: string } | null>(null);
  const historyId = useId();
  const name = <span className="sr-only"> of {feed.pharmacyName}</span>;

  async function runNow() {
    if (running) return;
    setRunning(true);
    const answer = await call("The feed could not be run", (api) =>
      api.call(adminEndpoints.runPharmacyFeed, { params: { id: feed.pharmacyId } }),
    );
    await revalidator.revalidate();
    setRunning(false);
    // A failure stays beside the row (the row's last run says why too); a success is a notice.
    if (!answer.ok) setFailure(answer.error);
    else if (answer.value.outcome === "failed") setFailure(`The run failed: ${answer.value.error ?? ""}`);
    else {
      setFailure(null);
      toast.show(`${feed.pharmacyName}: ${runCountsText(answer.value)}`);
    }
    if (history) await showHistory(true);
  }

  async function showHistory(open: boolean) {
    if (!open) return setHistory(null);
    const answer = await call("The runs could not be loaded", (api) =>
      api.call(adminEndpoints.listPharmacyFeedRuns, { params: { id: feed.pharmacyId } }),
    );
    setHistory(answer.ok ? answer.value : answer);
  }

  return (
    <div className="w-full">
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={`${buttonClass.primary} ${small}`}
          aria-disabled={running || !feed.active}
          disabled={!feed.active}
          onClick={() => void runNow()}
        >
          {running ? "Running…" : "Run now"}
          {name}
        </button>
        <button
          type="button"
          className={`${buttonClass.secondary} ${small}`}
          aria-expanded={history !== null}
          aria-controls={historyId}
          onClick={() => void showHistory(history === null)}
        >
          Runs{name}
        </button>
        <Link
          to={`${adminScreens.pharmacies.path}/edit/${encodeURIComponent(feed.pharmacyId)}`}
          className={`${buttonClass.secondary} ${small}`}
        >
          Settings{name}
        </Link>
      </div>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div id={historyId}>
        {history && "error" in history ? <Notice tone="error">{history.error}</Notice> : null}
        {history && "runs" in history ? (
          <ol aria-label={`Latest runs of ${feed.pharmacyName}`} className="mt-3 space-y-3 text-left text-sm">
            {history.runs.length === 0 ? <li>No runs yet.</li> : null}
            {history.runs.map((run) => (
              <li key={run.id} className="border-slate-200 border-t pt-2">
                <FeedRunSummary run={run} />
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </div>
  );
}
