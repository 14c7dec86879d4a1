import { adminEndpoints, type FeedListRow, type FeedRun } from "@pharmacompare/contract";
import { useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { adminScreens } from "../kit/admin-screens.ts";
import { buttonClass, Notice } from "../kit/admin-ui.tsx";
import { FeedRunSummary, runCountsText } from "../kit/feeds/feed-columns.tsx";
import { RunNowButton } from "../kit/run-now-button.tsx";
import { useToast } from "../kit/toast/toast.tsx";
import { useAdminCall } from "../kit/use-admin-call.ts";

/**
 * A Feeds row's actions (issue 29): run the feed now (the scheduler's own run, decision 045; asked
 * first in a dialog, issue 41) and refresh the row; show its latest runs; edit its settings in the pharmacy form.
 */
const small = "px-3 py-1.5";

export function FeedRowActions({ feed }: { feed: FeedListRow }) {
  const call = useAdminCall();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [failure, setFailure] = useState<string | null>(null);
  const [history, setHistory] = useState<{ runs: FeedRun[] } | { error: string } | null>(null);
  const historyId = useId();
  const name = <span className="sr-only"> of {feed.pharmacyName}</span>;

  /** Runs the feed once confirmed; a refusal is answered to the dialog, a failed run stays beside the row. */
  async function runNow(): Promise<string | null> {
    const answer = await call("The feed could not be run", (api) =>
      api.call(adminEndpoints.runPharmacyFeed, { params: { id: feed.pharmacyId } }),
    );
    if (!answer.ok) return answer.error;
    await revalidator.revalidate();
    if (answer.value.outcome === "failed") setFailure(`The run failed: ${answer.value.error ?? ""}`);
    else {
      setFailure(null);
      toast.show(`${feed.pharmacyName}: ${runCountsText(answer.value)}`);
    }
    if (history) await showHistory(true);
    return null;
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
        <RunNowButton
          label="Run now"
          accessibleName={` of ${feed.pharmacyName}`}
          className={`${buttonClass.primary} ${small}`}
          disabled={!feed.active}
          title="Run this feed now?"
          message={`${feed.pharmacyName}'s feed is fetched and applied now, as a run of its own beside its schedule: changed prices go live, and rows that look wrong are held for review.`}
          run={runNow}
        />
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
