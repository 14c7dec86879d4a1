import { request as httpRequest } from "node:http";
import { missingWrites, query, request, sleep, visitorWrite } from "../faults/harness.ts";
import { startTopology, TOPOLOGY_ADMIN, type Topology } from "./start.ts";

/**
 * `npm run test:topology` (topology/README.md): the whole topology of issue 46 on loopback, a
 * steady visitor load through Varnish for the whole run, and four phases — all up, a product
 * process killed and restarted, the replica stopped, Varnish stopped — each with the losses it may
 * have and the checks that must hold. Prints a table like test:faults and exits non-zero on any
 * failure. TOPOLOGY_PHASE_SECONDS sets how long each phase runs under load (8).
 */
const phaseSeconds = Number(process.env.TOPOLOGY_PHASE_SECONDS ?? 8);
/** Visitors at once: each has at most one request in flight (phase d's bound counts on it). */
const WORKERS = 4;
/** Staff requests (sign-in hashes a password) may be slow on a busy 2-core machine: not what is tested. */
const ADMIN_TIMEOUT_MS = 30_000;

type Kind = "page" | "read" | "write";
interface Answer {
  status: number;
  cache: string | null;
  guru?: boolean;
  error?: string;
}
interface Outcome {
  phase: string;
  kind: Kind;
  route: string;
  status: number;
  /** Varnish's X-Cache (hit, miss, pass), null when answered directly or not at all. */
  cache: string | null;
  /** A 5xx made by Varnish itself (its "Guru Meditation" page): no backend answered. */
  guru?: boolean;
  /** How long it took, and why it got no answer (status 0): a timeout, a refusal, a reset. */
  ms: number;
  error?: string;
  /** ms since the run's load started. */
  at: number;
}
interface PhaseReport {
  key: string;
  name: string;
  /** Requests that may fail in this phase, and why (README.md). */
  allowedReads: number;
  allowedWrites: number;
  /** Write failures are allowed only before this time (ms, the load's clock), if set. */
  writesFailOnlyBefore?: number;
  checks: string[];
  failures: string[];
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const isApiPath = (route: string) => /^\/(api\/|go\/|health$|subscriptions\/subscribe)/.test(route);

let topology: Topology | undefined;
let stopping = false;
const starting = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    stopping = true;
    log(`${signal}: stopping the topology`);
    // While starting, the start stops what it started at its next step, and the run ends.
    if (!topology) starting.abort();
    else void topology.stop().then(() => process.exit(1));
  });
}

/** One read through fetch with its X-Cache header (the load itself does not need headers). */
async function look(base: string, route: string) {
  try {
    const response = await fetch(`${base}${route}`, { signal: AbortSignal.timeout(10_000) });
    return { status: response.status, cache: response.headers.get("x-cache"), text: await response.text() };
  } catch (error) {
    return { status: 0, cache: null, text: String(error) };
  }
}

/**
 * A visitor's request: a read, or a write's JSON; status 0 when refused or timed out (10 s).
 * A write goes on a connection of its own: a kept-alive one that the server closes for idleness
 * just as a POST is written on it fails before reaching us, and a browser retries that itself,
 * so it is not a loss of ours.
 */
