import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DELIVERY_LANES } from "../apps/api/src/modules/outbox/outbox-service.ts";
import {
  type ApiProcess,
  catalogue,
  check,
  type Postgres,
  query,
  request,
  type ScenarioResult,
  signIn,
  sleep,
  startApi,
} from "./harness.ts";

/** The first row of a query the scenario relies on (a seeded catalogue, a count). */
function one<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error("expected a row, found none");
  return row;
}

let sequence = 0;
const unique = (kind: string) => `${kind}-${process.pid}-${Date.now()}-${++sequence}@faults.test`;

/** The three visitor writes, each with a fresh address so none is refused as a repeat or rate-limited. */
function visitorWrite(
  kind: "contact" | "alert" | "subscribe",
  pair: { medicationId: string; dosage: string },
) {
  const email = unique(kind);
  if (kind === "contact")
    return {
      email,
      route: "/api/contact",
      body: {
        name: "Fault Test",
        email,
        subject: "feedback",
        message: "A message written during a fault test.",
      },
    };
  if (kind === "alert")
    return {
      email,
      route: "/api/price-alerts",
      body: { email, medicationId: pair.medicationId, dosage: pair.dosage, targetPrice: 0.01, consent: true },
    };
  return { email, route: "/subscriptions/subscribe", body: { email, source: "footer" } };
}

const TABLE = { contact: "contacts", alert: "price_alerts", subscribe: "subscriptions" } as const;

/** Which of the acknowledged addresses are missing from their table. */
async function missingWrites(url: string, acked: { kind: keyof typeof TABLE; email: string }[]) {
  const missing: string[] = [];
  for (const kind of Object.keys(TABLE) as (keyof typeof TABLE)[]) {
    const emails = acked.filter((a) => a.kind === kind).map((a) => a.email.toLowerCase());
    if (emails.length === 0) continue;
    const rows = await query<{ email: string }>(
      url,
      `select lower(email) as email from ${TABLE[kind]} where lower(email) = any($1)`,
      [emails],
    );
    const found = new Set(rows.map((r) => r.email));
    missing.push(...emails.filter((e) => !found.has(e)));
  }
  return missing;
}

async function stopApi(api: ApiProcess) {
  if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill("SIGKILL");
  await api.exited;
}

// ------------------------------------------------------------------ 1. graceful shutdown

/**
 * A contact form post is half sent when SIGTERM arrives: the API refuses new connections, finishes
 * that request (201, stored), closes the database and exits 0.
 */
export async function gracefulShutdown(pg: Postgres, dataDir: string): Promise<ScenarioResult> {
  const failures: string[] = [];
  const api = await startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir });
  const { port } = new URL(api.url);
  const email = unique("graceful");
  const body = JSON.stringify({
    name: "Graceful",
    email,
    subject: "feedback",
    message: "Sent across a SIGTERM.",
  });
  const socket = connect(Number(port), "127.0.0.1");
  let response = "";
  socket.on("data", (chunk) => {
    response += chunk;
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  await sleep(300);
  const termAt = performance.now();
  api.child.kill("SIGTERM");
  await sleep(300);
  const late = await request(api.url, "GET", "/api/categories", undefined, {}, 2000);
  check(
    late.status === 0 || late.status === 503,
    `a new request during shutdown got ${late.status}`,
    failures,
  );
  socket.write(body.slice(half));
  await Promise.race([closed, sleep(10_000)]);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
  check(status === 201, `the request in flight got ${status || "no answer"}`, failures);
  const exit = await Promise.race([api.exited, sleep(15_000).then(() => undefined)]);
  const exitMs = Math.round(performance.now() - termAt);
  check(exit?.code === 0, `exit: ${JSON.stringify(exit) ?? "still running after 15 s"}`, failures);
  if (!exit) await stopApi(api);
  const stored = await query(pg.url, "select 1 from contacts where lower(email) = $1", [email.toLowerCase()]);
  check(stored.length === 1, "the finished request's contact message is not in the database", failures);
  return {
    name: "graceful shutdown (SIGTERM with a request half received)",
    acknowledged: `in-flight POST /api/contact answered ${status}; a new request during shutdown: ${late.status === 0 ? "connection refused" : late.status}`,
    found: failures.length
      ? failures.join("; ")
      : `process exited ${exit?.code} after ${exitMs} ms; contact rows for it: ${stored.length}`,
    ok: failures.length === 0,
  };
}

// ------------------------------------------------------------------ 2. database down

/** PostgreSQL stopped: 503 within a second, /health names the database, and it recovers alone. */
export async function databaseDown(pg: Postgres, dataDir: string): Promise<ScenarioResult> {
  const failures: string[] = [];
  const api = await startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir });
  try {
    const pair = one(await catalogue(pg.url));
    pg.stop();
    const read = await request(api.url, "GET", `/api/prices/medication/${pair.medication_id}`);
    const write = await request(
      api.url,
      "POST",
      "/api/contact",
      visitorWrite("contact", { medicationId: "", dosage: "" }).body,
    );
    const health = await request(api.url, "GET", "/health");
    for (const [name, answer] of [
      ["read", read],
      ["write", write],
      ["/health", health],
    ] as const) {
      check(answer.status === 503, `${name} answered ${answer.status}, not 503`, failures);
      check(answer.ms < 1000, `${name} took ${Math.round(answer.ms)} ms`, failures);
      check(
        typeof (answer.body as { error?: unknown })?.error === "string",
        `${name} has no { error }`,
        failures,
      );
    }
    pg.start();
    const back = performance.now();
    let recovered = -1;
    while (performance.now() - back < 15_000) {
      if ((await request(api.url, "GET", "/health")).status === 200) {
        recovered = Math.round(performance.now() - back);
        break;
      }
      await sleep(100);
    }
    check(recovered >= 0, "the API did not recover within 15 s of the database returning", failures);
    const after = await request(
      api.url,
      "POST",
      "/api/contact",
      visitorWrite("contact", { medicationId: "", dosage: "" }).body,
    );
    check(after.status === 201, `a write after recovery answered ${after.status}`, failures);
    return {
      name: "database down (PostgreSQL stopped, then started)",
      acknowledged: `while down: read ${read.status} in ${Math.round(read.ms)} ms, write ${write.status} in ${Math.round(write.ms)} ms, /health ${health.status} ${JSON.stringify(health.body)}`,
      found: failures.length
        ? failures.join("; ")
        : `/health 200 again ${recovered} ms after the server returned; a write after it answered ${after.status}`,
      ok: failures.length === 0,
    };
  } finally {
    await stopApi(api);
  }
}

