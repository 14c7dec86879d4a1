import { type FailedJob, formatDateTime } from "@pharmacompare/contract";

/**
 * Scheduled jobs whose latest run failed its last try (issue 46, decision 066): nothing tries that
 * run again, so staff see it here (and operations had an email) until a later run succeeds.
 */
export function FailedJobs({ jobs }: { jobs: readonly FailedJob[] }) {
  if (jobs.length === 0) return null;
  return (
    <section
      aria-labelledby="failed-jobs-heading"
      className="mt-3 rounded-lg bg-red-50 px-4 py-3 text-red-900 text-sm ring-1 ring-red-200"
    >
      <h3 id="failed-jobs-heading" className="font-semibold">
        {jobs.length === 1 ? "A scheduled job failed" : `${jobs.length} scheduled jobs failed`}
      </h3>
      <ul className="mt-1 space-y-1">
        {jobs.map((run) => (
          <li key={run.job} className="[overflow-wrap:anywhere]">
            <span className="font-medium">{run.job}</span>
            {`: the run due ${formatDateTime(run.scheduledFor)} failed ${run.attempts} times (latest: ${run.error || "no reason recorded"}). Its next scheduled run goes ahead.`}
          </li>
        ))}
      </ul>
    </section>
  );
}
