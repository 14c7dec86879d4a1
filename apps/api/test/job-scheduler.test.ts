import { addDays, adminEndpoints, londonDay, ServiceHealth } from "@pharmacompare/contract";
import { and, eq, like } from "drizzle-orm";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailOutbox, jobRuns } from "../src/db/schema.ts";
import { openJobQueue } from "../src/jobs/queue.ts";
import { latestSlot, londonInstant, parseSchedule } from "../src/jobs/schedule.ts";
import {
  createJobScheduler,
  type DuePoller,
  type FailedForGood,
  JOB_LEASE_MS,
  JOB_MAX_ATTEMPTS,
  JOB_RETRY_AFTER_MS,
  type ScheduledJob,
} from "../src/jobs/scheduler.ts";
import { bearer, MINUTE, signIn, testClock } from "./admin-helpers.ts";
import { TEST_ADMIN } from "./fixtures.ts";
import { createSmtpSink } from "./smtp-sink.ts";
import { mailReader } from "./subscribers.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * The scheduler's lease in the database (decision 038): two API instances on one database (on
 * PostgreSQL two connection pools, as two processes have) find the same run due and one runs it.
 */
const clock = testClock({ frozen: true });
const SITE = "https://www.pharmacompare.example";
const sink = createSmtpSink();
const mailTo = mailReader(sink.received);
let api: TestApi;

beforeAll(async () => {
  // Noon tomorrow in London: four hours after the daily 08:00, whatever time the suite runs.
  const noon = londonInstant(addDays(londonDay(clock.now()), 1), 12, 0);
  clock.advance(noon.getTime() - clock.now().getTime());
  await sink.start();
  api = await createTestApi({ SMTP_URL: sink.url, SITE_URL: SITE, MAIL_RATE: "1000" }, { now: clock.now });
});
afterAll(async () => {
  await api?.close();
  await sink.stop();
});

/** A job that counts its runs, and may be told to fail or to wait. */
function countingJob(name: string, behaviour: { fail?: boolean; hold?: Promise<void> } = {}) {
  const runs: Date[] = [];
  const job: ScheduledJob = {
    name,
    schedule: "daily 08:00",
    async run(context) {
      runs.push(context.scheduledFor);
      await behaviour.hold;
      if (behaviour.fail) throw new Error("the job failed");
      return { ran: runs.length };
    },
  };
  return { job, runs };
}

const log = { info() {}, warn() {}, error() {} } as never;

async function rowsOf(job: string) {
  return api.database.db.select().from(jobRuns).where(eq(jobRuns.job, job));
}

