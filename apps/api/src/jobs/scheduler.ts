import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import type { Database } from "../db/client.ts";
import { jobRuns } from "../db/schema.ts";
import { databaseFailure } from "../plugins/error-handler.ts";
import { intervalWorker } from "./interval-worker.ts";
import { cronOf, parseSchedule, type Schedule, slotDue } from "./schedule.ts";

/**
 * Scheduled jobs that run once across every API process (decision 038). Each process ticks every
 * minute; a job whose latest scheduled moment has come tries to take that moment's run, a row of
 * `job_runs` keyed by job and moment, in one statement: the insert wins, or the update of a run
 * whose holder's lease ran out (it died) or that failed and may be tried again. Whoever gets the
 * row back runs the job, renewing the lease as it goes; everyone else gets nothing back and moves
 * on. So `start:cluster` runs it once, and a run a crash cut short is finished by another process.
 * The jobs themselves are idempotent (price news has a key per subscriber and period), so a run
 * taken over after a crash sends nothing twice. With the queue started (pg-boss, decision 066 and
 * its addenda) the queue decides when and the ticks only place the feeds' schedules and send due
 * newsletters to it; who runs a run is still the `job_runs` row's lease.
 */

export interface JobContext {
  /** The run's row in `job_runs` (a feed's held rows name the run they came from). */
  runId: string;
  /** The run's scheduled moment, or the operator's moment for a run asked for now. */
  scheduledFor: Date;
  /**
   * Extends the lease; call it between batches. False means another process took the run over
   * (this one was too slow): stop at once.
   */
  renew(): Promise<boolean>;
}

export interface ScheduledJob {
  name: string;
  /** "daily 08:00", "Monday 07:00 Europe/London" (jobs/schedule.ts). */
  schedule: string;
  /** When its schedule began: earlier moments are never run (a feed added or changed then). */
  since?: Date;
  /** Does the work and answers what it did (counts, kept on the run's row). */
  run(context: JobContext): Promise<Record<string, unknown>>;
  /** Once the run is recorded (a feed's operations alert reads it, decision 047); its failure is only logged. */
  after?(result: JobRunResult): Promise<void>;
  /**
   * Its `after` tells operations of failures itself (a feed's incident alert, decision 047), so the
   * scheduler's "failed for good" email is not sent for it as well.
   */
  alertsItself?: boolean;
}

/** A scheduled run that failed its last try: nobody runs it again (issue 46, decision 066). */
export interface FailedForGood {
  job: string;
  slot: string;
  scheduledFor: Date;
  attempts: number;
  /** Why its last try failed, as kept on the run's row. */
  error: string;
}

/**
 * Work that names its own due runs rather than following a schedule: a staff newsletter whose time
 * has come (decision 041). Each due run is a `job_runs` row keyed by the poller's name and the
 * run's slot (the newsletter's id), taken with the same lease as a scheduled job's, so one process
 * runs it, and another takes it over if that one dies.
 */
export interface DuePoller {
  name: string;
  /** The runs due at `at`, each with a slot unique to it among this poller's runs. */
  due(at: Date): Promise<{ slot: string; scheduledFor: Date }[]>;
  run(slot: string, context: JobContext): Promise<Record<string, unknown>>;
  /**
   * Once a run of `slot` is recorded, with how many times it has been tried (a newsletter whose
   * run failed its last try says so, issue 41); its failure is only logged.
   */
  after?(slot: string, result: JobRunResult & { attempts: number }): Promise<void>;
}

export interface JobRunResult {
  job: string;
  slot: string;
  outcome: "succeeded" | "failed" | "taken-over";
  summary: Record<string, unknown>;
}

