import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { CATEGORY_TREE } from "@pharmacompare/contract";
import { startPostgres } from "../scripts/postgres-server.ts";
import { startVarnish } from "../scripts/varnish-server.ts";
import { catalogueSize, loadCatalogue } from "./catalogue.ts";
import { FEED_PHARMACY, feedFile, serveFeed } from "./feed-file.ts";
import { runOpenLoop } from "./open-loop.ts";
import { sparePort } from "./ports.ts";
import { type Product, startProduct } from "./product.ts";
import { adminHeaders, apiCaller } from "./steady-load.ts";
import { CONNECTIONS, ensureWrk, type Measure, runWrk, THREADS } from "./wrk.ts";

/**
 * `npm run bench -- --topology [--rows=30000] [--idle=20] [--products=2] [--rate=N]` (issue 46): the ×100
 * catalogue in a throwaway PostgreSQL, two product processes (production settings, logging at
 * info to a file, PURGE_URLS naming the cache) behind Varnish (scripts/varnish-server.ts, the
 * repository's VCL), and wrk through Varnish over the public pages, popular pages asked more
 * often. First an idle phase on a warm cache, then the same load while a 30,000-row feed applies
 * (bench/feed-file.ts, "run now" in a third process: production refuses a plain-http loopback
 * feed, decision 045). From varnishstat over each phase: the hit ratio, the share of page
 * requests fetched from the product (re-rendered), and wrk's p99; the purges the feed sent, from
 * varnishlog. Goals: hit ratio ≥ 0.95 and p99 during the feed ≤ 2× idle. Exits 1 only when a
 * request failed. With `--rate=N` the load is open-loop instead (bench/open-loop.ts): N requests a
 * second in both phases, each latency counted from when its request was due, so the p99 is what a
 * visitor arriving at that moment waits rather than that of a machine wrk keeps saturated.
 */
const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const ROWS = Number(flag("rows") ?? 30_000);
const IDLE_SECONDS = Number(flag("idle") ?? 20);
const PRODUCTS = Number(flag("products") ?? 2);
/** A PostgreSQL that already holds the ×100 catalogue (a run stopped before its feed): no 6-minute load. */
const REUSE_DATABASE = flag("database");
/** Requests a second of the open-loop load; absent: wrk, closed-loop, as fast as it goes. */
const RATE = flag("rate") === undefined ? undefined : Number(flag("rate"));
const SCALE = 100;
const ADMIN_PASSWORD = "bench-password-123";
const BROWSER_ENCODINGS = "br, gzip";
/** Compare pages in the mix (one medication in every 125 of the ×100 catalogue's 50,000). */
const COMPARE_PAGES = 400;
/** Zipf's exponent: the page ranked r is asked 1/r^s as often as the first. */
const ZIPF = 1;

/** Debian's varnish tools, beside varnishd (scripts/varnish-server.ts). */
const VARNISHSTAT = "/usr/bin/varnishstat";
const VARNISHLOG = "/usr/bin/varnishlog";

const out = (text: string) => process.stdout.write(text);

/**
 * The public pages the load asks for, most popular first: every condition page, then
 * compare pages (two pharmacies that price the medication, by bench/catalogue.ts's formula) and
 * the listed pharmacies' pages interleaved. The generated pharmacies' own pages are left out: each
 * lists its ~16,500 prices (740 KB compressed, about 9 s to render on this machine), a page no
 * real pharmacy of the demo has (docs/performance.md, "Behind a shared cache").
 */
