import { adminEndpoints, type JobRunAnswer } from "@pharmacompare/contract";
import { useState } from "react";
import { buttonClass, Panel } from "../kit/admin-ui.tsx";
import { RunNowButton } from "../kit/run-now-button.tsx";
import { useAdminCall } from "../kit/use-admin-call.ts";
import { priceNewsRunText } from "./price-news-run-words.ts";

/**
 * The Newsletters screen's "Run now" for price news (issue 41): today's price drops and the weekly
 * digest, each through `POST /api/admin/jobs/{job}/run`, the scheduler's own run (decision 038):
 * audited, and sending nobody a second email of the same period. Its own component so the screen's
 * list stays as it is. Every member of staff may run them: the back-office has one role (admin).
 */
const JOBS = [
  {
    job: "priceDrops",
    label: "Run price drops now",
    title: "Run price drops now?",
    message:
      "Looks for prices that fell in the last 24 hours and queues the price-drop email for each subscriber " +
      "who chose it. Anyone already sent today's price drops gets nothing more.",
  },
  {
    job: "weeklyDigest",
    label: "Run the weekly digest now",
    title: "Run the weekly digest now?",
    message:
      "Queues this week's digest (and the new-medications email) for each subscriber who chose it. Anyone " +
      "already sent this week's gets nothing more.",
  },
] as const;

export function PriceNewsRunNow() {
  const call = useAdminCall();
  const [done, setDone] = useState<{ text: string; failed: boolean } | null>(null);

  async function run(job: JobRunAnswer["job"]): Promise<string | null> {
    const answer = await call("The run could not be started", (api) =>
      api.call(adminEndpoints.runJob, { params: { job } }),
    );
    if (!answer.ok) return answer.error;
    setDone({ text: priceNewsRunText(answer.value), failed: answer.value.outcome !== "succeeded" });
    return null;
  }

  return (
    <Panel title="Price news" titleId="price-news-run-heading" className="mb-6">
      <div className="space-y-3 px-4 py-4 sm:px-5">
        <p className="text-slate-700 text-sm">
          Price drops go out each morning at 08:00 and the weekly digest on Mondays at 07:00 (UK time). Run
          one now to send it without waiting.
        </p>
        <div className="flex flex-wrap gap-2">
          {JOBS.map((entry) => (
            <RunNowButton
              key={entry.job}
              label={entry.label}
              title={entry.title}
              message={entry.message}
              className={buttonClass.secondary}
              run={() => run(entry.job)}
            />
          ))}
        </div>
        {/* Always in the page, so the result is read out when it arrives. */}
        <p role="status" className={`text-sm ${done?.failed ? "text-red-800" : "text-slate-800"}`}>
          {done?.text}
        </p>
      </div>
    </Panel>
  );
}