/** How long a run's lease holds without a renewal. */
export const JOB_LEASE_MS = 10 * 60 * 1000;
/** How often each process looks for a due run (and each queue's worker polls, at most). */
const JOB_TICK_MS = 60 * 1000;
/** The queue all scheduled jobs' runs go to once they have failed their last try (pg-boss's dead letter). */
const FAILED_QUEUE = "jobs-failed";
const queueOf = (job: string) => `job.${job}`;
/**
 * The queue of the jobs read afresh (`moreJobs`: each pharmacy's feed, decision 045): one queue,
 * each job its own schedule on it, keyed by the job's name (pg-boss's keys allow no ":").
 */
const LISTED_QUEUE = "jobs-listed";
/** The queue of a poller's due runs (a staff newsletter whose time has come): one message per run. */
const dueQueueOf = (poller: string) => `due.${poller}`;
const scheduleKeyOf = (job: string) => job.replace(/[^\w.\-/]/g, "/");
/** A failed run is taken again after this pause, until it has been tried this many times. */
export const JOB_RETRY_AFTER_MS = 5 * 60 * 1000;
export const JOB_MAX_ATTEMPTS = 3;

/**
 * Scheduled jobs whose latest finished run failed its last try, oldest first (the dashboard, issue
 * 46): a later run that succeeds, scheduled or by hand, takes the job off the list. Feeds
 * (`feed:…`, their own incidents, decision 047) and newsletters (their own "Failed", decision 041)
 * are left to their screens; an operator's failed run (`manual:…`) answered the operator.
 */
export async function failedForGoodRuns(db: Database): Promise<FailedForGood[]> {
  const { rows } = (await db.execute(sql`
    select job, slot, scheduled_for, attempts, summary->>'error' as error from (
      select distinct on (job) job, slot, scheduled_for, attempts, summary, outcome
      from ${jobRuns}
      where outcome in ('succeeded', 'failed') and job not like 'feed:%' and job <> 'newsletters'
      order by job, started_at desc
    ) latest
    where outcome = 'failed' and attempts >= ${JOB_MAX_ATTEMPTS} and slot not like 'manual:%'
    order by scheduled_for asc`)) as unknown as {
    rows: {
      job: string;
      slot: string;
      scheduled_for: string | Date;
      attempts: number;
      error: string | null;
    }[];
  };
  return rows.map((row) => ({
    job: row.job,
    slot: row.slot,
    scheduledFor: new Date(row.scheduled_for),
    attempts: Number(row.attempts),
    error: row.error ?? "",
  }));
}