async function pagePaths(apiUrl: string): Promise<string[]> {
  const size = catalogueSize(SCALE);
  if (!size) throw new Error("the topology run needs the ×100 catalogue");
  const conditions = CATEGORY_TREE.flatMap((category) =>
    category.subcategories.map((sub) => `/condition/${sub.id}`),
  );
  const pharmacy = (index: number) => `bench-pharmacy-${String(index % size.pharmacies).padStart(3, "0")}`;
  const compares = Array.from({ length: COMPARE_PAGES }, (_, i) => {
    const n = Math.floor((i * size.medications) / COMPARE_PAGES);
    // bench/catalogue.ts prices dosage 1 of medication n at pharmacies (7n + 13 + k) mod P.
    return `/compare?medication=bench-med-${String(n).padStart(5, "0")}&a=${pharmacy(7 * n + 13)}&b=${pharmacy(7 * n + 14)}`;
  });
  const response = await fetch(`${apiUrl}/api/pharmacies`);
  if (!response.ok) throw new Error(`the pharmacies answered ${response.status}`);
  const listed = (await response.json()) as { id: string }[];
  const pharmacies = listed
    .filter((entry) => !entry.id.startsWith("bench-pharmacy-"))
    .map((entry) => `/pharmacies/${entry.id}`);
  const rest: string[] = [];
  for (let i = 0; i < Math.max(compares.length, pharmacies.length); i++) {
    if (compares[i]) rest.push(compares[i] as string);
    if (pharmacies[i]) rest.push(pharmacies[i] as string);
  }
  // The home page is left out: at ×100 its site figures (/api/pages/figures) pass the API's 15 s
  // statement cap on this machine, so it is never stored and every request would reach a process.
  return [...conditions, ...rest];
}

/** wrk's `request`: a path drawn by its Zipf weight (binary search over the cumulative shares). */
/** The same Zipf draw as zipfScript's, in Node for the open-loop load (seeded alike: the same mix, not the same sequence). */
function zipfDraw(paths: string[]): () => string {
  const weights = paths.map((_, rank) => 1 / (rank + 1) ** ZIPF);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  const cumulative = weights.map((weight) => {
    running += weight / total;
    return running;
  });
  // A linear congruential generator with a fixed seed (Numerical Recipes' constants, mod 2^32), so
  // two runs ask the same sequence: the mix needs no better randomness than that.
  let seed = 46;
  const random = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  return () => {
    const r = random();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 1) < r) lo = mid + 1;
      else hi = mid;
    }
    return paths[lo] as string;
  };
}

function zipfScript(paths: string[]): string {
  const weights = paths.map((_, rank) => 1 / (rank + 1) ** ZIPF);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  const cumulative = weights.map((weight) => {
    running += weight / total;
    return running.toFixed(8);
  });
  cumulative[cumulative.length - 1] = "1";
  return `local paths = {${paths.map((p) => JSON.stringify(p)).join(",")}}
local cumulative = {${cumulative.join(",")}}
math.randomseed(46)
request = function()
  local r = math.random()
  local lo, hi = 1, #cumulative
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if cumulative[mid] < r then lo = mid + 1 else hi = mid end
  end
  return wrk.format(nil, paths[lo])
end
`;
}

type Counters = Record<string, number>;

/** varnishstat's counters now (7.1's JSON: {"counters": {"MAIN.cache_hit": {"value": …}}}). */
function varnishCounters(workDir: string): Counters {
  const result = spawnSync(VARNISHSTAT, ["-n", workDir, "-1", "-j"], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`varnishstat failed: ${result.stderr}`);
  const parsed = JSON.parse(result.stdout) as { counters?: Record<string, { value: number }> };
  const counters = parsed.counters ?? (parsed as unknown as Record<string, { value: number }>);
  const values: Counters = {};
  for (const [name, counter] of Object.entries(counters))
    if (typeof counter === "object" && counter && "value" in counter) values[name] = counter.value;
  return values;
}

interface Phase {
  name: string;
  measure: Measure;
  seconds: number;
  hits: number;
  graceHits: number;
  misses: number;
  passes: number;
  backendFetches: number;
  lruNuked: number;
  /** Page requests Varnish looked up or passed: hits + misses + passes. */
  pageRequests: number;
}