describe("a scheduled job runs once across processes", () => {
  it("two instances on one database take one lease for the due run, and the run is recorded", async () => {
    const other = await api.another();
    const { job, runs } = countingJob("test-once");
    const first = createJobScheduler(api.database.db, { now: clock.now, log, jobs: [job], holder: "first" });
    const second = createJobScheduler(other.database.db, {
      now: clock.now,
      log,
      jobs: [job],
      holder: "second",
    });

    const [a, b] = await Promise.all([first.tick(), second.tick()]);
    expect(runs).toHaveLength(1);
    expect([...a, ...b]).toEqual([
      { job: "test-once", slot: runs[0]?.toISOString(), outcome: "succeeded", summary: { ran: 1 } },
    ]);
    const slot = latestSlot(parseSchedule("daily 08:00"), clock.now());
    expect(runs[0]).toEqual(slot);
    const [row] = await rowsOf("test-once");
    expect(row).toMatchObject({
      slot: slot.toISOString(),
      scheduledFor: slot,
      holder: a.length === 1 ? "first" : "second",
      attempts: 1,
      startedAt: clock.now(),
      finishedAt: clock.now(),
      outcome: "succeeded",
      summary: { ran: 1 },
    });

    // Later the same day neither runs it again; both stay quiet.
    clock.advance(30 * MINUTE);
    expect([...(await first.tick()), ...(await second.tick())]).toEqual([]);
    expect(runs).toHaveLength(1);
    expect(await rowsOf("test-once")).toHaveLength(1);
  });

  it("a run whose holder died is taken over once its lease runs out, not before", async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stuck = countingJob("test-takeover", { hold });
    const dying = createJobScheduler(api.database.db, {
      now: clock.now,
      log,
      jobs: [stuck.job],
      holder: "dying",
    });
    const running = dying.tick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stuck.runs).toHaveLength(1);

    const healthy = countingJob("test-takeover");
    const next = createJobScheduler(api.database.db, {
      now: clock.now,
      log,
      jobs: [healthy.job],
      holder: "next",
    });
    expect(await next.tick()).toEqual([]);
    clock.advance(JOB_LEASE_MS);
    expect(await next.tick()).toMatchObject([{ job: "test-takeover", outcome: "succeeded" }]);
    expect(healthy.runs).toHaveLength(1);

    // The first holder comes back to life: its outcome is not recorded over the new one.
    release();
    expect(await running).toMatchObject([{ outcome: "taken-over" }]);
    const [row] = await rowsOf("test-takeover");
    expect(row).toMatchObject({ holder: "next", attempts: 2, outcome: "succeeded" });
  });

  it("a failed run is tried again after a pause, at most JOB_MAX_ATTEMPTS times, and says why", async () => {
    const failing = countingJob("test-failing", { fail: true });
    const scheduler = createJobScheduler(api.database.db, { now: clock.now, log, jobs: [failing.job] });
    expect(await scheduler.tick()).toMatchObject([
      { outcome: "failed", summary: { error: "Error: the job failed" } },
    ]);
    expect(await scheduler.tick()).toEqual([]);
    for (let attempt = 2; attempt <= JOB_MAX_ATTEMPTS; attempt += 1) {
      clock.advance(JOB_RETRY_AFTER_MS);
      expect(await scheduler.tick()).toMatchObject([{ outcome: "failed" }]);
    }
    clock.advance(JOB_RETRY_AFTER_MS);
    expect(await scheduler.tick()).toEqual([]);
    expect(failing.runs).toHaveLength(JOB_MAX_ATTEMPTS);
    const [row] = await rowsOf("test-failing");
    expect(row).toMatchObject({ outcome: "failed", attempts: JOB_MAX_ATTEMPTS });
  });

  it("the API's own price-drop job runs once when two instances tick together", async () => {
    const other = await api.another();
    clock.advance(24 * 60 * MINUTE);
    const [a, b] = await Promise.all([api.app.services.jobs.tick(), other.services.jobs.tick()]);
    const ran = [...a, ...b].filter((result) => result.job === "priceDrops");
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ outcome: "succeeded" });
    const slot = latestSlot(parseSchedule("daily 08:00"), clock.now()).toISOString();
    const rows = (await rowsOf("priceDrops")).filter((row) => row.slot === slot);
    expect(rows).toHaveLength(1);
    expect([api.app.services.jobs.holder, other.services.jobs.holder]).toContain(rows[0]?.holder);
  });
});