// ------------------------------------------------------------------ 2b. embedded database down

/**
 * The embedded database (PGlite, `npm start` without DATABASE_URL): a second process pointed at
 * the same directory refuses to start (and the first keeps serving); the directory moved away
 * under a running API gives 503 within a second and /health names the database; moved back, it
 * recovers by itself; every write acknowledged before and after is in the database.
 */
export async function embeddedDatabaseDown(): Promise<ScenarioResult> {
  const failures: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), "pc-faults-pglite-"));
  const files = path.join(dataDir, "pglite");
  const contact = () => visitorWrite("contact", { medicationId: "", dosage: "" }).body as { email: string };
  const acknowledged: string[] = [];
  let api: ApiProcess | undefined;
  try {
    api = await startApi({ DATA_DIR: dataDir });
    const before = contact();
    const first = await request(api.url, "POST", "/api/contact", before);
    check(first.status === 201, `a write before the fault answered ${first.status}`, failures);
    if (first.status === 201) acknowledged.push(before.email);

    // A second process on the same directory: refused at start, naming the owner.
    let second = "started";
    try {
      const intruder = await startApi({ DATA_DIR: dataDir });
      await stopApi(intruder);
    } catch (err) {
      second = /in use by process \d+/.test(String(err)) ? "refused: in use by process …" : String(err);
    }
    check(second.startsWith("refused"), `a second process on the same directory ${second}`, failures);
    const stillServing = await request(api.url, "GET", "/health");
    check(stillServing.status === 200, `the owner answered /health ${stillServing.status}`, failures);

    renameSync(files, `${files}.away`);
    await sleep(600);
    const read = await request(api.url, "GET", "/api/categories");
    const write = await request(api.url, "POST", "/api/contact", contact());
    const health = await request(api.url, "GET", "/health");
    for (const [name, answer] of [
      ["read", read],
      ["write", write],
      ["/health", health],
    ] as const) {
      check(answer.status === 503, `${name} answered ${answer.status}, not 503`, failures);
      check(answer.ms < 1000, `${name} took ${Math.round(answer.ms)} ms`, failures);
    }
    const healthError = (health.body as { error?: unknown })?.error;
    check(healthError === "Database unavailable", `/health said ${JSON.stringify(health.body)}`, failures);

    renameSync(`${files}.away`, files);
    const back = performance.now();
    let recovered = -1;
    while (performance.now() - back < 15_000) {
      if ((await request(api.url, "GET", "/health")).status === 200) {
        recovered = Math.round(performance.now() - back);
        break;
      }
      await sleep(100);
    }
    check(recovered >= 0, "the API did not recover within 15 s of the directory returning", failures);
    const after = contact();
    const afterAnswer = await request(api.url, "POST", "/api/contact", after);
    check(afterAnswer.status === 201, `a write after recovery answered ${afterAnswer.status}`, failures);
    if (afterAnswer.status === 201) acknowledged.push(after.email);

    api.child.kill("SIGTERM");
    const exit = await Promise.race([api.exited, sleep(15_000).then(() => undefined)]);
    check(exit?.code === 0, `exit after SIGTERM: ${JSON.stringify(exit) ?? "still running"}`, failures);
    check(!existsSync(path.join(dataDir, "owner.pid")), "the lock file outlived a clean exit", failures);

    // Read the directory back the way the next start would.
    const { createPglite } = await import("../apps/api/src/db/client.ts");
    const db = await createPglite({ dataDir: files });
    let stored = 0;
    try {
      for (const email of acknowledged) {
        const rows = await db.query("select 1 from contacts where lower(email) = $1", [email.toLowerCase()]);
        stored += rows.rows.length;
      }
    } finally {
      await db.close();
    }
    check(
      stored === acknowledged.length,
      `${acknowledged.length - stored} acknowledged writes missing`,
      failures,
    );
    return {
      name: "embedded database down (directory held by another process; moved away, then back)",
      acknowledged: `second process: ${second}; while moved: read ${read.status} in ${Math.round(read.ms)} ms, write ${write.status} in ${Math.round(write.ms)} ms, /health ${health.status} ${JSON.stringify(health.body)}; writes answered 201: ${acknowledged.length}`,
      found: failures.length
        ? failures.join("; ")
        : `/health 200 again ${recovered} ms after the directory returned; ${stored} of ${acknowledged.length} acknowledged contact messages in the database; lock released at exit`,
      ok: failures.length === 0,
    };
  } finally {
    if (api) await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ kills inside the transaction

/**
 * One round of a SIGKILL scenario: left to finish (neither set), killed by the harness `delay` ms
 * after the request was sent, or killed by the API itself once the price-write path has written
 * `afterRows` rows inside its transaction (FAULT_KILL_AFTER_PRICE_ROWS, modules/prices/fault-injection.ts).
 * A timer cannot tell a kill inside the transaction from one before it began or after it committed;
 * the hook can, so those rounds must leave none of the write behind (issue 26).
 */
type KillRound = { delay?: number; afterRows?: number };

const uninterrupted = (round: KillRound) => round.delay === undefined && round.afterRows === undefined;

const killEnv = (round: KillRound): Record<string, string> =>
  round.afterRows === undefined ? {} : { FAULT_KILL_AFTER_PRICE_ROWS: String(round.afterRows) };

/** After the first row, half-way, and after the last row (before the alerts and the commit). */
const insideTransaction = (rows: number): KillRound[] =>
  [...new Set([1, Math.ceil(rows / 2), rows])].map((afterRows) => ({ afterRows }));

function roundLabel(round: KillRound, fullMs: number): string {
  if (round.afterRows !== undefined)
    return `killed inside the transaction after ${round.afterRows} ${round.afterRows === 1 ? "row" : "rows"}`;
  return round.delay === undefined
    ? `not killed, ${Math.round(fullMs)} ms`
    : `killed after ${round.delay} ms`;
}

/** A round killed from inside: the API died by SIGKILL at the hook, answered nothing, and left nothing. */
function checkKilledInside(
  round: KillRound,
  seen: {
    exit: { signal: NodeJS.Signals | null };
    output: string;
    written: number;
    queued: number;
    answer: number;
  },
  failures: string[],
): void {
  if (round.afterRows === undefined) return;
  const label = roundLabel(round, 0);
  check(
    seen.output.includes(`SIGKILL after ${round.afterRows} price rows written, inside the transaction`),
    `${label}: the API never reached the hook (it wrote fewer rows)`,
    failures,
  );
  check(
    seen.exit.signal === "SIGKILL",
    `${label}: the API ended with ${seen.exit.signal}, not SIGKILL`,
    failures,
  );
  check(seen.answer === 0, `${label}: the request was answered ${seen.answer}`, failures);
  check(seen.written === 0, `${label}: ${seen.written} rows survived an uncommitted write`, failures);
  check(seen.queued === 0, `${label}: ${seen.queued} alert emails survived an uncommitted write`, failures);
}

// ------------------------------------------------------------------ 4. SIGKILL during a bulk price write

/**
 * A bulk write of every price of a few medications, at half their lowest, with a confirmed alert
 * on each that the new price fires; the API is killed with SIGKILL a moment after sending it.
 * Afterwards the prices are all new or all old, and the price-drop emails queued match.
 */
export async function killDuringBulkWrite(pg: Postgres, dataDir: string): Promise<ScenarioResult> {
  const failures: string[] = [];
  const outcomes: string[] = [];
  // First a write left to finish (how long one takes), then kills at fractions of that time, so
  // some land before the commit and some around it; then kills from inside the transaction.
  const rounds: KillRound[] = [{}];
  let fullMs = 0;
  for (const round of rounds) {
    const delay = round.delay;
    const api = await startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir, ...killEnv(round) });
    const headers = await signIn(api.url);
    const rows = await catalogue(pg.url);
    const pairs = [...new Set(rows.map((r) => `${r.medication_id}\u0000${r.dosage}`))].slice(0, 40);
    const chosen = rows.filter((r) => pairs.includes(`${r.medication_id}\u0000${r.dosage}`));
    const alertIds: string[] = [];
    const newPrice = new Map<string, number>();
    for (const key of pairs) {
      const [medicationId = "", dosage = ""] = key.split("\u0000");
      const lowest = Math.min(
        ...chosen
          .filter((r) => r.medication_id === medicationId && r.dosage === dosage)
          .map((r) => Number(r.price)),
      );
      const price = Math.max(0.01, Math.floor(lowest * 50) / 100);
      newPrice.set(key, price);
      if (alertIds.length >= 5 || lowest < 0.05) continue;
      const alert = visitorWrite("alert", { medicationId, dosage });
      const target = Math.floor(lowest * 75) / 100;
      const res = await request(api.url, "POST", alert.route, { ...alert.body, targetPrice: target });
      if (res.status !== 201)
        throw new Error(`could not set an alert: ${res.status} ${JSON.stringify(res.body)}`);
      const row = one(
        await query<{ id: string }>(
          pg.url,
          "update price_alerts set confirmed_at = now() where lower(email) = $1 returning id",
          [alert.email.toLowerCase()],
        ),
      );
      alertIds.push(row.id);
    }
    const prices = chosen.map((r) => ({
      medicationId: r.medication_id,
      pharmacyId: r.pharmacy_id,
      dosage: r.dosage,
      price: newPrice.get(`${r.medication_id}\u0000${r.dosage}`) ?? 1,
    }));
    const { now: before } = one(await query<{ now: Date }>(pg.url, "select now()"));
    const sent = request(api.url, "POST", "/api/admin/prices/bulk", { prices }, headers, 15_000);
    const sentAt = performance.now();
    if (delay !== undefined) {
      await sleep(delay);
      api.child.kill("SIGKILL");
    }
    const answer = await sent;
    if (uninterrupted(round)) {
      fullMs = performance.now() - sentAt;
      rounds.push(
        ...[0.1, 0.4, 0.7, 0.9, 1.0].map((f) => ({ delay: Math.round(f * fullMs) })),
        ...insideTransaction(prices.length),
      );
      check(answer.status === 200, `the uninterrupted bulk write answered ${answer.status}`, failures);
      api.child.kill("SIGKILL");
    }
    const exit = await api.exited;
    const written = await query<{ n: string }>(
      pg.url,
      "select count(*)::text as n from prices p join unnest($1::text[], $2::text[], $3::text[], $4::numeric[]) as w(m, ph, d, price) on p.medication_id = w.m and p.pharmacy_id = w.ph and p.dosage = w.d and p.price = w.price",
      [
        prices.map((p) => p.medicationId),
        prices.map((p) => p.pharmacyId),
        prices.map((p) => p.dosage),
        prices.map((p) => p.price),
      ],
    );
    const n = Number(one(written).n);
    const emails = await query<{ n: string }>(
      pg.url,
      "select count(*)::text as n from email_outbox where template = 'price-drop' and price_alert_id = any($1::uuid[]) and created_at >= $2",
      [alertIds, before],
    );
    const queued = Number(one(emails).n);
    const committed = n === prices.length;
    const label = roundLabel(round, fullMs);
    check(n === 0 || committed, `${label}: ${n} of ${prices.length} prices written (partial)`, failures);
    check(
      queued === (committed ? alertIds.length : 0),
      `${label}: ${queued} price-drop emails queued for ${committed ? "a committed" : "an uncommitted"} write of ${alertIds.length} alerts`,
      failures,
    );
    checkKilledInside(
      round,
      { exit, output: api.output(), written: n, queued, answer: answer.status },
      failures,
    );
    // Prices that were already at the new value would make "none" look like "all": they never are (half the lowest).
    outcomes.push(
      `${label} (answer ${answer.status || "none"}): ${committed ? "all" : n === 0 ? "none" : `${n}`} of ${prices.length} rows, ${queued}/${alertIds.length} alert emails`,
    );
  }
  return {
    name: "SIGKILL during a bulk price write",
    acknowledged: `the uninterrupted write answered 200 in ${Math.round(fullMs)} ms; then killed at fractions of that time (a kill after the answer counts as committed), and from inside the transaction after 1 row, half the rows and every row`,
    found: failures.length ? failures.join("; ") : outcomes.join("; "),
    ok: failures.length === 0,
  };
}

