import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";

/**
 * The scheduled jobs staff may run now (issue 28, decision 038): the back-office's "send now" for
 * price news, and the monthly price index computed again at once (decision 061: it rewrites the
 * last complete month whole, so running it again changes nothing but late corrections). Each is
 * also on a schedule and runs once across every API process.
 */
export const SCHEDULED_JOBS = ["priceDrops", "weeklyDigest", "priceIndex"] as const;

export const JobParams = z.object({
  job: z.enum(SCHEDULED_JOBS, { error: `must be one of: ${SCHEDULED_JOBS.join(", ")}` }),
});

export const JobRunAnswer = z.object({
  job: z.enum(SCHEDULED_JOBS),
  outcome: z.enum(["succeeded", "failed", "taken-over"]),
  /** What the run did (counts) or why it failed. */
  summary: z.record(z.string(), z.unknown()),
});
export type JobRunAnswer = z.infer<typeof JobRunAnswer>;

export const runJob = defineEndpoint({
  method: "POST",
  path: "/api/admin/jobs/:job/run",
  access: "admin",
  tag: "scheduled jobs",
  summary:
    "Run a scheduled job now (price drops, the weekly digest, the price index): its emails are queued at once",
  description:
    "A run of its own, recorded with the scheduled ones and in the audit log. Each email keeps its key " +
    "(kind, subscriber and period), so a subscriber already sent today's price drops gets nothing more.",
  params: JobParams,
  responses: { 200: JobRunAnswer, ...refusals(400) },
});