async function send(base: string, route: string, body?: unknown) {
  if (body !== undefined) return post(`${base}${route}`, JSON.stringify(body));
  try {
    const response = await fetch(`${base}${route}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return {
      status: response.status,
      cache: response.headers.get("x-cache"),
      guru: response.status >= 500 && text.includes("Guru Meditation"),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: 0, cache: null, error: cause ?? (error as Error).name };
  }
}

function post(url: string, json: string): Promise<Answer> {
  return new Promise((resolve) => {
    const sent = httpRequest(
      url,
      {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", connection: "close" },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, cache: header(response.headers["x-cache"]) }),
        );
        response.on("error", (error) => resolve({ status: 0, cache: null, error: error.message }));
      },
    );
    sent.on("timeout", () => sent.destroy(new Error("TimeoutError")));
    sent.on("error", (error) =>
      resolve({ status: 0, cache: null, error: (error as { code?: string }).code ?? error.message }),
    );
    sent.end(json);
  });
}

const header = (value: string | string[] | undefined) =>
  Array.isArray(value) ? (value[0] ?? null) : (value ?? null);

async function signIn(base: string): Promise<Record<string, string>> {
  const res = await request(base, "POST", "/api/admin/auth/login", TOPOLOGY_ADMIN, {}, ADMIN_TIMEOUT_MS);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { token, user } = res.body as { token: string; user: { mustChangePassword?: boolean } };
  const headers = { authorization: `Bearer ${token}` };
  // An ADMIN_PASSWORD account must replace its password first (decision 030): "changed" to itself.
  if (user.mustChangePassword) {
    const { password } = TOPOLOGY_ADMIN;
    const change = { currentPassword: password, newPassword: password, confirmPassword: password };
    const changed = await request(
      base,
      "POST",
      "/api/admin/auth/change-password",
      change,
      headers,
      ADMIN_TIMEOUT_MS,
    );
    if (changed.status !== 200) throw new Error(`password change failed: ${changed.status}`);
  }
  return headers;
}

const reports: PhaseReport[] = [];
const outcomes: Outcome[] = [];
const acked: { kind: "contact" | "alert" | "subscribe"; email: string }[] = [];
let exitCode = 1;

try {
  const started = performance.now();
  topology = await startTopology({ log: (line) => log(`  starting ${line}`), signal: starting.signal });
  log(`topology up in ${Math.round((performance.now() - started) / 1000)} s: Varnish ${topology.url}`);
  const top = topology;
  const [first, second] = top.products;
  if (!first || !second) throw new Error("the topology has two product processes");

  // What the load reads: home, one condition's page, one comparison, and searches for its name.
  const [listed] = await query<{
    id: string;
    medication_id: string;
    dosage: string;
    price: string;
    condition: string;
    name: string;
  }>(
    top.primaryUrl,
    `select p.id, p.medication_id, p.dosage, p.price::text as price, m.subcategory_id as condition, m.name
       from prices p join pharmacies ph on ph.id = p.pharmacy_id join medications m on m.id = p.medication_id
      where ph.active and p.in_stock order by p.medication_id, p.id limit 1`,
  );
  if (!listed) throw new Error("the demo data lists no price");
  const comparison = `/api/medications/${listed.medication_id}/comparison?dosage=${encodeURIComponent(listed.dosage)}`;
  const conditionPage = `/condition/${listed.condition}`;
  // Part of a medication's name: a search a visitor might type, made new each time by a number.
  const searchTerm = listed.name
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 4)
    .toLowerCase();
  const pair = { medicationId: listed.medication_id, dosage: listed.dosage };

  // The visitors' "load balancer": Varnish, or (once a request to it is refused) product 2
  // directly, as DNS or a balancer moves visitors to another cache node; back on `useCache()`.
  let direct = false;
  const baseFor = (route: string) => {
    if (!direct) return top.url;
    return isApiPath(route) ? second.api.url : second.web.url;
  };

  let phase = "a";
  /** When each phase began (the load's clock): failures are printed as "+N s" into their phase. */
  const phaseStarts = new Map<string, number>([["a", 0]]);
  /** Requests in flight, by the phase they were sent in. */
  const inFlight = new Map<string, number>();
  /**
   * Starts phase `key` and waits (at most a request's 10 s limit) until no request of the phase
   * before is in flight: a request is counted in the phase it was sent in, so one still in flight
   * when this phase's fault lands would be charged to the phase before, which allows no such loss.
   */
  const enter = async (key: string) => {
    const before = phase;
    phase = key;
    phaseStarts.set(key, now());
    const deadline = performance.now() + 11_000;
    while ((inFlight.get(before) ?? 0) > 0 && performance.now() < deadline) await sleep(10);
  };
  const loadStarted = performance.now();
  const now = () => performance.now() - loadStarted;
  const writeKinds = ["contact", "alert", "subscribe"] as const;
  let step = 0;
  let loadDone = false;
  async function visitor() {
    while (!stopping && !loadDone) {
      const turn = step++;
      const sentIn = phase;
      inFlight.set(sentIn, (inFlight.get(sentIn) ?? 0) + 1);
      const at = now();
      const slot = turn % 6;
      let route: string;
      let kind: Kind;
      let answer: Answer;
      let base: string;
      if (slot === 5) {
        const writeKind = writeKinds[Math.floor(turn / 6) % writeKinds.length] ?? "contact";
        const write = visitorWrite(writeKind, pair);
        route = write.route;
        kind = "write";
        base = baseFor(route);
        answer = await send(base, route, write.body);
        if (answer.status >= 200 && answer.status < 300) acked.push({ kind: writeKind, email: write.email });
      } else {
        // Home, a condition and a comparison are answered from Varnish once stored; a search for a
        // term never searched before is a miss each time, so reads reach the processes too.
        route = [
          "/",
          conditionPage,
          comparison,
          `/search?q=${searchTerm}${turn}`,
          `/api/medications/search/${searchTerm}${turn}`,
        ][slot] as string;
        kind = slot < 2 || slot === 3 ? "page" : "read";
        base = baseFor(route);
        answer = await send(base, route);
      }
      inFlight.set(sentIn, (inFlight.get(sentIn) ?? 1) - 1);
      outcomes.push({
        phase: sentIn,
        kind,
        route,
        status: answer.status,
        cache: answer.cache,
        guru: answer.guru,
        error: answer.error,
        ms: now() - at,
        at,
      });
      // Refused by the cache: this visitor's "balancer" moves to a product process (phase d).
      if (answer.status === 0 && base === top.url) direct = true;
      await sleep(25);
    }
  }
  // Signed in before the load starts: hashing the password is the slowest request there is.
  const admin = await signIn(top.url);
  const visitors = Array.from({ length: WORKERS }, () => visitor());

  /** A price change through the admin API; true when the next public read at `readBase` shows it. */
  async function priceChangeShows(base: string, readBase: string, price: number) {
    const put = await request(
      base,
      "PUT",
      `/api/admin/prices/${listed?.id}`,
      { price },
      admin,
      ADMIN_TIMEOUT_MS,
    );
    if (put.status !== 200) return `price change answered ${put.status}`;
    const after = await look(readBase, comparison);
    return after.status === 200 && after.text.includes(price.toFixed(2))
      ? undefined
      : `the next read (${after.status}, X-Cache ${after.cache}) did not show £${price.toFixed(2)}`;
  }
  const owedPurges = async () =>
    Number(
      (await query<{ n: string }>(top.primaryUrl, "select count(*)::text as n from cache_purges"))[0]?.n,
    );

  // a. All up.
  {
    const report: PhaseReport = {
      key: "a",
      name: "all up",
      allowedReads: 0,
      allowedWrites: 0,
      checks: [],
      failures: [],
    };
    reports.push(report);
    log("phase a: all up");
    await sleep(phaseSeconds * 500);
    await look(top.url, conditionPage);
    const again = await look(top.url, conditionPage);
    report.checks.push(`second read of ${conditionPage}: X-Cache ${again.cache}`);
    if (again.status !== 200 || !/^hit/.test(again.cache ?? ""))
      report.failures.push(
        `the second read of ${conditionPage} was ${again.status} ${again.cache}, not a hit`,
      );
    await look(top.url, comparison);
    const wrong = await priceChangeShows(top.url, top.url, 41.17);
    report.checks.push(`price change through Varnish shown on the next read: ${wrong ? "no" : "yes"}`);
    if (wrong) report.failures.push(wrong);
    await sleep(phaseSeconds * 500);
  }

  // b. One product process killed under load, then restarted.
  {
    await enter("b");
    const killedAt = now();
    const report: PhaseReport = {
      key: "b",
      name: "product process killed",
      allowedReads: 0,
      allowedWrites: Number.POSITIVE_INFINITY,
      // Writes sent to the dead process before two failed probes (1 s apart) mark it sick.
      writesFailOnlyBefore: killedAt + 5000,
      checks: [],
      failures: [],
    };
    reports.push(report);
    log(`phase b: SIGKILL ${first.name} (API and web)`);
    await first.kill();
    await sleep(phaseSeconds * 1000);
    const restartedAt = performance.now();
    await first.restart();
    report.checks.push(
      `${first.name} restarted in ${Math.round((performance.now() - restartedAt) / 1000)} s`,
    );
    const health = await look(first.api.url, "/health");
    if (health.status !== 200)
      report.failures.push(`${first.name} answered /health ${health.status} after restart`);
    // Two good probes (1 s apart) and it takes requests again.
    await sleep(Math.max(4000, phaseSeconds * 500));
  }

  // c. The replica stopped: public reads go to the primary.
  {
    await enter("c");
    const report: PhaseReport = {
      key: "c",
      name: "replica stopped",
      allowedReads: 0,
      allowedWrites: 0,
      checks: [],
      failures: [],
    };
    reports.push(report);
    log("phase c: replica stopped");
    const haltStarted = performance.now();
    await top.replica.haltInBackground();
    report.checks.push(`replica stopped in ${Math.round(performance.now() - haltStarted)} ms`);
    await sleep(phaseSeconds * 500);
    const wrong = await priceChangeShows(top.url, top.url, 42.27);
    report.checks.push(`price change with the replica down shown on the next read: ${wrong ? "no" : "yes"}`);
    if (wrong) report.failures.push(wrong);
    await sleep(phaseSeconds * 500);
    const resumeStarted = performance.now();
    await top.replica.resumeInBackground();
    report.checks.push(`replica resumed in ${Math.round(performance.now() - resumeStarted)} ms`);
  }

  // d. Varnish stopped: visitors move to a product process directly; purges wait and land later.
  {
    await enter("d");
    const report: PhaseReport = {
      key: "d",
      name: "Varnish stopped",
      // Each visitor has at most one request in flight when Varnish stops, and moves after its
      // first refused one: at most one failure each, read or write.
      allowedReads: WORKERS,
      allowedWrites: WORKERS,
      checks: [],
      failures: [],
    };
    reports.push(report);
    log("phase d: Varnish stopped");
    await top.varnish.halt();
    await sleep(2000);
    if (!direct) report.failures.push("the visitors never noticed Varnish was down");
    const wrong = await priceChangeShows(second.api.url, second.api.url, 43.37);
    report.checks.push(`price change with Varnish down shown directly: ${wrong ? "no" : "yes"}`);
    if (wrong) report.failures.push(wrong);
    const owed = await owedPurges();
    report.checks.push(`purges owed while Varnish is down: ${owed}`);
    if (owed < 1) report.failures.push("no purge waited in cache_purges while Varnish was down");
    await sleep(phaseSeconds * 1000);
    await top.varnish.resume();
    direct = false;
    // The purger's back-off (1 s, 2, 4 … at most a minute; decision 064) decides when it lands.
    const deadline = Date.now() + 90_000;
    let left = owed;
    const resumedAt = performance.now();
    while (left > 0 && Date.now() < deadline) {
      await sleep(1000);
      left = await owedPurges();
    }
    report.checks.push(
      left === 0
        ? `purge queue drained ${Math.round((performance.now() - resumedAt) / 1000)} s after Varnish resumed`
        : `purge queue still holds ${left} after 90 s`,
    );
    if (left > 0) report.failures.push(`${left} purges still owed 90 s after Varnish resumed`);
    const after = await look(top.url, comparison);
    if (!after.text.includes("43.37")) report.failures.push("Varnish, resumed, did not show £43.37");
  }

  loadDone = true;
  await Promise.all(visitors);

  // Every acknowledged visitor write is in the primary.
  const missing = await missingWrites(top.primaryUrl, acked);
  const table: string[][] = [
    [
      "phase",
      "reads ok",
      "of them not from cache",
      "reads failed",
      "writes acked",
      "writes failed",
      "result",
    ],
  ];
  for (const report of reports) {
    const mine = outcomes.filter((o) => o.phase === report.key);
    const reads = mine.filter((o) => o.kind !== "write");
    const writes = mine.filter((o) => o.kind === "write");
    const failedReads = reads.filter((o) => o.status !== 200);
    const failedWrites = writes.filter((o) => o.status < 200 || o.status >= 300);
    if (failedReads.length > report.allowedReads)
      report.failures.push(
        `${failedReads.length} reads failed (allowed ${report.allowedReads}): ${summarise(failedReads, phaseStarts.get(report.key))}`,
      );
    if (failedWrites.length > report.allowedWrites)
      report.failures.push(
        `${failedWrites.length} writes failed (allowed ${report.allowedWrites}): ${summarise(failedWrites, phaseStarts.get(report.key))}`,
      );
    const late = report.writesFailOnlyBefore;
    if (late !== undefined) {
      const after = failedWrites.filter((o) => o.at >= late);
      if (after.length > 0)
        report.failures.push(
          `${after.length} writes failed after the probes had time to notice: ${summarise(after, phaseStarts.get(report.key))}`,
        );
    }
    const allowed = (n: number) => (Number.isFinite(n) ? String(n) : "while probes notice");
    table.push([
      `${report.key}. ${report.name}`,
      String(reads.length - failedReads.length),
      String(reads.filter((o) => o.status === 200 && !/^hit/.test(o.cache ?? "")).length),
      `${failedReads.length} (≤ ${allowed(report.allowedReads)})`,
      String(writes.length - failedWrites.length),
      `${failedWrites.length} (≤ ${late === undefined ? allowed(report.allowedWrites) : "first 5 s"})`,
      report.failures.length === 0 ? "PASS" : "FAIL",
    ]);
  }
  const widths = table[0]?.map((_, i) => Math.max(...table.map((row) => (row[i] ?? "").length))) ?? [];
  log("");
  for (const row of table) log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
  log("");
  for (const report of reports) {
    for (const check of report.checks) log(`  ${report.key}: ${check}`);
    for (const failure of report.failures) log(`  ${report.key}: FAIL ${failure}`);
  }
  log(`\nacknowledged visitor writes: ${acked.length}; missing from the database: ${missing.length}`);
  if (missing.length > 0) log(`  missing: ${missing.slice(0, 10).join(", ")}`);
  const failed = reports.filter((r) => r.failures.length > 0).length + (missing.length > 0 ? 1 : 0);
  log(failed === 0 ? "topology: PASS" : "topology: FAIL");
  exitCode = failed === 0 ? 0 : 1;
} catch (error) {
  log(`topology run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  for (const product of topology?.products ?? []) {
    log(`--- ${product.name} API output (tail) ---\n${product.api.output().slice(-2000)}`);
    log(`--- ${product.name} web output (tail) ---\n${product.web.output().slice(-2000)}`);
  }
} finally {
  stopping = true;
  await topology?.stop();
}
process.exit(exitCode);

/** "3× 503 /api/medications, 1× 0 POST /api/contact": what failed, grouped. */
function summarise(failed: Outcome[], phaseStart = 0) {
  const counts = new Map<string, number>();
  for (const o of failed) {
    const route = (o.route.split("?")[0] ?? "").replace(/\d+$/, "…");
    const why = o.guru ? " (Varnish)" : o.error ? ` (${o.error} after ${Math.round(o.ms)} ms)` : "";
    const when = failed.length <= 5 ? ` at +${((o.at - phaseStart) / 1000).toFixed(1)} s` : "";
    const key = `${o.status}${why} ${o.kind === "write" ? "POST " : ""}${route}${when}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${n}× ${key}`).join(", ");
}