function phaseOf(name: string, measure: Measure, seconds: number, before: Counters, after: Counters): Phase {
  const delta = (counter: string) => (after[counter] ?? 0) - (before[counter] ?? 0);
  const [hits, misses, passes] = [delta("MAIN.cache_hit"), delta("MAIN.cache_miss"), delta("MAIN.s_pass")];
  return {
    name,
    measure,
    seconds,
    hits,
    graceHits: delta("MAIN.cache_hit_grace"),
    misses,
    passes,
    backendFetches: delta("MAIN.backend_req"),
    lruNuked: delta("MAIN.n_lru_nuked"),
    pageRequests: hits + misses + passes,
  };
}

/** The purges Varnish answered, from varnishlog (running from before the feed). */
function purgeLog(workDir: string) {
  const child: ChildProcess = spawn(
    VARNISHLOG,
    ["-n", workDir, "-q", 'ReqMethod eq "PURGE"', "-i", "ReqHeader,RespReason"],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  return {
    stop() {
      child.kill("SIGTERM");
      const tags = [...text.matchAll(/ReqHeader\s+xkey-purge: (.*)/gi)].map((match) =>
        (match[1] ?? "").trim(),
      );
      const purged = [...text.matchAll(/RespReason\s+Purged (\d+)/g)].map((match) => Number(match[1]));
      return { requests: purged.length, objects: purged.reduce((sum, n) => sum + n, 0), tags };
    },
  };
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

/** Fetches every path once through the cache, two at a time: the warm cache of the idle phase. */
async function warm(cacheUrl: string, paths: string[]): Promise<{ seconds: number; failures: string[] }> {
  const started = performance.now();
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const pagePath = paths[next++] as string;
      // A first render on a busy machine may fail (the API's 15 s cap): tried three times.
      for (let attempt = 1; ; attempt++) {
        const response = await fetch(`${cacheUrl}${pagePath}`, {
          headers: { "accept-encoding": BROWSER_ENCODINGS },
        });
        const body = await response.text();
        if (response.status === 200) break;
        failures.push(
          `${pagePath} ${response.status} (x-cache ${response.headers.get("x-cache")}): ${body.slice(0, 120)}`,
        );
        if (attempt === 3) throw new Error(`through the cache: ${failures.join("; ")}`);
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
  };
  await Promise.all(Array.from({ length: 2 }, worker));
  return { seconds: (performance.now() - started) / 1000, failures };
}

/** A POST with an empty JSON body that waits as long as the answer takes (no headers timeout). */
function postJson(url: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: "POST", headers: { ...headers, "content-type": "application/json" } },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        response.on("end", () => {
          if ((response.statusCode ?? 0) >= 400)
            reject(new Error(`${url} answered ${response.statusCode}: ${text}`));
          else resolve(JSON.parse(text) as Record<string, unknown>);
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end("{}");
  });
}

const hostPort = (url: string) => new URL(url).host;

export async function runTopology(): Promise<boolean> {
  ensureWrk();
  const stops: (() => Promise<void> | void)[] = [];
  let failed = false;
  // Interrupted (Ctrl-C, a timeout): stop everything started, as on failure.
  const interrupted = async () => {
    for (const stop of stops.reverse()) await stop();
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    out(
      `bench --topology: wrk ${THREADS} thread, ${CONNECTIONS} connections through Varnish, Accept-Encoding: ${BROWSER_ENCODINGS}, ` +
        `${PRODUCTS} product process(es) (NODE_ENV=production, info log to a file), ${new Date().toISOString()}, load average ${load()}\n`,
    );
    let databaseUrl = REUSE_DATABASE ?? "";
    if (!REUSE_DATABASE) {
      const postgres = await startPostgres();
      stops.push(() => postgres.stop());
      databaseUrl = postgres.url;
      const scratch = mkdtempSync(path.join(tmpdir(), "pc-topology-"));
      stops.push(() => rmSync(scratch, { recursive: true, force: true }));
      out("  loading the ×100 catalogue into a throwaway PostgreSQL…\n");
      const loaded = await loadCatalogue({ dataDir: scratch, databaseUrl }, SCALE);
      out(
        `  loaded ${loaded?.medications.toLocaleString("en-GB")} medications, ${loaded?.pharmacies} pharmacies, ` +
          `${loaded?.prices.toLocaleString("en-GB")} prices in ${((loaded?.ms ?? 0) / 1000).toFixed(1)} s\n`,
      );
    } else out(`  the ×100 catalogue already loaded in ${REUSE_DATABASE}\n`);

    // The cache's port first, so every product's PURGE_URLS can name it (decision 064).
    const cachePort = await sparePort();
    const cacheUrl = `http://127.0.0.1:${cachePort}`;
    const shared = { databaseUrl, env: { PURGE_URLS: `${cacheUrl}/` } };
    const products: Product[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const product = await startProduct("pg", "production", undefined, shared);
      stops.push(() => product.stop());
      products.push(product);
    }
    // The feed's process: the same product in development settings, the only ones that fetch a
    // plain-http feed on loopback (decision 045); it serves no visitor, as a jobs machine would not.
    const writer = await startProduct("pg", "development", undefined, {
      databaseUrl,
      env: { ...shared.env, FEEDS_ALLOW_INSECURE: "true", FEED_TIMEOUT_SECONDS: "600" },
    });
    stops.push(() => writer.stop());
    const varnish = await startVarnish({
      web: products.map((product) => hostPort(product.siteUrl)),
      api: products.map((product) => hostPort(product.apiUrl)),
      port: cachePort,
      // A probe must not time out under the bench's own load (and the other work on a shared
      // machine) and take a busy process out: every page would be a 503.
      probeTimeoutSeconds: 10,
      probeIntervalSeconds: 5,
    });
    stops.push(() => varnish.stop());

    const paths = await pagePaths(products[0]?.apiUrl ?? "");
    out(
      `  ${paths.length} pages: ${paths.filter((p) => p.startsWith("/condition/")).length} condition pages, ` +
        `${paths.filter((p) => p.startsWith("/compare")).length} compare pages, ` +
        `${paths.filter((p) => p.startsWith("/pharmacies/")).length} pharmacy pages; Zipf s=${ZIPF} by rank\n`,
    );
    const warmed = await warm(cacheUrl, paths);
    out(
      `  warmed the cache (every page once) in ${warmed.seconds.toFixed(1)} s` +
        `${warmed.failures.length ? `; answered again after: ${warmed.failures.join("; ")}` : ""}\n`,
    );
    const script = zipfScript(paths);
    const wrkOptions = {
      url: `${cacheUrl}/`,
      headers: { "accept-encoding": BROWSER_ENCODINGS },
      serverPid: products[0]?.pid ?? 0,
      requestScript: script,
    };
    const nextPath = zipfDraw(paths);
    /** The phase's load: wrk, or the open-loop generator at RATE. */
    const measure = (duration: number, until?: Promise<unknown>) =>
      RATE === undefined
        ? runWrk({ ...wrkOptions, duration, ...(until ? { until } : {}) })
        : runOpenLoop({
            origin: cacheUrl,
            nextPath,
            rate: RATE,
            headers: wrkOptions.headers,
            duration,
            ...(until ? { until } : {}),
            serverPid: wrkOptions.serverPid,
          });
    if (RATE !== undefined)
      out(`  open-loop load: ${RATE} requests a second, latency from each request's due time\n`);

    // Idle: the same mix on the warm cache, no feed.
    out(`\n  idle phase (${IDLE_SECONDS} s), load average ${load()}\n`);
    let before = varnishCounters(varnish.workDir);
    let started = performance.now();
    const idleMeasure = await measure(IDLE_SECONDS);
    const idle = phaseOf(
      "idle",
      idleMeasure,
      (performance.now() - started) / 1000,
      before,
      varnishCounters(varnish.workDir),
    );

    // During the feed: the same load from "run now" until the run answers.
    const body = await feedFile(databaseUrl, ROWS);
    const feed = await serveFeed(body);
    stops.push(() => {
      feed.server.close();
    });
    const api = apiCaller(writer.apiUrl, 15 * 60_000);
    const headers = await adminHeaders(api, ADMIN_PASSWORD);
    await api(
      "PUT",
      `/api/admin/pharmacies/${FEED_PHARMACY}/feed`,
      { url: feed.url, format: "flat-csv", runsPerDay: 1, active: true },
      headers,
    );
    out(
      `  feed phase (${ROWS.toLocaleString("en-GB")} rows, until the run answers), load average ${load()}\n`,
    );
    const purges = purgeLog(varnish.workDir);
    stops.push(() => {
      purges.stop();
    });
    before = varnishCounters(varnish.workDir);
    started = performance.now();
    // node:http, not fetch: fetch gives up on an answer's headers after 300 s, and "run now" on a
    // busy machine answers when the whole feed has applied.
    const run = postJson(`${writer.apiUrl}/api/admin/pharmacies/${FEED_PHARMACY}/feed/run`, headers);
    const [duringMeasure, answer] = await Promise.all([measure(900, run), run]);
    const feedSeconds = (performance.now() - started) / 1000;
    // Purges go after commit (at most a second's poll): let them land before the counters are read.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const during = phaseOf(
      "during the feed",
      duringMeasure,
      feedSeconds,
      before,
      varnishCounters(varnish.workDir),
    );
    const purged = purges.stop();

    const counts = answer.counts as Record<string, unknown> | null;
    out(
      `  feed: ${String(answer.outcome)} in ${feedSeconds.toFixed(1)} s (read ${counts?.read}, changed ${counts?.changed}, ` +
        `confirmed ${counts?.confirmed}, held ${counts?.held}, refused ${counts?.refused})` +
        `${answer.error ? `: ${String(answer.error)}` : ""}\n`,
    );
    out(
      `  purges Varnish answered during the feed: ${purged.requests} request(s), ${purged.objects} objects dropped; tags: ` +
        `${purged.tags.map((tags) => (tags.length > 200 ? `${tags.slice(0, 200)}… (${tags.split(" ").length} tags)` : tags)).join(" | ") || "none"}\n`,
    );

    out(
      "\n  phase              req/s     p50      p99   hit ratio  re-rendered  hits / misses / passes (grace hits, LRU-nuked)\n",
    );
    for (const phase of [idle, during]) {
      const m = phase.measure;
      failed ||= m.errors + m.non2xx3xx > 0;
      out(
        `  ${phase.name.padEnd(16)} ${Math.round(m.perSecond).toLocaleString("en-GB").padStart(7)} ${ms(m.p50).padStart(6)} ms ${ms(m.p99).padStart(6)} ms` +
          `   ${(phase.hits / Math.max(1, phase.pageRequests)).toFixed(4)}     ${(phase.backendFetches / Math.max(1, phase.pageRequests)).toFixed(4)}` +
          `     ${phase.hits} / ${phase.misses} / ${phase.passes} (${phase.graceHits}, ${phase.lruNuked}), ${phase.seconds.toFixed(1)} s` +
          `${m.errors + m.non2xx3xx ? `  ${m.errors} socket errors, ${m.non2xx3xx} not 2xx/3xx: FAILED` : ""}\n`,
      );
    }
    const hitRatio = during.hits / Math.max(1, during.pageRequests);
    const p99Ratio = during.measure.p99 / Math.max(0.001, idle.measure.p99);
    out("\n  goals (issue 46)\n");
    out(
      `    ${hitRatio >= 0.95 ? "ok  " : "MISS"} hit ratio ≥ 0.95 during the feed: ${hitRatio.toFixed(4)}\n`,
    );
    out(
      `    ${p99Ratio <= 2 ? "ok  " : "MISS"} p99 during feed ≤ 2× idle: ${ms(during.measure.p99)} ms against ${ms(idle.measure.p99)} ms (×${p99Ratio.toFixed(2)})\n`,
    );
    out(`  load average at the end ${load()}\n`);
    if (answer.outcome !== "succeeded") failed = true;
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
  return !failed;
}