// ------------------------------------------------------------------ 5. PostgreSQL restarted under visitor writes

export async function restartUnderWrites(pg: Postgres, dataDir: string): Promise<ScenarioResult> {
  const failures: string[] = [];
  const api = await startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir });
  try {
    const pair = one(await catalogue(pg.url));
    const target = { medicationId: pair.medication_id, dosage: pair.dosage };
    const acked: { kind: "contact" | "alert" | "subscribe"; email: string }[] = [];
    const statuses = new Map<number, number>();
    const until = Date.now() + 12_000;
    const kinds = ["contact", "alert", "subscribe"] as const;
    const worker = async (index: number) => {
      for (let i = index; Date.now() < until; i += 1) {
        const kind = kinds[i % 3] ?? "contact";
        const write = visitorWrite(kind, target);
        const res = await request(api.url, "POST", write.route, write.body);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 200 && res.status < 300) acked.push({ kind, email: write.email });
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, i) => worker(i)));
    await sleep(4000);
    pg.restart("immediate");
    await load;
    const missing = await missingWrites(pg.url, acked);
    const tally = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(", ");
    check(missing.length === 0, `${missing.length} acknowledged writes missing`, failures);
    check(!statuses.has(500), `${statuses.get(500)} writes answered 500`, failures);
    check(
      (statuses.get(503) ?? 0) > 0,
      "no write was refused during the restart (did the restart happen?)",
      failures,
    );
    check(
      [...statuses.keys()].every((s) => s === 201 || s === 503),
      `unexpected answers: ${tally}`,
      failures,
    );
    if (failures.length)
      failures.push(
        `API (exit ${api.child.exitCode}/${api.child.signalCode}) said: ${api.output().slice(-2500)}`,
      );
    return {
      name: "PostgreSQL restarted (immediate) under visitor writes",
      acknowledged: `${acked.length} writes answered 2xx (answers: ${tally})`,
      found: failures.length
        ? failures.join("; ")
        : `all ${acked.length} found in the database; none answered 500`,
      ok: failures.length === 0,
    };
  } finally {
    await stopApi(api);
  }
}

