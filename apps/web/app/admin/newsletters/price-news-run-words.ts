import type { JobRunAnswer } from "@pharmacompare/contract";

/**
 * What a price-news run now did, in a sentence for the Newsletters screen (issue 41), from the
 * job's own counts (`services/price-news-service.ts`). Each email has a key per subscriber and
 * period (decision 038), so a run after the scheduled one, or a second run now, queues nothing
 * for anyone already sent: the sentence says so rather than leaving "0" to be guessed at.
 */
export function priceNewsRunText(answer: JobRunAnswer): string {
  const what = answer.job === "priceDrops" ? "Price drops" : "Weekly digest";
  if (answer.outcome === "failed") {
    const error = typeof answer.summary.error === "string" ? `: ${answer.summary.error}` : "";
    return `${what}: the run failed${error}`;
  }
  if (answer.outcome === "taken-over")
    return `${what}: the run took too long and another process finished it`;
  const count = (key: string) =>
    typeof answer.summary[key] === "number" ? (answer.summary[key] as number) : 0;
  const emails = (n: number) => `${n} ${n === 1 ? "email" : "emails"}`;
  if (answer.job === "priceDrops") {
    const falls = count("falls");
    if (falls === 0) return `${what}: no price fell far enough in the last 24 hours; nothing was sent`;
    return `${what}: ${falls} ${falls === 1 ? "fall" : "falls"} found, ${emails(count("queued"))} queued${alreadySent(count("queued"))}`;
  }
  const queued = count("digests") + count("newMedicationEmails");
  return `${what}: ${emails(queued)} queued${alreadySent(queued)}`;
}

function alreadySent(queued: number): string {
  return queued === 0 ? " (subscribers already sent this period's get nothing more)" : "";
}
