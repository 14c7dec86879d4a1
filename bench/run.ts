import { statSync } from "node:fs";
import { auditPages } from "../scripts/lighthouse-pages.ts";
import { type BareNode, startBareNode } from "./bare-node.ts";
import { catalogueSize, loadCatalogue } from "./catalogue.ts";
import { explainHotReads } from "./explain.ts";
import { type Nginx, startNginx } from "./nginx.ts";
import { addBenchKey } from "./open-api-key.ts";
import {
  CONDITION_HTML_GOAL,
  HYDRATION_GOAL,
  listTwentyPharmacies,
  publicRouteJavaScript,
  ROUTE_JAVASCRIPT_GOAL,
  weighPage,
} from "./page-weight.ts";
import { type BenchDatabase, type Product, startProduct } from "./product.ts";
import { captureAnswer, type StaticFile } from "./served-bytes.ts";
import { runTopology } from "./topology.ts";
import { CONNECTIONS, ensureWrk, type Measure, runWrk, THREADS } from "./wrk.ts";

/**
 * `npm run bench [--quick] [--db=pglite|pg|both] [--case=<text>[,<text>]] [--runs=N] [--duration=S]
 * [--env=production|development] [--scale=1,10,100]` (and `--topology`, bench/topology.ts):
 * throughput and latency of the hot public reads and pages at 50 connections on loopback, measured
 * as a browser asks (issue 33, decision 050). wrk (1 thread) drives every side; each case is sent
 * twice, with `Accept-Encoding: br, gzip` and with none; the product runs as `npm start` runs it in
 * production, logging at its default level. Beside the product, two yardsticks in the same run
 * serve the very bytes it answered, with its headers: nginx (1 worker) and bare Node (`node:http`
 * on the same Node, one process, from memory) — the runtime's ceiling, against which the goals
 * are set. For every measure the CPU time of wrk and of the server is printed. Never part of
 * `npm test`; figures go to docs/performance.md. Exits 1 only when a request failed, not when a
 * goal is missed.
 * With --scale, each scale's catalogue is generated before the product starts (bench/catalogue.ts),
 * the hot reads' SQL is EXPLAINed (bench/explain.ts), the hot reads are also measured uncached
 * (every request a different URL), and the largest scale's p50 is compared with ×1's.
 * Without --scale, each database's run ends with issue 47's weights and audit: the condition page
 * with 20 pharmacies listed (HTML and hydration data), every public route's JavaScript, and
 * Lighthouse (bench/page-weight.ts, scripts/lighthouse-pages.ts).
 */
type Tier = "api" | "site";

interface BenchCase {
  name: string;
  tier: Tier;
  /** The path, or how to find it from the running product (ids read from its API). */
  path: string | ((apiUrl: string) => Promise<string>);
  goal: Goal;
  /**
   * Pages: also measured with every request another URL, so the page cache misses and the page is
   * rendered (API reads are, with --scale), against `goal` where the issue sets one.
   */
  uncached?: { goal?: (measured: Measure, bareNode: Measure) => string | undefined };
  /** Sent with a browser's user agent: the click-out counts only visits that do not name a bot. */
  asBrowser?: boolean;
  /** Sent with the bench's open-API key (decision 062), written before the product starts. */
  keyed?: boolean;
}

interface Goal {
  text: string;
  check: (product: Measure, bareNode: Measure) => string[];
}

/** A browser's user agent: the click-out counts only visits that do not name a bot. */
const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** What every browser sends. */
const BROWSER_ENCODINGS = "br, gzip";

const COMPARISON_DOSAGE = "0.25mg (1 pen, 4 doses)";

async function pricesOf(apiUrl: string, medication: string): Promise<{ _id: string; pharmacyId: string }[]> {
  const response = await fetch(`${apiUrl}/api/prices/medication/${medication}`);
  if (!response.ok) throw new Error(`the prices of ${medication} answered ${response.status}`);
  return (await response.json()) as { _id: string; pharmacyId: string }[];
}

/** The click-out of the comparison's first price, as the condition page links it (decision 044). */
async function clickOutPath(apiUrl: string): Promise<string> {
  const [first] = await pricesOf(apiUrl, "wegovy");
  if (!first) throw new Error("the demo catalogue has no Wegovy price to click out to");
  return `/go/${first._id}?from=comparison`;
}

/** Two pharmacies side by side for Mounjaro, as a comparison row links them (decision 042). */
async function comparePath(apiUrl: string): Promise<string> {
  const pharmacies = [...new Set((await pricesOf(apiUrl, "mounjaro")).map((price) => price.pharmacyId))];
  const [a, b] = pharmacies;
  if (!a || !b) throw new Error("the demo catalogue has fewer than two pharmacies pricing Mounjaro");
  return `/compare?medication=mounjaro&a=${a}&b=${b}`;
}