export function createJobScheduler(
  db: Database,
  options: {
    now: () => Date;
    log: FastifyBaseLogger;
    jobs: ScheduledJob[];
    pollers?: DuePoller[];
    /**
     * Jobs read afresh at each tick (one per pharmacy feed, decision 045): the same lease and
     * records as the fixed ones, so each feed runs once across processes. With the queue, each is a
     * schedule of its own on LISTED_QUEUE that the ticks keep in step with the list.
     */
    moreJobs?: () => Promise<ScheduledJob[]>;
    /** Names this process in the lease (tests give each instance its own). */
    holder?: string;
    /**
     * A scheduled job's run failed its last try (the operations email, decision 066). Not called
     * for an operator's run (its answer says it failed) nor for a poller's (its `after` decides),
     * nor for a job that `alertsItself`; its failure is only logged.
     */
    failedForGood?(run: FailedForGood): Promise<void>;
    /**
     * The queue that runs the fixed `jobs` in production (pg-boss, decision 066), opened by
     * `start()`: a cron schedule per job in London time, retries, and a dead-letter queue whose
     * worker sends `failedForGood`. Without it (tests, which call tick()) the ticks run them.
     */
    openQueue?: () => PgBoss;
    /** The pause before a failed queued run is tried again, in seconds (tests shorten it). */
    queueRetryDelaySeconds?: number;
    /** How long a queued run may stay active before pg-boss retries it, in seconds (tests shorten it). */
    queueExpireSeconds?: number;
    /** How often each queue's worker looks for work, in seconds: the tick's minute unless a test shortens it. */
    queuePollSeconds?: number;
  },
) {
  const { now, log } = options;
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const jobs = new Map<string, { job: ScheduledJob; schedule: Schedule }>(
    options.jobs.map((job) => [job.name, { job, schedule: parseSchedule(job.schedule) }]),
  );

  /** Takes the run of `job` at `slot` in one statement; undefined when someone else holds it or it is done. */
  async function take(job: string, slot: string, scheduledFor: Date, queued: boolean) {
    const at = now();
    const leaseUntil = new Date(at.getTime() + JOB_LEASE_MS);
    const [run] = await db
      .insert(jobRuns)
      .values({ job, slot, scheduledFor, holder, leaseUntil, startedAt: at, attempts: 1, outcome: "running" })
      .onConflictDoUpdate({
        target: [jobRuns.job, jobRuns.slot],
        set: {
          holder,
          leaseUntil,
          startedAt: at,
          finishedAt: null,
          outcome: "running",
          summary: null,
          attempts: sql`${jobRuns.attempts} + 1`,
        },
        // A queued retry comes when pg-boss's retry delay says: it does not wait on the failed run's pause too.
        setWhere: sql`${jobRuns.outcome} <> 'succeeded' and (${jobRuns.leaseUntil} <= ${at} or (${queued} and ${jobRuns.outcome} = 'failed')) and ${jobRuns.attempts} < ${JOB_MAX_ATTEMPTS}`,
      })
      .returning({ id: jobRuns.id });
    return run;
  }

  async function execute(
    entry: ScheduledJob,
    slot: string,
    scheduledFor: Date,
    /** A scheduled run (not an operator's or a poller's): its last failed try tells operations. */
    scheduled = false,
    /** Run by the queue, whose retries pace the tries (runQueued). */
    queued = false,
  ): Promise<JobRunResult | null> {
    const run = await take(entry.name, slot, scheduledFor, queued);
    if (!run) return null;
    const mine = and(eq(jobRuns.id, run.id), eq(jobRuns.holder, holder), eq(jobRuns.outcome, "running"));
    const context: JobContext = {
      runId: run.id,
      scheduledFor,
      async renew() {
        const leaseUntil = new Date(now().getTime() + JOB_LEASE_MS);
        const held = await db.update(jobRuns).set({ leaseUntil }).where(mine).returning({ id: jobRuns.id });
        return held.length > 0;
      },
    };
    log.info({ job: entry.name, slot }, "scheduled job started");
    let outcome: "succeeded" | "failed";
    let summary: Record<string, unknown>;
    /** What only the log gets of a failure (an error's `logDetail`, such as a feed's network code). */
    let logDetail: Record<string, unknown> = {};
    try {
      summary = await entry.run(context);
      outcome = "succeeded";
    } catch (error) {
      outcome = "failed";
      const detail = (error as { logDetail?: unknown } | null)?.logDetail;
      // Under `cause`, whose `code` the log keeps (log-options.ts: a diagnostic, not a secret).
      if (detail && typeof detail === "object") logDetail = { cause: detail };
      // A database error carries bound values (addresses): only its code and message are kept.
      const failure = databaseFailure(error);
      summary = { error: failure ? `${failure.code ?? ""} ${failure.message ?? ""}`.trim() : String(error) };
    }
    const at = now();
    const recorded = await db
      .update(jobRuns)
      .set({
        outcome,
        finishedAt: at,
        summary,
        // A failed run may be taken again after a pause (take() checks the lease).
        leaseUntil: outcome === "failed" ? new Date(at.getTime() + JOB_RETRY_AFTER_MS) : at,
      })
      .where(mine)
      .returning({ id: jobRuns.id, attempts: jobRuns.attempts });
    if (recorded.length === 0) {
      log.warn({ job: entry.name, slot }, "scheduled job ran past its lease: another process took it over");
      return { job: entry.name, slot, outcome: "taken-over", summary };
    }
    if (outcome === "failed")
      log.error({ job: entry.name, slot, ...summary, ...logDetail }, "scheduled job failed");
    else log.info({ job: entry.name, slot, ...summary }, "scheduled job finished");
    const result: JobRunResult = { job: entry.name, slot, outcome, summary };
    const logAfterFailure = (error: unknown) => {
      const failure = databaseFailure(error);
      log.error(
        { job: entry.name, slot, error: failure?.message ?? String(error) },
        "after a job run: failed",
      );
    };
    await entry.after?.(result).catch(logAfterFailure);
    // take() will not take this run again: it ends "failed" on job_runs, and operations hear of it
    // (issue 46: before, only the log knew).
    const attempts = recorded[0]?.attempts ?? 1;
    if (outcome === "failed" && scheduled && attempts >= JOB_MAX_ATTEMPTS && !entry.alertsItself) {
      await options
        .failedForGood?.({
          job: entry.name,
          slot,
          scheduledFor,
          attempts,
          error: String(summary.error ?? ""),
        })
        .catch(logAfterFailure);
    }
    return result;
  }

  const pollers = new Map((options.pollers ?? []).map((poller) => [poller.name, poller]));

  /** A poller's run of `slot` as a job the scheduler can execute; its `after` learns the tries so far. */
  function dueEntry(poller: DuePoller, slot: string): ScheduledJob {
    const after = poller.after;
    return {
      name: poller.name,
      schedule: "",
      run: (context: JobContext) => poller.run(slot, context),
      ...(after
        ? {
            after: async (result: JobRunResult) => {
              const [run] = await db
                .select({ attempts: jobRuns.attempts })
                .from(jobRuns)
                .where(and(eq(jobRuns.job, poller.name), eq(jobRuns.slot, slot)));
              await after(slot, { ...result, attempts: run?.attempts ?? 1 });
            },
          }
        : {}),
    };
  }

  /**
   * Each of a poller's due runs that nobody else holds or has finished: run here, or with the queue
   * started sent to the poller's queue for its worker (the queue's tries, and its expiry for a run
   * whose process died).
   */
  async function runDue(poller: DuePoller): Promise<JobRunResult[]> {
    const results: JobRunResult[] = [];
    const boss = queue;
    for (const { slot, scheduledFor } of await poller.due(now())) {
      if (worker.stopping) break;
      if (boss) {
        await sendDue(boss, poller, slot, scheduledFor);
        continue;
      }
      const result = await execute(dueEntry(poller, slot), slot, scheduledFor);
      if (result) results.push(result);
    }
    const dueWorker = boss && dueWorkers.get(poller.name);
    // Sent now by staff: this process's worker looks at once rather than at its next poll.
    if (dueWorker) boss.notifyWorker(dueWorker);
    return results;
  }

  /**
   * Sends a due run to the poller's queue. Every process's tick finds it each minute until it is
   * done, so the send is keyed by the run on a queue whose policy is `exclusive`: while a message
   * for the run waits, waits to be tried again or is being worked, another is refused, so the
   * queue's retry delay paces the tries. A run whose process died is worked again once pg-boss
   * expires its message (the lease plus a minute).
   */
  async function sendDue(boss: PgBoss, poller: DuePoller, slot: string, scheduledFor: Date): Promise<void> {
    await boss.send(
      dueQueueOf(poller.name),
      { slot, scheduledFor: scheduledFor.toISOString() },
      { singletonKey: slot },
    );
  }

  /**
   * The poller queue's worker: the run takes its `job_runs` row as a queued fixed job's does, and a
   * failure is thrown for pg-boss to try again. The poller's `after` says when it failed for good.
   */
  async function runQueuedDue(poller: DuePoller, slot: string, scheduledFor: Date): Promise<void> {
    const result = await execute(dueEntry(poller, slot), slot, scheduledFor, false, true);
    if (result?.outcome === "failed") throw new Error(String(result.summary.error ?? "the run failed"));
  }

  /** Each poller's worker on its queue, by poller name (runDue wakes it). */
  const dueWorkers = new Map<string, string>();

  /**
   * Runs every job whose latest scheduled moment is due and not yet run (by anyone), then the
   * pollers' due runs; with the queue started, places the listed jobs' schedules and sends the
   * pollers' due runs to their queues instead.
   */
  async function tick(): Promise<JobRunResult[]> {
    const results: JobRunResult[] = [];
    const more = (await options.moreJobs?.()) ?? [];
    // Once the queue has started its cron runs every scheduled job: the tick only keeps the listed
    // jobs' schedules in step with the list (a feed added, changed or removed by staff).
    if (queue) await placeListed(queue, more);
    const due = queue
      ? []
      : [...jobs.values(), ...more.map((job) => ({ job, schedule: parseSchedule(job.schedule) }))];
    for (const { job, schedule } of due) {
      if (worker.stopping) break;
      // The one rule for which moment is due (schedule.ts), the one the Feeds screen shows too.
      const slot = slotDue(schedule, now(), job.since);
      if (!slot) continue;
      const result = await execute(job, slot.toISOString(), slot, true);
      if (result) results.push(result);
    }
    for (const poller of pollers.values()) {
      if (worker.stopping) break;
      results.push(...(await runDue(poller)));
    }
    return results;
  }

  /** The started queue that runs the fixed jobs (pg-boss), if any. */
  let queue: PgBoss | undefined;

  /**
   * A queued run of a fixed job: the slot it serves is the one `slotDue` names now (the cron fires
   * at that moment; a retry or a late worker still finds it), taken through the same `job_runs`
   * row as a tick's, so exactly-once and takeover are the lease's as before (decision 038). A
   * failure is thrown for pg-boss to try again; after the last try the job goes to FAILED_QUEUE.
   */
  async function runQueued(name: string): Promise<void> {
    const entry = jobs.get(name) ?? (await listedEntry(name));
    // A listed job since removed (a feed turned off after its run was placed) has nothing to run.
    if (!entry) return;
    const slot = slotDue(entry.schedule, now(), entry.job.since);
    if (!slot) return;
    const result = await execute(entry.job, slot.toISOString(), slot, false, true);
    if (result?.outcome === "failed") throw new Error(String(result.summary.error ?? "the run failed"));
  }

  /** FAILED_QUEUE's worker: the job's latest scheduled run failed its last try, so operations hear once. */
  async function failedInQueue(name: string): Promise<void> {
    const entry = jobs.get(name) ?? (await listedEntry(name));
    if (!entry || entry.job.alertsItself) return;
    const [run] = await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, name), sql`${jobRuns.slot} not like 'manual:%'`))
      .orderBy(desc(jobRuns.startedAt))
      .limit(1);
    if (run?.outcome !== "failed" || run.attempts < JOB_MAX_ATTEMPTS) return;
    await options
      .failedForGood?.({
        job: name,
        slot: run.slot,
        scheduledFor: run.scheduledFor,
        attempts: run.attempts,
        error: String((run.summary as { error?: unknown } | null)?.error ?? ""),
      })
      .catch((error: unknown) =>
        log.error(
          { job: name, error: databaseFailure(error)?.message ?? String(error) },
          "after a job run: failed",
        ),
      );
  }

  /** A listed job (moreJobs) by name, as the list reads now. */
  async function listedEntry(name: string) {
    const job = (await options.moreJobs?.())?.find((listed) => listed.name === name);
    return job ? { job, schedule: parseSchedule(job.schedule) } : undefined;
  }

  /**
   * Places each listed job's London cron on LISTED_QUEUE, keyed by its name, and takes off the
   * schedules of jobs no longer listed; a schedule already right is left alone (rewriting it would
   * only churn the row). Every process does it at each tick: pg-boss's upsert and delete make two
   * at once harmless.
   */
  async function placeListed(boss: PgBoss, listed: ScheduledJob[]): Promise<void> {
    const wanted = new Map(listed.map((job) => [scheduleKeyOf(job.name), job]));
    const placed = new Map((await boss.getSchedules(LISTED_QUEUE)).map((row) => [row.key, row.cron]));
    for (const key of placed.keys()) {
      if (!wanted.has(key)) await boss.unschedule(LISTED_QUEUE, key);
    }
    for (const [key, job] of wanted) {
      const cron = cronOf(parseSchedule(job.schedule));
      if (placed.get(key) === cron) continue;
      await boss.schedule(
        LISTED_QUEUE,
        cron,
        { job: job.name },
        { key, tz: "Europe/London", missed: "once" },
      );
    }
  }

  /**
   * At start, a listed job's due moment that no run has finished is sent once, as the ticks would
   * have run it: pg-boss owes a missed moment only from when its schedule row was written (its
   * `created_on`), so a feed set up while every process was down, or whose run a crash cut short
   * and whose lease has since ended, would otherwise wait for its next moment (faults: feed-kill).
   */
  async function sendOwedListed(boss: PgBoss, listed: ScheduledJob[]): Promise<void> {
    for (const job of listed) {
      const slot = slotDue(parseSchedule(job.schedule), now(), job.since);
      if (!slot) continue;
      const [run] = await db
        .select({ outcome: jobRuns.outcome, leaseUntil: jobRuns.leaseUntil, attempts: jobRuns.attempts })
        .from(jobRuns)
        .where(and(eq(jobRuns.job, job.name), eq(jobRuns.slot, slot.toISOString())));
      const owed =
        !run ||
        (run.outcome !== "succeeded" &&
          run.attempts < JOB_MAX_ATTEMPTS &&
          run.leaseUntil.getTime() <= now().getTime());
      if (!owed) continue;
      // Two processes starting together may both send it: the run's lease still runs it once.
      await boss.send(LISTED_QUEUE, { job: job.name });
    }
  }

  /** Opens the queue and hands it the fixed jobs: a queue, a London cron and a worker each. */
  async function startQueue(open: () => PgBoss): Promise<void> {
    const boss = open();
    const pollSeconds = options.queuePollSeconds ?? JOB_TICK_MS / 1000;
    const queueOptions = {
      // JOB_MAX_ATTEMPTS tries, as take() allows, the next once the failed run's pause is over.
      retryLimit: JOB_MAX_ATTEMPTS - 1,
      retryDelay: options.queueRetryDelaySeconds ?? JOB_RETRY_AFTER_MS / 1000 + 5,
      // A run whose process died is tried again once its lease has run out (take() then takes it over).
      expireInSeconds: options.queueExpireSeconds ?? JOB_LEASE_MS / 1000 + 60,
      deadLetter: FAILED_QUEUE,
    };
    try {
      await boss.start();
      await boss.createQueue(FAILED_QUEUE);
      await boss.work<{ job?: string }>(
        FAILED_QUEUE,
        { pollingIntervalSeconds: pollSeconds },
        async (batch) => {
          for (const item of batch) await failedInQueue(String(item.data?.job ?? ""));
        },
      );
      // A job no longer in the list (the demo job once SEED_DEMO is off) is no longer placed.
      for (const placed of await boss.getSchedules()) {
        if (placed.name.startsWith("job.") && !jobs.has(placed.name.slice(4))) {
          await boss.unschedule(placed.name, placed.key);
        }
      }
      for (const { job, schedule } of jobs.values()) {
        const name = queueOf(job.name);
        await boss.createQueue(name, queueOptions);
        // `missed: "once"`: a slot passed while every process was down runs when one is back (slotDue's rule).
        await boss.schedule(
          name,
          cronOf(schedule),
          { job: job.name },
          { tz: "Europe/London", missed: "once" },
        );
        await boss.work(name, { pollingIntervalSeconds: pollSeconds }, async () => runQueued(job.name));
      }
      for (const poller of pollers.values()) {
        // No dead letter: the poller's own `after` says a run failed for good (a newsletter's "Failed").
        const { deadLetter: _none, ...dueOptions } = queueOptions;
        await boss.createQueue(dueQueueOf(poller.name), { ...dueOptions, policy: "exclusive" });
        const id = await boss.work<{ slot?: string; scheduledFor?: string }>(
          dueQueueOf(poller.name),
          { pollingIntervalSeconds: pollSeconds },
          async (batch) => {
            for (const item of batch) {
              const { slot, scheduledFor } = item.data ?? {};
              if (slot && scheduledFor) await runQueuedDue(poller, slot, new Date(scheduledFor));
            }
          },
        );
        dueWorkers.set(poller.name, id);
      }
      if (options.moreJobs) {
        await boss.createQueue(LISTED_QUEUE, queueOptions);
        const listed = await options.moreJobs();
        await placeListed(boss, listed);
        await sendOwedListed(boss, listed);
        await boss.work<{ job?: string }>(
          LISTED_QUEUE,
          { pollingIntervalSeconds: pollSeconds },
          async (batch) => {
            for (const item of batch) await runQueued(String(item.data?.job ?? ""));
          },
        );
      }
      queue = boss;
    } catch (error) {
      // The ticks keep running the jobs (the lease still makes each run once): degraded, not stopped.
      log.error({ err: error }, "job queue did not start: the scheduler's ticks run the scheduled jobs");
      await boss.stop({ graceful: false }).catch(() => {});
    }
  }

  /** Ticks one at a time in this process (interval-worker.ts); `stopping` ends a tick between jobs. */
  const worker = intervalWorker(tick, (error) =>
    log.error({ failure: databaseFailure(error) ?? String(error) }, "job scheduler tick failed"),
  );

  return {
    holder,
    tick,

    /**
     * Runs `name` now, whatever its schedule (the operator's command): a run of its own, recorded
     * like the others. The job's own keys still decide what it sends (at most once a period).
     */
    async runNow(name: string): Promise<JobRunResult> {
      const job = jobs.get(name)?.job ?? (await options.moreJobs?.())?.find((entry) => entry.name === name);
      if (!job) throw new Error(`No job named ${name}: ${[...jobs.keys()].join(", ")}`);
      const at = now();
      const result = await execute(job, `manual:${at.toISOString()}`, at);
      if (!result) throw new Error(`The run of ${name} asked for at ${at.toISOString()} is already taken`);
      return result;
    },

    /** The latest runs of a job, newest first. */
    async recentRuns(name: string, limit = 10) {
      return db
        .select()
        .from(jobRuns)
        .where(eq(jobRuns.job, name))
        .orderBy(desc(jobRuns.startedAt))
        .limit(limit);
    },

    /** Every job's name, the feeds' (`feed:<pharmacy>`) included. */
    async names(): Promise<string[]> {
      const more = (await options.moreJobs?.()) ?? [];
      return [...jobs.keys(), ...more.map((job) => job.name)];
    },

    /** Looks for due work now in a started scheduler (a newsletter sent now); tests call runDue. */
    wake: worker.wake,

    /** Runs one poller's due runs now (a newsletter sent now; tests). */
    async runDue(name: string): Promise<JobRunResult[]> {
      const poller = pollers.get(name);
      if (!poller) throw new Error(`No poller named ${name}`);
      return runDue(poller);
    },

    /**
     * Starts the queue for the fixed jobs (with `openQueue`), then ticks every JOB_TICK_MS for the
     * feeds and the pollers (server.ts, scripts/start.ts; tests call tick() or start a queue).
     */
    async start(intervalMs: number = JOB_TICK_MS): Promise<void> {
      if (options.openQueue && (jobs.size > 0 || options.moreJobs || options.pollers?.length) && !queue) {
        await startQueue(options.openQueue);
      }
      worker.start(intervalMs);
    },

    /** Stops ticking and the queue's workers, waiting for a run in hand (it renews its lease, so it is not taken over). */
    async stop(): Promise<void> {
      const boss = queue;
      queue = undefined;
      await Promise.all([worker.stop(), boss?.stop({ graceful: true, timeout: 30_000 })]);
    },
  };
}