// ------------------------------------------------------------------ 6. several API processes, one killed

export async function clusterUnderLoad(pg: Postgres, seconds: number): Promise<ScenarioResult> {
  const failures: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), "pc-faults-cluster-"));
  const apis: ApiProcess[] = [];
  try {
    // The first seeds and migrates; the others start together, as a deploy would.
    apis.push(await startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir }));
    apis.push(
      ...(await Promise.all([1, 2].map(() => startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir })))),
    );
    const rows = await catalogue(pg.url);
    // Only this scenario's emails: earlier scenarios killed processes that left leases of their own.
    const { now: since } = one(await query<{ now: Date }>(pg.url, "select now()"));
    const target = { medicationId: one(rows).medication_id, dosage: one(rows).dosage };
    const medicationIds = [...new Set(rows.map((r) => r.medication_id))];
    const alive = new Set(apis.map((a) => a.url));
    const acked: { kind: "contact" | "alert" | "subscribe"; email: string }[] = [];
    let attempts = 0;
    let failed = 0;
    let retried = 0;
    const until = Date.now() + seconds * 1000;
    const kinds = ["contact", "alert", "subscribe"] as const;
    const pick = (not?: string) => {
      // A client's view: it tries any address it was given, and on failure retries once on another.
      const urls = apis.map((a) => a.url).filter((u) => u !== not);
      return urls[Math.floor(Math.random() * urls.length)] ?? apis[0]?.url ?? "";
    };
    const worker = async () => {
      for (let i = 0; Date.now() < until; i += 1) {
        attempts += 1;
        const isWrite = Math.random() < 0.3;
        const kind = kinds[i % 3] ?? "contact";
        const write = isWrite ? visitorWrite(kind, target) : undefined;
        const route =
          write?.route ??
          [
            "/api/categories",
            `/api/prices/medication/${medicationIds[i % medicationIds.length]}`,
            "/api/medications",
          ][i % 3] ??
          "/api/categories";
        const send = (base: string) => request(base, write ? "POST" : "GET", route, write?.body, {}, 5000);
        const first = pick();
        let res = await send(first);
        if (res.status === 0 || res.status >= 500) {
          retried += 1;
          res = await send(pick(first));
        }
        if (res.status === 0 || res.status >= 500) failed += 1;
        else if (write && res.status >= 200 && res.status < 300) acked.push({ kind, email: write.email });
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, () => worker()));
    await sleep((seconds * 1000) / 2);
    const victim = apis[1] as ApiProcess;
    victim.child.kill("SIGKILL");
    alive.delete(victim.url);
    await load;
    const survivors = await Promise.all(
      apis.filter((a) => alive.has(a.url)).map((a) => request(a.url, "GET", "/health")),
    );
    check(
      survivors.every((s) => s.status === 200),
      "a surviving process is not healthy",
      failures,
    );
    const rate = attempts ? failed / attempts : 0;
    check(rate <= 0.001, `error rate ${(rate * 100).toFixed(3)} % (${failed}/${attempts})`, failures);
    const missing = await missingWrites(pg.url, acked);
    check(missing.length === 0, `${missing.length} acknowledged writes missing`, failures);
    // The outbox: let the survivors drain it, then every message was claimed once (a row the killed
    // process held is taken over after its lease: at most one such) and written once.
    const drainUntil = Date.now() + 30_000;
    let pending = -1;
    while (Date.now() < drainUntil) {
      pending = Number(
        (
          await query<{ n: string }>(
            pg.url,
            "select count(*)::text as n from email_outbox where status = 'pending' and created_at >= $1",
            [since],
          )
        )[0]?.n,
      );
      // All sent but the one the killed process may hold under its lease (and survivors in hand).
      if (pending <= 1) break;
      await sleep(1000);
    }
    // A row the killed process had claimed stays leased (OUTBOX_LEASE_MS, 5 minutes) and is then
    // sent by a survivor: at most one, and counted apart.
    const outbox = one(
      await query<{ sent: string; twice: string; leased: string }>(
        pg.url,
        "select count(*) filter (where status = 'sent')::text as sent, count(*) filter (where attempts > 1)::text as twice, count(*) filter (where status = 'pending' and locked_until > now())::text as leased from email_outbox where created_at >= $1",
        [since],
      ),
    );
    let files: string[] = [];
    try {
      files = readdirSync(path.join(dataDir, "mail"));
    } catch {
      files = [];
    }
    const perMessage = new Map<string, number>();
    for (const file of files) {
      const id = /([0-9a-f-]{36})\.eml$/.exec(file)?.[1];
      if (id) perMessage.set(id, (perMessage.get(id) ?? 0) + 1);
    }
    const duplicates = [...perMessage.values()].filter((n) => n > 1).length;
    check(pending <= 1, `${pending} emails still pending 30 s after the load`, failures);
    check(duplicates <= 1, `${duplicates} emails written more than once`, failures);
    check(Number(outbox.twice) <= 1, `${outbox.twice} emails claimed more than once`, failures);
    check(
      Number(outbox.leased) <= 1,
      `${outbox.leased} emails left leased (only the killed process's one may be)`,
      failures,
    );
    return {
      name: `three API processes under mixed load for ${seconds} s, one killed midway`,
      acknowledged: `${attempts} requests (${retried} retried once on another process), ${acked.length} writes acknowledged`,
      found: failures.length
        ? failures.join("; ")
        : `error rate ${((failed / Math.max(1, attempts)) * 100).toFixed(3)} % (${failed} failed after the retry); all ${acked.length} writes found; survivors healthy; outbox: ${outbox.sent} sent, ${perMessage.size} mail files, ${duplicates} duplicated, ${outbox.twice} claimed twice, ${outbox.leased} left under the killed process's lease`,
      ok: failures.length === 0,
    };
  } finally {
    await Promise.all(apis.map(stopApi));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ 4b. SIGKILL during a price-sheet apply

/** Every price in an exported workbook halved (the file an administrator would upload). */
async function halvedWorkbook(base64: string): Promise<string> {
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(base64, "base64") as unknown as ArrayBuffer);
  book.eachSheet((sheet) => {
    let inPrices = false;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === "Pharmacy") {
        inPrices = true;
        return;
      }
      if (!inPrices) return;
      row.eachCell((cell, column) => {
        if (column >= 3 && typeof cell.value === "number")
          cell.value = Math.max(0.01, Math.floor(cell.value * 50) / 100);
      });
    });
  });
  return Buffer.from(await book.xlsx.writeBuffer()).toString("base64");
}