/** Issue 33's goals, all against bare Node serving the same bytes, as a browser asks. */
const ratioAndP99 = (p99Limit: number): Goal => ({
  text: `≥ 0.8 of bare Node, p99 ≤ ${p99Limit} ms`,
  check: (product, bareNode) => [
    ...(product.perSecond / bareNode.perSecond < 0.8 ? ["ratio to bare Node < 0.8"] : []),
    ...(product.p99 > p99Limit ? [`p99 > ${p99Limit} ms`] : []),
  ],
});
const hotRead = ratioAndP99(10);
const cachedPage = ratioAndP99(20);
/** The click-out (issue 31): counting must not delay the redirect. */
const redirectGoal: Goal = {
  text: "p99 ≤ 10 ms",
  check: (product) => (product.p99 > 10 ? ["p99 > 10 ms"] : []),
};
/**
 * A page rendered every time (issue 47): the uncached condition and home pages at ≥ 0.01 of bare
 * Node serving that page's bytes (540 a second where bare Node serves 54,000).
 */
const UNCACHED_PAGE_RATIO = 0.01;
/** The open API (decision 062) has no goal yet: its figure and ratios are recorded to set one. */
const measuredOnly: Goal = { text: "none yet (decision 062: measured)", check: () => [] };
const renderGoal = (measured: Measure, bareNode: Measure) =>
  measured.perSecond / bareNode.perSecond < UNCACHED_PAGE_RATIO
    ? `< ${UNCACHED_PAGE_RATIO} of bare Node`
    : undefined;

const cases: BenchCase[] = [
  {
    name: "comparison",
    tier: "api",
    path: `/api/medications/wegovy/comparison?dosage=${encodeURIComponent(COMPARISON_DOSAGE)}`,
    goal: hotRead,
  },
  { name: "prices", tier: "api", path: "/api/prices/medication/wegovy", goal: hotRead },
  { name: "search", tier: "api", path: "/api/medications/search/sild", goal: hotRead },
  {
    name: "condition page",
    tier: "site",
    path: "/condition/weight-loss-medications",
    goal: cachedPage,
    uncached: { goal: renderGoal },
  },
  { name: "home page", tier: "site", path: "/", goal: cachedPage, uncached: { goal: renderGoal } },
  { name: "compare page", tier: "site", path: comparePath, goal: cachedPage, uncached: {} },
  {
    name: "course-cost view",
    tier: "site",
    path: "/condition/weight-loss-medications?medication=Mounjaro&horizon=12",
    goal: cachedPage,
    uncached: {},
  },
  { name: "click-out redirect", tier: "api", path: clickOutPath, goal: redirectGoal, asBrowser: true },
  {
    // Every request looks its key up and counts it in the database, then reads 90 days of history.
    name: "open API daily lowest",
    tier: "api",
    path: `/api/open/daily-lowest?medication=wegovy&dosage=${encodeURIComponent(COMPARISON_DOSAGE)}`,
    goal: measuredOnly,
    keyed: true,
  },
];

/** The open-API key of the current product, when a selected case needs one. */
let benchKey = "";

/** The condition page that lists 20 pharmacies (bench/page-weight.ts), once written. */
let twentyRowsPath = "";

/**
 * The product's preparation, followed by writing the bench's open-API key when a case is keyed and
 * the 20 pharmacies' prices when pages are weighed.
 */