describe("a scheduled job that fails for good (issue 46, decision 066)", () => {
  it("ends failed after its last try and emails the operations address once", async () => {
    // Tomorrow's 08:00 price drops, whose every try fails for real: the price history it reads is gone.
    clock.advance(24 * 60 * MINUTE);
    const slot = latestSlot(parseSchedule("daily 08:00"), clock.now()).toISOString();
    const priceDrops = async () =>
      (await api.app.services.jobs.tick()).filter((result) => result.job === "priceDrops");
    await api.withSql(
      "alter table price_history rename to test_history_gone",
      "alter table test_history_gone rename to price_history",
      async () => {
        for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt += 1) {
          expect(await priceDrops()).toMatchObject([{ slot, outcome: "failed" }]);
          // No email while tries are left.
          const queued = await api.database.db
            .select()
            .from(emailOutbox)
            .where(like(emailOutbox.idempotencyKey, `job-ops:priceDrops:${slot}:%`));
          expect(queued).toHaveLength(attempt < JOB_MAX_ATTEMPTS ? 0 : 1);
          clock.advance(JOB_RETRY_AFTER_MS);
        }
        // Not tried again.
        expect(await priceDrops()).toEqual([]);
      },
    );
    const [run] = (await rowsOf("priceDrops")).filter((row) => row.slot === slot);
    expect(run).toMatchObject({ outcome: "failed", attempts: JOB_MAX_ATTEMPTS });

    const start = sink.received.length;
    await api.app.services.outbox.deliverDue();
    const ops = mailTo(TEST_ADMIN.email, start).filter(
      (mail) => mail.subject === "Scheduled job failed: priceDrops",
    );
    expect(ops).toHaveLength(1);
    expect(ops[0]?.text).toContain(`The scheduled job "priceDrops" due`);
    expect(ops[0]?.text).toContain(`failed ${JOB_MAX_ATTEMPTS} times and will not be tried again`);
    expect(ops[0]?.text).toContain('relation "price_history" does not exist');
    expect(ops[0]?.text).toContain(`${SITE}/admin`);

    // Staff see it on the dashboard's service health until a later run succeeds.
    const failedJobs = async () => {
      // Signed in afresh: the clock moves a day between looks.
      const token = await signIn(api.app);
      const res = await api.app.inject({
        method: "GET",
        url: urlOf(adminEndpoints.serviceHealth, {}),
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      // The day's price index reads the same history and failed too: each job is listed once.
      return ServiceHealth.parse(res.json()).failedJobs.filter((run) => run.job === "priceDrops");
    };
    expect(await failedJobs()).toEqual([
      {
        job: "priceDrops",
        scheduledFor: slot,
        attempts: JOB_MAX_ATTEMPTS,
        error: expect.stringContaining('relation "price_history" does not exist'),
      },
    ]);
    // The next day's run, with the history back, succeeds.
    clock.advance(24 * 60 * MINUTE);
    expect(await priceDrops()).toMatchObject([{ outcome: "succeeded" }]);
    expect(await failedJobs()).toEqual([]);
  });
});

/** Waits until `done()` answers true (checked every 200 ms), or fails after `ms`. */
async function until(done: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("the fixed jobs on the queue (pg-boss, decision 066)", () => {
  it("a queued run takes its slot's row once; a failing one is tried three times, then failed for good once", async () => {
    const { job, runs } = countingJob("test-queued");
    let tries = 0;
    const failing: ScheduledJob = {
      name: "test-queued-fails",
      schedule: "daily 08:00",
      async run() {
        tries += 1;
        // The clock stands still: the queue's retry delay, not the failed run's pause on the lease, paces the tries.
        throw new Error("the job failed");
      },
    };
    const failed: FailedForGood[] = [];
    const scheduler = createJobScheduler(api.database.db, {
      now: clock.now,
      log,
      jobs: [job, failing],
      holder: "queued",
      openQueue: () => openJobQueue(api.database, log),
      queueRetryDelaySeconds: 1,
      queuePollSeconds: 0.5,
      async failedForGood(run) {
        failed.push(run);
      },
    });
    // Another process's pg-boss on the same database, as the cron would, sends each job directly.
    const sender = openJobQueue(api.database, log);
    await sender.start();
    // A job an earlier release scheduled and this one no longer has (SEED_DEMO turned off, say).
    await sender.createQueue("job.test-gone");
    await sender.schedule("job.test-gone", "0 8 * * *", { job: "test-gone" }, { tz: "Europe/London" });
    // The ticks (an hour apart here) leave the fixed jobs to the queue once it has started.
    await scheduler.start(60 * 60_000);
    expect(
      (await sender.getSchedules()).map((placed) => [placed.name, placed.cron, placed.timezone]),
    ).toEqual(
      expect.arrayContaining([
        ["job.test-queued", "0 8 * * *", "Europe/London"],
        ["job.test-queued-fails", "0 8 * * *", "Europe/London"],
      ]),
    );
    expect(await sender.getSchedules("job.test-gone")).toEqual([]);
    const done = (queue: string, id: string | null) => async () =>
      (await sender.getJobById(queue, id ?? ""))?.state === "completed";
    try {
      const slot = latestSlot(parseSchedule("daily 08:00"), clock.now());
      const first = await sender.send("job.test-queued", { job: "test-queued" });
      await until(done("job.test-queued", first));
      expect(runs).toEqual([slot]);
      expect(await rowsOf("test-queued")).toMatchObject([
        { slot: slot.toISOString(), outcome: "succeeded", holder: "queued", attempts: 1 },
      ]);
      // The same slot sent again (a second process's cron, a late retry): its row is done, nothing runs.
      const again = await sender.send("job.test-queued", { job: "test-queued" });
      await until(done("job.test-queued", again));
      expect(runs).toHaveLength(1);

      await sender.send("job.test-queued-fails", { job: "test-queued-fails" });
      await until(async () => failed.length > 0);
      expect(tries).toBe(JOB_MAX_ATTEMPTS);
      expect(failed).toEqual([
        {
          job: "test-queued-fails",
          slot: slot.toISOString(),
          scheduledFor: slot,
          attempts: JOB_MAX_ATTEMPTS,
          error: "Error: the job failed",
        },
      ]);
      // What pg-boss keeps names the job and nothing else (docs/compliance.md: nothing personal in `pgboss`).
      const kept = [
        ...(await sender.findJobs("job.test-queued")),
        ...(await sender.findJobs("job.test-queued-fails")),
        ...(await sender.findJobs("jobs-failed")),
      ];
      expect(new Set(kept.map((item) => JSON.stringify(item.data)))).toEqual(
        new Set([JSON.stringify({ job: "test-queued" }), JSON.stringify({ job: "test-queued-fails" })]),
      );
      expect((await sender.findJobs("jobs-failed")).map((item) => item.data)).toEqual([
        { job: "test-queued-fails" },
      ]);
      expect(await rowsOf("test-queued-fails")).toMatchObject([
        { slot: slot.toISOString(), outcome: "failed", attempts: JOB_MAX_ATTEMPTS },
      ]);
    } finally {
      await sender.stop({ graceful: false });
      await scheduler.stop();
    }
  }, 150_000);
});

describe("a queued run whose process stops answering (issue 46)", () => {
  it("is taken over by another process once its lease and the queue's expiry have passed, and runs once more only there", async () => {
    const ran: string[] = [];
    let release = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    const job = (holder: string, hold?: Promise<void>): ScheduledJob => ({
      name: "test-queued-takeover",
      schedule: "daily 08:00",
      async run() {
        ran.push(holder);
        await hold;
        return { by: holder };
      },
    });
    const schedulerOf = (holder: string, hold?: Promise<void>) =>
      createJobScheduler(api.database.db, {
        now: clock.now,
        log,
        jobs: [job(holder, hold)],
        holder,
        openQueue: () => openJobQueue(api.database, log),
        queueRetryDelaySeconds: 1,
        queueExpireSeconds: 1,
        queuePollSeconds: 0.5,
      });
    // The first process takes the run and then stops answering (as one SIGKILLed would leave it).
    const first = schedulerOf("first", hung);
    const second = schedulerOf("second");
    const sender = openJobQueue(api.database, log);
    await sender.start();
    await first.start(60 * 60_000);
    try {
      await sender.send("job.test-queued-takeover", { job: "test-queued-takeover" });
      await until(async () => ran.length > 0);
      expect(await rowsOf("test-queued-takeover")).toMatchObject([{ holder: "first", outcome: "running" }]);
      await second.start(60 * 60_000);
      // Its lease runs out on the scheduler's clock; the queue's expiry on the real one (a supervise pass).
      clock.advance(JOB_LEASE_MS + MINUTE);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await sender.supervise("job.test-queued-takeover");
      await until(async () => (await rowsOf("test-queued-takeover"))[0]?.outcome === "succeeded");
      expect(ran).toEqual(["first", "second"]);
      expect(await rowsOf("test-queued-takeover")).toMatchObject([
        { holder: "second", outcome: "succeeded", attempts: 2, summary: { by: "second" } },
      ]);
      // The first process wakes and finds its run taken: it records nothing over the second's.
      release();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await rowsOf("test-queued-takeover")).toMatchObject([
        { holder: "second", outcome: "succeeded" },
      ]);
    } finally {
      release();
      await sender.stop({ graceful: false });
      await Promise.all([first.stop(), second.stop()]);
    }
  }, 120_000);
});

describe("a process whose queue cannot start (issue 46)", () => {
  it("says so in its log and runs the fixed jobs by its ticks, once", async () => {
    const { job, runs } = countingJob("test-no-queue");
    const errors: string[] = [];
    const scheduler = createJobScheduler(api.database.db, {
      now: clock.now,
      log: { info() {}, warn() {}, error: (_: unknown, message: string) => errors.push(message) } as never,
      jobs: [job],
      holder: "no-queue",
      // Nothing listens on port 1: the queue's start fails as it would with its database unreachable.
      openQueue: () => new PgBoss({ connectionString: "postgres://127.0.0.1:1/none", max: 1 }),
    });
    await scheduler.start(60 * 60_000);
    try {
      expect(errors).toContain("job queue did not start: the scheduler's ticks run the scheduled jobs");
      await until(async () => runs.length > 0);
      expect(await scheduler.tick()).toEqual([]);
      expect(runs).toHaveLength(1);
      expect(await rowsOf("test-no-queue")).toMatchObject([{ holder: "no-queue", outcome: "succeeded" }]);
    } finally {
      await scheduler.stop();
    }
  }, 60_000);
});

describe("a poller's due runs on the queue (a staff newsletter, issue 46)", () => {
  it("the tick sends each due run to the poller's queue, whose worker runs it once; a failing one is tried three times", async () => {
    const ran: string[] = [];
    const afters: { slot: string; outcome: string; attempts: number }[] = [];
    const due = new Set(["letter-ok", "letter-bad"]);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const poller: DuePoller = {
      name: "test-letters",
      async due(at) {
        return [...due].map((slot) => ({ slot, scheduledFor: at }));
      },
      async run(slot) {
        ran.push(slot);
        if (slot === "letter-bad") throw new Error("no recipients");
        await held;
        due.delete(slot);
        return { queued: 1 };
      },
      async after(slot, result) {
        afters.push({ slot, outcome: result.outcome, attempts: result.attempts });
        if (result.attempts >= JOB_MAX_ATTEMPTS) due.delete(slot);
      },
    };
    const scheduler = createJobScheduler(api.database.db, {
      now: clock.now,
      log,
      jobs: [],
      pollers: [poller],
      holder: "due",
      openQueue: () => openJobQueue(api.database, log),
      queueRetryDelaySeconds: 1,
      queuePollSeconds: 0.5,
    });
    const sender = openJobQueue(api.database, log);
    await sender.start();
    await scheduler.start(60 * 60_000);
    const tries = (slot: string) => ran.filter((one) => one === slot).length;
    try {
      await until(async () => tries("letter-ok") === 1);
      // Found again by ticks while its run is under way (staff's send now, another process): no second message.
      expect(await scheduler.runDue("test-letters")).toEqual([]);
      expect(await scheduler.runDue("test-letters")).toEqual([]);
      expect(await sender.findJobs("due.test-letters", { key: "letter-ok" })).toHaveLength(1);
      release();
      await until(async () => tries("letter-bad") === JOB_MAX_ATTEMPTS && afters.length === 4);
      expect(tries("letter-ok")).toBe(1);
      expect(afters).toEqual(
        expect.arrayContaining([
          { slot: "letter-ok", outcome: "succeeded", attempts: 1 },
          { slot: "letter-bad", outcome: "failed", attempts: JOB_MAX_ATTEMPTS },
        ]),
      );
      expect(await rowsOf("test-letters")).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ slot: "letter-ok", outcome: "succeeded", holder: "due", attempts: 1 }),
          expect.objectContaining({ slot: "letter-bad", outcome: "failed", attempts: JOB_MAX_ATTEMPTS }),
        ]),
      );
      // Failed for good: the poller no longer lists it, and nothing runs it again.
      await scheduler.runDue("test-letters");
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(ran).toHaveLength(1 + JOB_MAX_ATTEMPTS);
    } finally {
      release();
      await sender.stop({ graceful: false });
      await scheduler.stop();
    }
  }, 120_000);
});

