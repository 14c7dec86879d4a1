import { spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { Logger, run as runGraphile } from "graphile-worker";
import pg from "pg";
import { fromDrizzle, fromPglite, PgBoss } from "pg-boss";
import { createPglite, wrapPglite } from "../apps/api/src/db/client.ts";
import { latestSlot, parseSchedule } from "../apps/api/src/jobs/schedule.ts";
import { startPostgres } from "../scripts/postgres-server.ts";
import { startProduct } from "./product.ts";

/**
 * `node bench/queue-spike.ts` (issue 46, decision 066): what pg-boss (and graphile-worker) do on
 * this machine against our scheduler and outbox, measured rather than read off a feature list.
 * Each check prints one line `name: figure`; decision 066 quotes them. Never part of `npm test`.
 *
 *   (a) pg-boss on PGlite (the embedded default), its own schema beside ours
 *   (b) cron in Europe/London across both DST changes, against jobs/schedule.ts
 *   (c) exactly-once: 1,000 jobs, two worker processes on one PostgreSQL, duplicates counted
 *   (d) send() inside a drizzle transaction that rolls back leaves no job
 *   (e) retries with backoff, then the dead-letter queue
 *   (f) throughput, and the idle cost (transactions a second) against the product's own
 *   (g) graphile-worker: PGlite or not, and the same 1,000 jobs on PostgreSQL
 *
 * `--worker=<url>` is the child mode of (c).
 */
const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const JOBS = Number(flag("jobs") ?? 1000);
const IDLE_SECONDS = Number(flag("idle") ?? 20);
const report = (name: string, figure: unknown) =>
  process.stdout.write(`${name}: ${JSON.stringify(figure)}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** (c)'s child: works the queue and records each job it was handed in `spike_seen`. */
async function worker(url: string, id: string) {
  const boss = new PgBoss({ connectionString: url, schedule: false, supervise: false, migrate: false });
  boss.on("error", () => {});
  await boss.start();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  await boss.work(
    "spike-once",
    { batchSize: 10, pollingIntervalSeconds: 0.5, localConcurrency: 2 },
    async (jobs) => {
      for (const job of jobs)
        await pool.query("insert into spike_seen (job_id, worker) values ($1, $2)", [job.id, id]);
    },
  );
  process.stdout.write("ready\n");
  process.on("SIGTERM", async () => {
    await boss.stop({ graceful: false }).catch(() => {});
    await pool.end();
    process.exit(0);
  });
}

/** Waits until `done()` answers true (checked every 100 ms), or `ms` pass. */
async function until(done: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await done()) return true;
    await sleep(100);
  }
  return false;
}

async function spikePglite() {
  const pglite = await createPglite();
  const ours = wrapPglite(pglite);
  await ours.migrate();
  const boss = new PgBoss({ db: fromPglite(pglite), backend: "pglite" });
  boss.on("error", (error) => report("a.error", String(error)));
  let started = performance.now();
  await boss.start();
  report("a.pglite.start_ms (migrations included)", Math.round(performance.now() - started));
  await boss.createQueue("spike");
  started = performance.now();
  await boss.insert(
    "spike",
    Array.from({ length: JOBS }, (_, i) => ({ data: { i } })),
  );
  report(`a.pglite.insert_${JOBS}_ms`, Math.round(performance.now() - started));
  let done = 0;
  started = performance.now();
  await boss.work("spike", { batchSize: 50, pollingIntervalSeconds: 0.5 }, async (jobs) => {
    done += jobs.length;
  });
  await until(async () => done >= JOBS, 120_000);
  report(`a.pglite.work_${JOBS}_ms`, Math.round(performance.now() - started));

  // (d) on PGlite: the caller's drizzle transaction rolls back, so does its job.
  await boss.createQueue("spike-tx");
  await ours.db
    .transaction(async (tx) => {
      await boss.send("spike-tx", { rolled: true }, { db: fromDrizzle(tx as never, sql) });
      throw new Error("roll back");
    })
    .catch(() => {});
  await ours.db.transaction(async (tx) => {
    await boss.send("spike-tx", { committed: true }, { db: fromDrizzle(tx as never, sql) });
  });
  const kept = await boss.findJobs("spike-tx");
  report(
    "d.pglite.jobs_after_rollback_and_commit",
    kept.map((job) => job.data),
  );
  await boss.stop({ graceful: false });
  await pglite.close();
}

function spikeCron() {
  // Our schedule (jobs/schedule.ts) against pg-boss's cron with tz over the two DST changes of 2026.
  const boss = new PgBoss({ connectionString: "postgres://unused" });
  for (const [from, cron, ours] of [
    ["2026-03-27T12:00:00Z", "0 8 * * *", "daily 08:00"],
    ["2026-10-23T12:00:00Z", "0 8 * * *", "daily 08:00"],
    ["2026-03-27T12:00:00Z", "30 1 * * *", "daily 01:30"],
    ["2026-10-23T12:00:00Z", "30 1 * * *", "daily 01:30"],
  ] as const) {
    const theirs = boss
      .previewSchedule(cron, { tz: "Europe/London", from: new Date(from), count: 4 })
      .map((at) => at.toISOString());
    const schedule = parseSchedule(ours);
    // latestSlot at the end of each of the four days: the moment our scheduler runs that day.
    const mine = [1, 2, 3, 4].map((day) =>
      latestSlot(schedule, new Date(Date.parse(from) + day * 86_400_000 + 11 * 3_600_000)).toISOString(),
    );
    report(`b.cron "${cron}" Europe/London from ${from.slice(0, 10)}`, { pgBoss: theirs, ours: mine });
  }
}

/** Transactions a second committed in `database` while nothing is asked of it, over `seconds`. */
async function idleRate(url: string, seconds: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const read = async () =>
    Number(
      (await client.query("select sum(xact_commit + xact_rollback)::bigint as n from pg_stat_database"))
        .rows[0].n,
    );
  // pg_stat_database is updated by each backend at most every 500 ms (PGSTAT_MIN_INTERVAL).
  await sleep(1500);
  const before = await read();
  await sleep(seconds * 1000);
  await client.query("select pg_stat_clear_snapshot()");
  const after = await read();
  await client.end();
  // Our own two reads count too: about one a read.
  return Math.round(((after - before - 2) / seconds) * 10) / 10;
}

async function spikePostgres() {
  const server = await startPostgres({ maxConnections: 200 });
  try {
    const url = server.url;
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    report("f.idle_tx_per_s.nothing_running", await idleRate(url, IDLE_SECONDS));

    const boss = new PgBoss({ connectionString: url, max: 4 });
    boss.on("error", (error) => report("pg.error", String(error)));
    let started = performance.now();
    await boss.start();
    report("pg.start_ms (migrations included)", Math.round(performance.now() - started));

    // (f) idle: a started pg-boss (maintenance, cron monitor) and one idle worker at the default poll.
    await boss.createQueue("spike-idle");
    await boss.work("spike-idle", async () => {});
    report("f.idle_tx_per_s.pg_boss_one_idle_worker_default_poll", await idleRate(url, IDLE_SECONDS));
    await boss.offWork("spike-idle");

    // (c) exactly once: two worker processes, one queue, JOBS jobs.
    await pool.query("create table spike_seen (job_id uuid not null, worker text not null)");
    await boss.createQueue("spike-once");
    const children = ["one", "two"].map((id) =>
      spawn(process.execPath, [new URL(import.meta.url).pathname, `--worker=${url}`, `--id=${id}`], {
        stdio: ["ignore", "pipe", "inherit"],
      }),
    );
    // Timed from when both workers are polling, not from their start.
    await Promise.all(children.map((child) => new Promise((resolve) => child.stdout?.once("data", resolve))));
    started = performance.now();
    await boss.insert(
      "spike-once",
      Array.from({ length: JOBS }, (_, i) => ({ data: { i } })),
    );
    const seen = async () =>
      Number((await pool.query("select count(*)::int as n from spike_seen")).rows[0].n);
    await until(async () => (await seen()) >= JOBS, 120_000);
    report(`c.pg.two_processes_${JOBS}_jobs_ms`, Math.round(performance.now() - started));
    await sleep(2000);
    const counts = (
      await pool.query(
        "select count(*)::int as handled, count(distinct job_id)::int as distinct_jobs, " +
          "count(*) filter (where worker = 'one')::int as by_one, count(*) filter (where worker = 'two')::int as by_two from spike_seen",
      )
    ).rows[0];
    report("c.pg.exactly_once", { ...counts, duplicates: counts.handled - counts.distinct_jobs });
    for (const child of children) child.kill("SIGTERM");

    // (d) on PostgreSQL through drizzle's node-postgres transaction.
    const db = drizzle(pool);
    await boss.createQueue("spike-tx");
    await db
      .transaction(async (tx) => {
        await boss.send("spike-tx", { rolled: true }, { db: fromDrizzle(tx as never, sql) });
        throw new Error("roll back");
      })
      .catch(() => {});
    report("d.pg.jobs_after_rollback", (await boss.findJobs("spike-tx")).length);

    // (e) retries with backoff, then the dead letter.
    await boss.createQueue("spike-dead");
    await boss.createQueue("spike-failing", {
      retryLimit: 2,
      retryDelay: 1,
      retryBackoff: true,
      deadLetter: "spike-dead",
    });
    const tries: number[] = [];
    started = performance.now();
    await boss.work("spike-failing", { pollingIntervalSeconds: 0.5 }, async () => {
      tries.push(Math.round(performance.now() - started));
      throw new Error("always fails");
    });
    const id = await boss.send("spike-failing", { n: 1 });
    await until(async () => (await boss.findJobs("spike-dead")).length > 0, 60_000);
    const [failed] = await boss.findJobs("spike-failing", { id: id ?? "" } as never);
    report("e.pg.tries_at_ms", tries);
    report("e.pg.final_state", { state: failed?.state, retryCount: failed?.retryCount });
    report("e.pg.dead_letter_jobs", (await boss.findJobs("spike-dead")).length);

    // (f) throughput: one process, one worker, batches of 50.
    await boss.createQueue("spike-fast");
    let done = 0;
    started = performance.now();
    await boss.insert(
      "spike-fast",
      Array.from({ length: JOBS }, (_, i) => ({ data: { i } })),
    );
    await boss.work("spike-fast", { batchSize: 50, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      done += jobs.length;
    });
    await until(async () => done >= JOBS, 120_000);
    report(`f.pg.insert_and_work_${JOBS}_ms`, Math.round(performance.now() - started));
    await boss.stop({ graceful: false });

    // (g) graphile-worker on PostgreSQL: the same JOBS jobs through one runner.
    let graphileDone = 0;
    started = performance.now();
    const runner = await runGraphile({
      connectionString: url,
      concurrency: 4,
      noHandleSignals: true,
      pollInterval: 2000,
      logger: new Logger(() => () => {}),
      taskList: {
        spike: async () => {
          graphileDone += 1;
        },
      },
    });
    report("g.graphile.start_ms (migrations included)", Math.round(performance.now() - started));
    report("f.idle_tx_per_s.graphile_worker_runner", await idleRate(url, IDLE_SECONDS));
    started = performance.now();
    await pool.query(
      `select graphile_worker.add_job('spike', json_build_object('i', i)) from generate_series(1, ${JOBS}) i`,
    );
    await until(async () => graphileDone >= JOBS, 120_000);
    report(`g.graphile.work_${JOBS}_ms`, Math.round(performance.now() - started));
    await runner.stop();
    await pool.end();
  } finally {
    server.stop();
  }

  // (f) ours: the product as `npm start` runs it on PostgreSQL, idle (scheduler tick, outbox poll,
  // click-out flush, retention). Its first minute seeds and warms: measured after it.
  const product = await startProduct("pg", "development", async (target) => {
    productUrl = target.databaseUrl ?? "";
  });
  try {
    await sleep(15_000);
    report("f.idle_tx_per_s.our_product_idle", await idleRate(productUrl, IDLE_SECONDS));
  } finally {
    await product.stop();
  }
}
let productUrl = "";

async function graphileOnPglite() {
  // graphile-worker takes a connection string or a pg.Pool: it speaks the wire protocol and keeps a
  // LISTEN client of its own. PGlite is a library in this process with no socket to connect to.
  try {
    const runner = await runGraphile({
      connectionString: "postgres://embedded-pglite-has-no-socket/x",
      noHandleSignals: true,
      logger: new Logger(() => () => {}),
      taskList: {},
    });
    await runner.stop();
    report("g.graphile.pglite", "started");
  } catch (error) {
    report("g.graphile.pglite", `cannot: ${(error as Error).message.slice(0, 120)}`);
  }
}

const workerUrl = flag("worker");
if (workerUrl) {
  await worker(workerUrl, flag("id") ?? "?");
} else {
  spikeCron();
  await spikePglite();
  await graphileOnPglite();
  await spikePostgres();
  process.exit(0);
}