function withBenchData(
  prepare: ((target: { dataDir: string; databaseUrl?: string | undefined }) => Promise<void>) | undefined,
) {
  if (!selected.some((c) => c.keyed) && !weighPages) return prepare;
  return async (target: { dataDir: string; databaseUrl?: string | undefined }) => {
    await prepare?.(target);
    if (selected.some((c) => c.keyed)) benchKey = await addBenchKey(target);
    if (weighPages) twentyRowsPath = await listTwentyPharmacies(target);
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (met: boolean) => (met ? "ok  " : "MISS");

/** Issue 47's weights: the condition page with 20 pharmacies, its hydration data, each route's JavaScript. */
async function printPageWeights(siteUrl: string): Promise<void> {
  const weight = await weighPage(`${siteUrl}${twentyRowsPath}`);
  process.stdout.write(
    `\n  page weight  (${twentyRowsPath}, ${weight.rows} pharmacies listed, uncompressed)\n` +
      `    ${mark(weight.html < CONDITION_HTML_GOAL)} condition HTML ${kb(weight.html)} (goal < ${kb(CONDITION_HTML_GOAL)})\n` +
      `    ${mark(weight.hydration < HYDRATION_GOAL)} hydration data ${kb(weight.hydration)} (goal < ${kb(HYDRATION_GOAL)})\n` +
      `  public routes' JavaScript, gzip (goal ≤ ${kb(ROUTE_JAVASCRIPT_GOAL)} each; scripts/route-javascript.ts)\n`,
  );
  for (const { route, bytes } of publicRouteJavaScript())
    process.stdout.write(`    ${mark(bytes <= ROUTE_JAVASCRIPT_GOAL)} ${route.padEnd(26)} ${kb(bytes)}\n`);
}

/** Issue 47: Lighthouse mobile performance ≥ 98 (median of 3) on home, condition, article and pharmacy pages. */
const LIGHTHOUSE_GOAL = 98;
async function printLighthouse(siteUrl: string, apiUrl: string): Promise<void> {
  const lighthouseRuns = Math.max(runs, 3);
  process.stdout.write(
    `\n  Lighthouse, mobile, performance (goal ≥ ${LIGHTHOUSE_GOAL}, median of ${lighthouseRuns}; scripts/lighthouse-pages.ts)\n`,
  );
  for (const audit of await auditPages(siteUrl, apiUrl, lighthouseRuns)) {
    const score = audit.scores?.[0];
    process.stdout.write(
      score === undefined
        ? `    MISS ${audit.name.padEnd(10)} no score: ${audit.runtimeError}\n`
        : `    ${mark(score >= LIGHTHOUSE_GOAL)} ${audit.name.padEnd(10)} ${score}  (runs ${audit.performanceRuns.join(", ")}; ${audit.metrics})  ${audit.path}\n`,
    );
  }
}

/** Each case is sent as a browser asks and as a client that takes no compression. */
const ENCODINGS = [
  { label: "br, gzip", headers: { "accept-encoding": BROWSER_ENCODINGS }, judged: true },
  { label: "none", headers: {}, judged: false },
] as const;

function flag(name: string): string | undefined {
  const prefix = `--${name}=`;
  const found = process.argv.find((arg) => arg === `--${name}` || arg.startsWith(prefix));
  if (found === undefined) return undefined;
  return found.startsWith(prefix) ? found.slice(prefix.length) : "";
}

// Issue 46: the ×100 catalogue behind Varnish while a feed applies (bench/topology.ts, its own flags).
if (flag("topology") !== undefined) process.exit((await runTopology()) ? 0 : 1);

const quick = flag("quick") !== undefined;
const scaleFlag = flag("scale");
const scales = (scaleFlag ?? "1").split(",").map(Number);
if (!scales.every((scale) => Number.isInteger(scale) && scale >= 1 && scale <= 100)) {
  process.stderr.write(
    `--scale must list whole numbers from 1 to 100, e.g. --scale=1,10,100 (got "${scaleFlag}")\n`,
  );
  process.exit(2);
}
const dbFlag = flag("db") ?? "both";
if (!["pglite", "pg", "both"].includes(dbFlag)) {
  process.stderr.write(`--db must be pglite, pg or both (got "${dbFlag}")\n`);
  process.exit(2);
}
const databases: BenchDatabase[] = dbFlag === "both" ? ["pglite", "pg"] : [dbFlag as BenchDatabase];
const mode = flag("env") ?? "production";
if (mode !== "development" && mode !== "production") {
  process.stderr.write(`--env must be production or development (got "${mode}")\n`);
  process.exit(2);
}
const runs = Number(flag("runs") ?? (quick ? 1 : 3));
const duration = Number(flag("duration") ?? (quick ? 3 : 10));
const caseFilter = flag("case");
const caseWords = caseFilter?.split(",").filter(Boolean) ?? [];
const chosen = (name: string) => !caseWords.length || caseWords.some((word) => name.includes(word));
const selected = cases.filter((c) => chosen(c.name));
// Measured once per database at ×1, after the cases: the weights, then Lighthouse in Chromium.
const weighPages = !scaleFlag && chosen("page weight");
const lighthouseToo = !scaleFlag && chosen("lighthouse");
if ((!selected.length && !weighPages && !lighthouseToo) || !(runs >= 1) || !(duration >= 1)) {
  process.stderr.write(
    `nothing to run: cases are ${cases.map((c) => c.name).join(", ")}, page weight, lighthouse\n`,
  );
  process.exit(2);
}

/** The run with the median throughput, so its latencies and CPU times belong to the same run. */
async function median(
  url: string,
  headers: Record<string, string>,
  serverPid: number,
  uncached = false,
): Promise<Measure> {
  const all: Measure[] = [];
  for (let i = 0; i < runs; i++) all.push(await runWrk({ url, headers, duration, serverPid, uncached }));
  all.sort((a, b) => a.perSecond - b.perSecond);
  return all[Math.floor(all.length / 2)] as Measure;
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const rate = (m: Measure) => Math.round(m.perSecond).toLocaleString("en-GB").padStart(7);
const failures = (m: Measure) => m.errors + m.non2xx3xx;

function row(label: string, m: Measure, ratios = ""): string {
  if (m.perSecond === 0)
    return `      ${label.padEnd(9)}       0 req/s  (no answer completed within ${duration} s: latencies unknown)\n`;
  const failed = failures(m) ? `  ${m.errors} socket errors, ${m.non2xx3xx} not 2xx/3xx: FAILED` : "";
  return (
    `      ${label.padEnd(9)} ${rate(m)} req/s  p50 ${ms(m.p50).padStart(5)} ms  p99 ${ms(m.p99).padStart(5)} ms` +
    `${ratios.padEnd(30)}  CPU s: server ${m.cpu.server.toFixed(2)}, wrk ${m.cpu.generator.toFixed(2)}${failed}\n`
  );
}

function record(database: BenchDatabase, name: string, scale: number, measured: Measure): void {
  const key = `${database === "pg" ? "PostgreSQL" : "PGlite"} ${name}`;
  p50s.set(key, (p50s.get(key) ?? new Map()).set(scale, measured));
}

const describe = (file: StaticFile) =>
  `${file.status} ${file.body.length.toLocaleString("en-GB")} B ${file.headers["content-encoding"] ?? "identity"}`;

let failed = false;
const scaled = scaleFlag !== undefined;
/** p50s per database, row name and scale, for the ×largest/×1 comparison. */
const p50s = new Map<string, Map<number, Measure>>();
const hotReadSample = {
  name: "wegovy",
  medicationId: "wegovy",
  dosage: COMPARISON_DOSAGE,
  searchTerm: "sild",
};
ensureWrk();
process.stdout.write(
  `bench: wrk ${THREADS} thread, ${CONNECTIONS} connections, ${duration} s per measure, median of ${runs}, ` +
    `NODE_ENV=${mode}, default logging to a file, ${new Date().toISOString()}\n` +
    "  each case as a browser asks (br, gzip: the goals apply) and with no Accept-Encoding;\n" +
    "  yardsticks serve the product's own bytes and headers: nginx (1 worker) and bare Node (node:http, 1 process)\n",
);
for (const database of databases) {
  const dbName = database === "pg" ? "PostgreSQL" : "PGlite";
  for (const scale of scales) {
    let product: Product | undefined;
    let nginx: Nginx | undefined;
    let bareNode: BareNode | undefined;
    try {
      process.stdout.write(`\n${dbName}${scaled ? ` ×${scale}` : ""}\n`);
      product = await startProduct(
        database,
        mode,
        withBenchData(
          scaled
            ? async (target) => {
                const size = catalogueSize(scale);
                if (size) {
                  process.stdout.write(
                    `  loading ${size.medications.toLocaleString("en-GB")} medications, ${size.pharmacies} pharmacies, ` +
                      `prices at ${size.pricesPerDosage} pharmacies per dosage…\n`,
                  );
                }
                const loaded = await loadCatalogue(target, scale);
                if (loaded) {
                  process.stdout.write(
                    `  loaded ${loaded.prices.toLocaleString("en-GB")} prices in ${(loaded.ms / 1000).toFixed(1)} s ` +
                      "(multi-row inserts and INSERT … SELECT, in transactions, then ANALYZE)\n",
                  );
                }
                const explained = await explainHotReads(target, hotReadSample);
                process.stdout.write(`  EXPLAIN of the hot reads' SQL:\n${explained.text}\n`);
                process.stdout.write(
                  explained.largeSeqScans.length
                    ? `  Seq Scan on a large table in: ${explained.largeSeqScans.join("; ")}\n`
                    : "  No Seq Scan on a large table in any hot read.\n",
                );
              }
            : undefined,
        ),
      );
      const running = product;
      const productPid = running.pid ?? 0;
      // Each case in each encoding: its URL, request headers and the answer the yardsticks replay.
      const variants: {
        c: BenchCase;
        encoding: (typeof ENCODINGS)[number];
        url: string;
        headers: Record<string, string>;
        file: StaticFile;
      }[] = [];
      for (const c of selected) {
        const base = c.tier === "api" ? running.apiUrl : running.siteUrl;
        const path = typeof c.path === "string" ? c.path : await c.path(running.apiUrl);
        for (const encoding of ENCODINGS) {
          const headers: Record<string, string> = {
            ...encoding.headers,
            ...(c.asBrowser ? { "user-agent": BROWSER_USER_AGENT } : {}),
            ...(c.keyed ? { authorization: `Bearer ${benchKey}` } : {}),
          };
          const url = `${base}${path}`;
          const file = await captureAnswer(url, headers);
          if (file.status >= 400) throw new Error(`${c.name}: ${url} answered ${file.status}`);
          variants.push({ c, encoding, url, headers, file });
        }
      }
      if (variants.length) {
        nginx = await startNginx(variants.map((variant) => variant.file));
        bareNode = await startBareNode(variants.map((variant) => variant.file));
      }
      let lastCase: BenchCase | undefined;
      for (const [index, { c, encoding, url, headers, file }] of variants.entries()) {
        if (c !== lastCase) {
          process.stdout.write(
            `\n  ${c.name}  (${new URL(url).pathname}${new URL(url).search})  goal: ${c.goal.text}\n`,
          );
          lastCase = c;
        }
        if (!bareNode || !nginx) break;
        const measured = await median(url, headers, productPid);
        const ceiling = await median(bareNode.url(index), {}, bareNode.pid);
        const reference = await median(nginx.url(index), {}, nginx.pid);
        const misses = encoding.judged ? c.goal.check(measured, ceiling) : [];
        failed ||= failures(measured) > 0;
        record(database, `${c.name} (${encoding.label})`, scale, measured);
        const verdict = encoding.judged
          ? misses.length
            ? `MISS (${misses.join(", ")})`
            : "ok"
          : "(reference)";
        process.stdout.write(`    Accept-Encoding: ${encoding.label} → ${describe(file)}   ${verdict}\n`);
        process.stdout.write(
          row(
            "product",
            measured,
            `  ${(measured.perSecond / ceiling.perSecond).toFixed(3)} of Node, ${(measured.perSecond / reference.perSecond).toFixed(3)} of nginx`,
          ),
        );
        process.stdout.write(row("bare Node", ceiling));
        process.stdout.write(row("nginx", reference));
        // Pages always, API reads with --scale: the same request missing the cache every time,
        // what the render or the query itself costs.
        if (!c.uncached && !(scaled && c.tier === "api")) continue;
        const uncached = await median(url, headers, productPid, true);
        const renderMiss = encoding.judged ? c.uncached?.goal?.(uncached, ceiling) : undefined;
        const goalNote = c.uncached?.goal ? ` (goal ≥ ${UNCACHED_PAGE_RATIO} of bare Node)` : "";
        failed ||= failures(uncached) > 0;
        record(database, `${c.name} uncached (${encoding.label})`, scale, uncached);
        process.stdout.write(
          `    uncached, Accept-Encoding: ${encoding.label}${goalNote}${renderMiss ? `   MISS (${renderMiss})` : encoding.judged && goalNote ? "   ok" : ""}\n`,
        );
        process.stdout.write(
          row("product", uncached, `  ${(uncached.perSecond / ceiling.perSecond).toFixed(4)} of Node`),
        );
      }
      if (weighPages) await printPageWeights(running.siteUrl);
      if (lighthouseToo) await printLighthouse(running.siteUrl, running.apiUrl);
      process.stdout.write(
        `\n  the product's log (default level, asynchronous): ${(statSync(running.logFile).size / 1e6).toFixed(1)} MB written\n`,
      );
    } finally {
      await bareNode?.stop();
      await nginx?.stop();
      await product?.stop();
    }
  }
}
if (scaled && scales.length > 1) {
  const [smallest, largest] = [Math.min(...scales), Math.max(...scales)];
  process.stdout.write(
    `\np50 at ×${largest} against ×${smallest} (goal: at most 1.5 times; mean latency for detail)\n`,
  );
  for (const [key, byScale] of p50s) {
    const [low, high] = [byScale.get(smallest), byScale.get(largest)];
    if (!low || !high || !low.p50) continue;
    const ratio = high.p50 / low.p50;
    process.stdout.write(
      `  ${ratio <= 1.5 ? "ok  " : "MISS"} ${key.padEnd(40)} p50 ${ms(low.p50)} → ${ms(high.p50)} ms  ×${ratio.toFixed(2)}` +
        `   mean ${ms(low.mean)} → ${ms(high.mean)} ms  ×${(high.mean / low.mean).toFixed(2)}\n`,
    );
  }
}
process.exit(failed ? 1 : 0);