/**
 * The same as the bulk write, through the price-sheet path: every price exported, halved, previewed,
 * and applied while the process is killed; afterwards all changed rows or none, and the emails match.
 */
export async function killDuringSheetApply(pg: Postgres, dataDir: string): Promise<ScenarioResult> {
  const failures: string[] = [];
  const outcomes: string[] = [];
  const rounds: KillRound[] = [{}];
  let fullMs = 0;
  for (const round of rounds) {
    const delay = round.delay;
    const api = await startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir, ...killEnv(round) });
    const headers = await signIn(api.url);
    const rows = await catalogue(pg.url);
    const alertIds: string[] = [];
    for (const key of [...new Set(rows.map((r) => `${r.medication_id}\u0000${r.dosage}`))]) {
      if (alertIds.length >= 5) break;
      const [medicationId = "", dosage = ""] = key.split("\u0000");
      const lowest = Math.min(
        ...rows
          .filter((r) => r.medication_id === medicationId && r.dosage === dosage)
          .map((r) => Number(r.price)),
      );
      if (lowest < 0.05) continue;
      const alert = visitorWrite("alert", { medicationId, dosage });
      const res = await request(api.url, "POST", alert.route, {
        ...alert.body,
        targetPrice: Math.floor(lowest * 75) / 100,
      });
      if (res.status !== 201)
        throw new Error(`could not set an alert: ${res.status} ${JSON.stringify(res.body)}`);
      const row = one(
        await query<{ id: string }>(
          pg.url,
          "update price_alerts set confirmed_at = now() where lower(email) = $1 returning id",
          [alert.email.toLowerCase()],
        ),
      );
      alertIds.push(row.id);
    }
    const exported = await request(
      api.url,
      "GET",
      "/api/admin/price-sheets/export",
      undefined,
      headers,
      30_000,
    );
    if (exported.status !== 200) throw new Error(`export answered ${exported.status}`);
    const content = await halvedWorkbook((exported.body as { content: string }).content);
    const preview = await request(
      api.url,
      "POST",
      "/api/admin/price-sheets/preview",
      { fileName: "prices.xlsx", content },
      headers,
      30_000,
    );
    if (preview.status !== 200)
      throw new Error(`preview answered ${preview.status} ${JSON.stringify(preview.body)}`);
    const changes = (
      preview.body as {
        changes: {
          medicationId: string;
          pharmacyId: string;
          dosage: string;
          newPrice: number;
          status: string;
        }[];
      }
    ).changes.filter((c) => c.status === "changed");
    const { now: before } = one(await query<{ now: Date }>(pg.url, "select now()"));
    const sent = request(api.url, "POST", "/api/admin/price-sheets/apply", {}, headers, 30_000);
    const sentAt = performance.now();
    if (delay !== undefined) {
      await sleep(delay);
      api.child.kill("SIGKILL");
    }
    const answer = await sent;
    if (uninterrupted(round)) {
      fullMs = performance.now() - sentAt;
      rounds.push(
        ...[0.2, 0.6, 0.95].map((f) => ({ delay: Math.round(f * fullMs) })),
        ...insideTransaction(changes.length),
      );
      check(answer.status === 200, `the uninterrupted apply answered ${answer.status}`, failures);
    }
    api.child.kill("SIGKILL");
    const exit = await api.exited;
    const n = Number(
      one(
        await query<{ n: string }>(
          pg.url,
          "select count(*)::text as n from prices p join unnest($1::text[], $2::text[], $3::text[], $4::numeric[]) as w(m, ph, d, price) on p.medication_id = w.m and p.pharmacy_id = w.ph and p.dosage = w.d and p.price = w.price",
          [
            changes.map((c) => c.medicationId),
            changes.map((c) => c.pharmacyId),
            changes.map((c) => c.dosage),
            changes.map((c) => c.newPrice),
          ],
        ),
      ).n,
    );
    const queued = Number(
      one(
        await query<{ n: string }>(
          pg.url,
          "select count(*)::text as n from email_outbox where template = 'price-drop' and price_alert_id = any($1::uuid[]) and created_at >= $2",
          [alertIds, before],
        ),
      ).n,
    );
    const committed = n === changes.length;
    const label = roundLabel(round, fullMs);
    check(
      n === 0 || committed,
      `${label}: ${n} of ${changes.length} changed prices written (partial)`,
      failures,
    );
    check(
      queued === (committed ? alertIds.length : 0),
      `${label}: ${queued} price-drop emails for ${committed ? "a committed" : "an uncommitted"} apply of ${alertIds.length} alerts`,
      failures,
    );
    checkKilledInside(
      round,
      { exit, output: api.output(), written: n, queued, answer: answer.status },
      failures,
    );
    outcomes.push(
      `${label} (answer ${answer.status || "none"}): ${committed ? "all" : n === 0 ? "none" : `${n}`} of ${changes.length} changed prices, ${queued}/${alertIds.length} alert emails`,
    );
  }
  return {
    name: "SIGKILL during a price-sheet apply",
    acknowledged: `the uninterrupted apply answered 200 in ${Math.round(fullMs)} ms; then killed at fractions of that time (a kill after the answer counts as committed), and from inside the transaction after 1 row, half the rows and every row`,
    found: failures.length ? failures.join("; ") : outcomes.join("; "),
    ok: failures.length === 0,
  };
}