describe("the listed jobs on the queue (a pharmacy's feed, issue 46)", () => {
  it("each listed job is its own keyed schedule, kept in step with the list; a due moment nobody ran is sent at start", async () => {
    const ran: string[] = [];
    const listed = (name: string, schedule: string, since?: Date): ScheduledJob => ({
      name,
      schedule,
      ...(since ? { since } : {}),
      async run(context) {
        ran.push(`${name}@${context.scheduledFor.toISOString()}`);
        return {};
      },
    });
    // A feed whose 08:00 came while no process ran it, and one set up just now (nothing owed yet).
    let list = [listed("test:listed-a", "daily 08:00"), listed("test:listed-b", "daily 09:00", clock.now())];
    const scheduler = createJobScheduler(api.database.db, {
      now: clock.now,
      log,
      jobs: [],
      moreJobs: async () => list,
      holder: "listed",
      openQueue: () => openJobQueue(api.database, log),
      queuePollSeconds: 0.5,
    });
    const sender = openJobQueue(api.database, log);
    await sender.start();
    const placed = async () =>
      (await sender.getSchedules("jobs-listed")).map((row) => [row.key, row.cron, row.timezone]).sort();
    await scheduler.start(60 * 60_000);
    try {
      expect(await placed()).toEqual([
        ["test/listed-a", "0 8 * * *", "Europe/London"],
        ["test/listed-b", "0 9 * * *", "Europe/London"],
      ]);
      const eight = latestSlot(parseSchedule("daily 08:00"), clock.now());
      await until(async () => ran.length > 0);
      expect(ran).toEqual([`test:listed-a@${eight.toISOString()}`]);
      expect(await rowsOf("test:listed-a")).toMatchObject([{ outcome: "succeeded", holder: "listed" }]);

      // Staff remove one feed and change the other: the next tick re-places them and runs neither itself.
      list = [listed("test:listed-b", "every 6 hours from 03:17")];
      expect(await scheduler.tick()).toEqual([]);
      expect(await placed()).toEqual([["test/listed-b", "17 3-23/6 * * *", "Europe/London"]]);

      // The cron's send (here by hand) runs it for its due moment; a removed job's send runs nothing.
      const nine17 = latestSlot(parseSchedule("every 6 hours from 03:17"), clock.now());
      await sender.send("jobs-listed", { job: "test:listed-a" });
      const sent = await sender.send("jobs-listed", { job: "test:listed-b" });
      await until(async () => (await sender.getJobById("jobs-listed", sent ?? ""))?.state === "completed");
      expect(ran).toEqual([`test:listed-a@${eight.toISOString()}`, `test:listed-b@${nine17.toISOString()}`]);
    } finally {
      await sender.stop({ graceful: false });
      await scheduler.stop();
    }
  }, 120_000);
});

describe("staff run a job now (the back-office's send now)", () => {
  it("runs it as a run of its own, audited; refuses an unknown job and anyone not signed in", async () => {
    const token = await signIn(api.app);
    const url = urlOf(adminEndpoints.runJob, { params: { job: "priceDrops" } });
    const anonymous = await api.app.inject({ method: "POST", url });
    expect(anonymous.statusCode).toBe(401);

    const res = await api.app.inject({ method: "POST", url, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ job: "priceDrops", outcome: "succeeded", summary: { falls: 0 } });
    const manual = (await rowsOf("priceDrops")).filter((row) => row.slot.startsWith("manual:"));
    expect(manual).toHaveLength(1);
    const entries = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "job_run"), eq(auditLog.entityId, manual[0]?.slot ?? "")));
    expect(entries).toMatchObject([
      { action: "create", changes: { job: "priceDrops", outcome: "succeeded" } },
    ]);

    const unknown = await api.app.inject({
      method: "POST",
      url: "/api/admin/jobs/everything/run",
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      fields: { job: "must be one of: priceDrops, weeklyDigest, priceIndex" },
    });
  });
});