/**
 * The price news or newsletter emails of a fault scenario's subscribers (`where` picks them, over
 * `email_outbox o` joined to `subscriptions s`), and the `.eml` files the outbox wrote for them.
 */
function bulkMail(url: string, dataDir: string, where: string, values: unknown[]) {
  const ours = `from email_outbox o join subscriptions s on s.id = o.subscription_id where ${where}`;
  return {
    counts: async () =>
      one(
        await query<{ queued: string; sent: string; pending: string; leased: string; twice: string }>(
          url,
          `select count(*)::text as queued, count(*) filter (where o.status = 'sent')::text as sent,
             count(*) filter (where o.status = 'pending')::text as pending,
             count(*) filter (where o.status = 'pending' and o.locked_until > now())::text as leased,
             count(*) filter (where o.attempts > 1)::text as twice ${ours}`,
          values,
        ),
      ),
    messages: () => query<{ id: string; status: string }>(url, `select o.id, o.status ${ours}`, values),
    /** How many times each outbox row was written out as a file (the SMTP stand-in). */
    written() {
      const written = new Map<string, number>();
      const folder = path.join(dataDir, "mail");
      for (const file of existsSync(folder) ? readdirSync(folder) : []) {
        const id = /([0-9a-f-]{36})\.eml$/.exec(file)?.[1];
        if (id) written.set(id, (written.get(id) ?? 0) + 1);
      }
      return written;
    },
  };
}

type BulkMail = ReturnType<typeof bulkMail>;

/** SIGKILLs the API once a quarter of the mail has been written out: mid-send, with the rest queued. */
async function killMidSend(api: ApiProcess, mail: BulkMail, subscribers: number, failures: string[]) {
  const deadline = Date.now() + 60_000;
  let atKill = await mail.counts();
  while (Number(atKill.sent) < subscribers / 4 && Date.now() < deadline) {
    await sleep(20);
    atKill = await mail.counts();
  }
  api.child.kill("SIGKILL");
  await api.exited;
  check(
    Number(atKill.sent) >= subscribers / 4 && Number(atKill.sent) < subscribers,
    `the kill landed after ${atKill.sent} of ${subscribers} messages, not mid-send`,
    failures,
  );
  return atKill;
}

/**
 * After the restart: waits for the queue to drain, then checks every subscriber has exactly one
 * message, written once, but for at most the one the killed process held (its lease runs out
 * after OUTBOX_LEASE_MS, and the same message goes again).
 */
async function checkOncePerSubscriber(mail: BulkMail, subscribers: number, failures: string[]) {
  const drainUntil = Date.now() + 60_000;
  let after = await mail.counts();
  while (Number(after.pending) > Number(after.leased) && Date.now() < drainUntil) {
    await sleep(250);
    after = await mail.counts();
  }
  const messages = await mail.messages();
  const written = mail.written();
  const unwritten = messages.filter((message) => message.status === "sent" && !written.has(message.id));
  const twice = messages.filter((message) => (written.get(message.id) ?? 0) > 1).length;
  check(
    messages.length === subscribers,
    `${messages.length} messages queued for ${subscribers} subscribers`,
    failures,
  );
  check(
    Number(after.pending) <= DELIVERY_LANES,
    `${after.pending} messages still unsent after the restart (at most the killed process's ${DELIVERY_LANES} lanes' in hand)`,
    failures,
  );
  check(
    // One per delivery lane of the killed process's run (its messages in flight).
    Number(after.leased) <= DELIVERY_LANES,
    `${after.leased} messages held by the killed process (at most ${DELIVERY_LANES}, one per delivery lane)`,
    failures,
  );
  check(unwritten.length === 0, `${unwritten.length} messages marked sent but never written`, failures);
  check(
    twice <= DELIVERY_LANES,
    `${twice} messages written twice (at most those in hand at the kill, one per lane)`,
    failures,
  );
  return { after, messages, twice };
}

/**
 * A bulk-mail kill scenario's set-up and clean-up: its own data folder and a signed-in API on
 * `pg`, and `subscribers` confirmed subscribers (`prefix…@example.co.uk`, with the choices given)
 * stored directly; afterwards the last API started is stopped and the folder removed, whatever happens.
 */
async function mailKillScenario(
  pg: Postgres,
  kind: string,
  choices: { subscribedTo?: string; priceDrops: boolean; promotions: boolean },
  run: (scene: {
    api: ApiProcess;
    headers: Record<string, string>;
    dataDir: string;
    prefix: string;
    subscribers: number;
    /** Starts the API again on the same database and folder (after the kill). */
    restart: () => Promise<ApiProcess>;
  }) => Promise<ScenarioResult>,
): Promise<ScenarioResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `pc-faults-${kind}-`));
  const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir };
  const subscribers = 2000;
  const prefix = `${kind}-kill-${Date.now()}-`;
  let api = await startApi(env);
  try {
    const headers = await signIn(api.url);
    await query(
      pg.url,
      `insert into subscriptions (email, source, subscribed_to, price_drops, new_medications, promotions,
         weekly_digest, confirmed_at, consent_version, consent_source, consented_at)
       select $1 || g || '@example.co.uk', 'footer', $3::jsonb, $4, false, $5, false, now(),
         'subscription-2026-11', 'footer', now()
       from generate_series(1, $2::int) g`,
      [
        prefix,
        subscribers,
        choices.subscribedTo ?? '[{"type":"all","value":null}]',
        choices.priceDrops,
        choices.promotions,
      ],
    );
    const restart = async () => {
      api = await startApi(env);
      return api;
    };
    return await run({ api, headers, dataDir, prefix, subscribers, restart });
  } finally {
    await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What a bulk-mail kill scenario found once the outbox drained: one message per subscriber, or the failures. */
function oncePerSubscriberFound(
  failures: string[],
  { after, messages, twice }: Awaited<ReturnType<typeof checkOncePerSubscriber>>,
): string {
  return failures.length
    ? failures.join("; ")
    : `${messages.length} messages, one per subscriber; ${after.sent} sent, ${after.leased} left under the killed process's lease, ${twice} written twice (the one in hand at the kill)`;
}

/**
 * Price news across a crash (issue 28, decision 038): 2,000 confirmed subscribers, one price halved,
 * the price-drop run asked for now, and the API killed (SIGKILL) once part of the news has gone
 * out. Restarted, with the run asked for again as an operator would: every subscriber has exactly
 * one message (one outbox row, one Message-ID), written once, but for at most the one the killed
 * process held (its lease runs out after OUTBOX_LEASE_MS, and the same message goes again).
 */
export async function killDuringPriceNews(pg: Postgres): Promise<ScenarioResult> {
  const failures: string[] = [];
  const choices = { priceDrops: true, promotions: false };
  return mailKillScenario(
    pg,
    "news",
    choices,
    async ({ api, headers, dataDir, prefix, subscribers, restart }) => {
      // One price falls by half: every subscriber (following every condition) has news today.
      const rows = await catalogue(pg.url);
      const first = rows[0];
      if (!first) throw new Error("no price to lower");
      const lowest = rows
        .filter((row) => row.medication_id === first.medication_id && row.dosage === first.dosage)
        .reduce((a, b) => (Number(a.price) <= Number(b.price) ? a : b));
      const halved = Math.max(0.01, Math.floor(Number(lowest.price) * 50) / 100);
      const lowered = await request(
        api.url,
        "POST",
        "/api/admin/prices/bulk",
        {
          prices: [
            {
              medicationId: lowest.medication_id,
              pharmacyId: lowest.pharmacy_id,
              dosage: lowest.dosage,
              price: halved,
            },
          ],
        },
        headers,
      );
      check(lowered.status === 200, `lowering a price answered ${lowered.status}`, failures);

      const mail = bulkMail(pg.url, dataDir, `s.email like $1`, [`${prefix}%`]);
      const run = request(api.url, "POST", "/api/admin/jobs/priceDrops/run", {}, headers, 60_000);
      const atKill = await killMidSend(api, mail, subscribers, failures);
      await run;

      const restarted = await restart();
      const again = await request(
        restarted.url,
        "POST",
        "/api/admin/jobs/priceDrops/run",
        {},
        await signIn(restarted.url),
      );
      check(again.status === 200, `the run asked for again answered ${again.status}`, failures);
      const drained = await checkOncePerSubscriber(mail, subscribers, failures);
      return {
        name: "SIGKILL during a price-news send, then a restart",
        acknowledged: `the price-drop run for ${subscribers} subscribers, killed after ${atKill.sent} were sent (${atKill.queued} queued); asked for again after the restart`,
        found: oncePerSubscriberFound(failures, drained),
        ok: failures.length === 0,
      };
    },
  );
}

/**
 * A staff newsletter across a crash (issue 28, decision 041): 2,000 confirmed subscribers who chose
 * promotions and follow acne, a newsletter to acne sent now through the API, and the API killed
 * (SIGKILL) once part of it has gone out. Restarted, the scheduler finds the newsletter (finished
 * queueing, or left `sending` under a lease that runs out) and the outbox drains: every subscriber
 * has exactly one message, written once, but for at most the one the killed process held.
 */
export async function killDuringNewsletter(pg: Postgres): Promise<ScenarioResult> {
  const failures: string[] = [];
  const choices = {
    subscribedTo: '[{"type":"condition","value":"acne"}]',
    priceDrops: false,
    promotions: true,
  };
  return mailKillScenario(
    pg,
    "letter",
    choices,
    async ({ api, headers, dataDir, prefix, subscribers, restart }) => {
      const created = await request(
        api.url,
        "POST",
        "/api/admin/newsletters",
        {
          subject: "Acne treatments for less this month",
          body: "Prices of **acne treatments** fell this month. [Compare them](/condition/acne).",
          audience: { interests: [], conditions: ["acne"] },
        },
        headers,
      );
      if (created.status !== 201) throw new Error(`writing the newsletter answered ${created.status}`);
      const id = String((created.body as { _id?: string })._id ?? "");
      const mail = bulkMail(pg.url, dataDir, `s.email like $1 and o.newsletter_id = $2`, [`${prefix}%`, id]);
      const sent = await request(api.url, "POST", `/api/admin/newsletters/${id}/schedule`, {}, headers);
      check(sent.status === 200, `sending it now answered ${sent.status}`, failures);
      const atKill = await killMidSend(api, mail, subscribers, failures);

      await restart();
      const drained = await checkOncePerSubscriber(mail, subscribers, failures);
      const [letter] = await query<{ status: string }>(
        pg.url,
        `select status from newsletters where id = $1`,
        [id],
      );
      // "Sending" until every queued email is sent or failed (issue 41): the few left under the
      // killed process's lease keep it so until that lease ends.
      check(
        letter?.status === "sent" || letter?.status === "sending",
        `the newsletter is ${letter?.status ?? "gone"} after the restart`,
        failures,
      );
      return {
        name: "SIGKILL during a newsletter send, then a restart",
        acknowledged: `a newsletter to ${subscribers} subscribers sent now, killed after ${atKill.sent} were sent (${atKill.queued} queued); the restarted API left to finish it`,
        found: oncePerSubscriberFound(failures, drained),
        ok: failures.length === 0,
      };
    },
  );
}

// ------------------------------------------------------------------ SIGKILL during a feed run

/**
 * A pharmacy price feed across a crash (issue 29, decisions 045 and 047): the pharmacy is given a
 * price for every medication and dosage of the catalogue, and its feed (node:http on loopback, the
 * API started with FEEDS_ALLOW_INSECURE) raises each by 5 %. A feed's latest scheduled moment is due
 * as soon as it is set, so the API's scheduler runs it on its first tick; started with the kill
 * armed half-way through the rows (FAULT_KILL_AFTER_PRICE_ROWS, the hook of the other kill
 * scenarios, so the kill is proven to land inside the run's transaction), it dies mid-write.
 * Nothing of the run may be visible then. The run's lease is then ended by hand (it stands for the
 * ten minutes, JOB_LEASE_MS, a real restart waits), and the restarted API's scheduler takes the
 * killed run again and applies every row, all at once.
 */
export async function killDuringFeedRun(pg: Postgres): Promise<ScenarioResult> {
  const failures: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), "pc-faults-feed-"));
  const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir, FEEDS_ALLOW_INSECURE: "true" };
  let api = await startApi(env);
  let csv = "";
  const feedServer = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/csv; charset=utf-8" }).end(csv);
  });
  feedServer.listen(0, "127.0.0.1");
  await once(feedServer, "listening");
  try {
    const { id: pharmacyId } = one(
      await query<{ id: string }>(pg.url, "select id from pharmacies order by id limit 1"),
    );
    const job = `feed:${pharmacyId}`;
    // Every medication and dosage priced at this pharmacy, so the feed is as large as the catalogue.
    await query(
      pg.url,
      `insert into prices (medication_id, pharmacy_id, dosage, price)
       select m.id, $1, d, 10.00 from medications m cross join unnest(m.dosages) d
       on conflict do nothing`,
      [pharmacyId],
    );
    const rows = await query<{ name: string; dosage: string; price: string }>(
      pg.url,
      "select m.name, p.dosage, p.price::text from prices p join medications m on m.id = p.medication_id where p.pharmacy_id = $1",
      [pharmacyId],
    );
    const raised = rows.map((row) => ({ ...row, to: Math.round(Number(row.price) * 105) / 100 }));
    csv = `medication,dosage,price,link,stock\n${raised.map((row) => `"${row.name}","${row.dosage}",${row.to},,yes`).join("\n")}\n`;
    const applied = async () =>
      Number(
        one(
          await query<{ n: string }>(
            pg.url,
            `select count(*)::text as n from prices p join medications m on m.id = p.medication_id
             join unnest($2::text[], $3::text[], $4::numeric[]) as w(name, dosage, price)
               on m.name = w.name and p.dosage = w.dosage and p.price = w.price
             where p.pharmacy_id = $1`,
            [pharmacyId, raised.map((r) => r.name), raised.map((r) => r.dosage), raised.map((r) => r.to)],
          ),
        ).n,
      );
    const runOf = async () =>
      (
        await query<{ outcome: string; attempts: number }>(
          pg.url,
          "select outcome, attempts from job_runs where job = $1 order by started_at desc limit 1",
          [job],
        )
      )[0];
    const port = (feedServer.address() as AddressInfo).port;
    const headers = await signIn(api.url);
    const set = await request(
      api.url,
      "PUT",
      `/api/admin/pharmacies/${pharmacyId}/feed`,
      { url: `http://127.0.0.1:${port}/feed.csv`, format: "flat-csv" },
      headers,
    );
    if (set.status !== 200)
      throw new Error(`the feed could not be set: ${set.status} ${JSON.stringify(set.body)}`);
    // Stopped before its next tick: the run is the next start's.
    api.child.kill("SIGTERM");
    await api.exited;
    // A feed runs no scheduled moment from before its last change (schedule.ts slotDue): dated two
    // days back, as if set up then, today's moment is due at the next start's first tick.
    await query(
      pg.url,
      "update pharmacy_feeds set updated_at = now() - interval '2 days' where pharmacy_id = $1",
      [pharmacyId],
    );
    check((await runOf()) === undefined, "the feed ran before the kill was armed", failures);

    const afterRows = Math.floor(raised.length / 2);
    api = await startApi({ ...env, FAULT_KILL_AFTER_PRICE_ROWS: String(afterRows) }).catch((error: Error) => {
      // It may die on its first tick before its health check answers: that is the kill.
      return { error } as unknown as ApiProcess;
    });
    const killedOutput = "error" in api ? String((api as unknown as { error: Error }).error) : "";
    // Bounded: a run that never starts leaves the process up, and the scenario says so.
    const exit =
      "error" in api
        ? { signal: "SIGKILL" as NodeJS.Signals }
        : await Promise.race([api.exited, sleep(120_000).then(() => ({ signal: null, code: null }))]);
    const output = "error" in api ? killedOutput : api.output();
    const afterKill = await applied();
    const killedRun = await runOf();
    check(
      output.includes(`SIGKILL after ${afterRows} price rows written, inside the transaction`),
      "the API never reached the kill inside the feed's transaction",
      failures,
    );
    check(exit.signal === "SIGKILL", `the API ended with ${exit.signal}, not SIGKILL`, failures);
    check(
      killedRun?.outcome === "running",
      `the killed run is ${killedRun?.outcome}, not left running`,
      failures,
    );
    check(
      afterKill === 0,
      `${afterKill} of ${raised.length} feed prices visible after the kill (partial)`,
      failures,
    );

    // The killed process's lease, ended as ten minutes would; the restarted scheduler takes the run again.
    await query(pg.url, "update job_runs set lease_until = now() where job = $1 and outcome = 'running'", [
      job,
    ]);
    api = await startApi(env);
    const deadline = Date.now() + 60_000;
    let retried = await runOf();
    while (retried?.outcome !== "succeeded" && Date.now() < deadline) {
      await sleep(250);
      retried = await runOf();
    }
    const afterRetry = await applied();
    check(
      retried?.outcome === "succeeded" && retried.attempts === 2,
      `the retried run is ${retried?.outcome} after ${retried?.attempts} attempts`,
      failures,
    );
    check(
      afterRetry === raised.length,
      `${afterRetry} of ${raised.length} feed prices applied by the retried run`,
      failures,
    );
    return {
      name: "SIGKILL during a feed run, then a restart that runs it again",
      acknowledged: `a feed of ${raised.length} rows raising every price 5 %, run by the scheduler and killed inside its transaction after ${afterRows} rows; restarted once the run's lease had ended`,
      found: failures.length
        ? failures.join("; ")
        : `after the kill ${afterKill} of ${raised.length} prices changed and the run was left running; the restart took it again (attempt ${retried?.attempts}) and all ${afterRetry} are applied`,
      ok: failures.length === 0,
    };
  } finally {
    feedServer.close();
    if (!("error" in api)) {
      api.child.kill("SIGKILL");
      await api.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
