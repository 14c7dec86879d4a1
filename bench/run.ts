import autocannon from "autocannon";
import { type Nginx, type StaticFile, startNginx } from "./nginx.ts";
import { type BenchDatabase, type Product, startProduct } from "./product.ts";

/**
 * `npm run bench [--quick] [--db=pglite|pg|both] [--case=<text>] [--runs=N] [--duration=S]
 * [--env=development|production]`:
 * throughput of the hot public reads and pages at 50 connections on loopback, each as a ratio to
 * nginx (1 worker) serving the same bytes in the same run. Never part of `npm test`; figures go to
 * docs/performance.md. Exits 1 only when a request failed, not when a goal is missed.
 */
interface BenchCase {
  name: string;
  tier: "api" | "site";
  path: string;
  goal: (measured: Measure, nginx: Measure) => string | undefined;
}

interface Measure {
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

const CONNECTIONS = 50;
const TODAY_PAGE_RATE = 54; // issue 14: the condition page before this work, req/s.

const hotRead: BenchCase["goal"] = (measured, nginx) => {
  const misses = [];
  if (measured.perSecond / nginx.perSecond < 0.5) misses.push("ratio < 0.5");
  if (measured.p99 > 10) misses.push("p99 > 10 ms");
  return misses.length ? misses.join(", ") : undefined;
};
const pageRender: BenchCase["goal"] = (measured) =>
  measured.perSecond < 10 * TODAY_PAGE_RATE ? `< ${10 * TODAY_PAGE_RATE} req/s` : undefined;

const cases: BenchCase[] = [
  {
    name: "comparison",
    tier: "api",
    path: `/api/medications/wegovy/comparison?dosage=${encodeURIComponent("0.25mg (1 pen, 4 doses)")}`,
    goal: hotRead,
  },
  { name: "prices", tier: "api", path: "/api/prices/medication/wegovy", goal: hotRead },
  { name: "search", tier: "api", path: "/api/medications/search/sild", goal: hotRead },
  { name: "condition page", tier: "site", path: "/condition/weight-loss-medications", goal: pageRender },
  { name: "home page", tier: "site", path: "/", goal: pageRender },
];

function flag(name: string): string | undefined {
  const prefix = `--${name}=`;
  const found = process.argv.find((arg) => arg === `--${name}` || arg.startsWith(prefix));
  if (found === undefined) return undefined;
  return found.startsWith(prefix) ? found.slice(prefix.length) : "";
}

const quick = flag("quick") !== undefined;
const dbFlag = flag("db") ?? "both";
if (!["pglite", "pg", "both"].includes(dbFlag)) {
  process.stderr.write(`--db must be pglite, pg or both (got "${dbFlag}")\n`);
  process.exit(2);
}
const databases: BenchDatabase[] = dbFlag === "both" ? ["pglite", "pg"] : [dbFlag as BenchDatabase];
const mode = flag("env") ?? "development";
if (mode !== "development" && mode !== "production") {
  process.stderr.write(`--env must be development or production (got "${mode}")\n`);
  process.exit(2);
}
const runs = Number(flag("runs") ?? (quick ? 1 : 3));
const duration = Number(flag("duration") ?? (quick ? 3 : 10));
const caseFilter = flag("case");
const selected = cases.filter((c) => !caseFilter || c.name.includes(caseFilter));
if (!selected.length || !(runs >= 1) || !(duration >= 1)) {
  process.stderr.write(`nothing to run: cases are ${cases.map((c) => c.name).join(", ")}\n`);
  process.exit(2);
}

async function measure(url: string): Promise<Measure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** The run with the median throughput, so its latencies belong to the same run. */
async function median(url: string): Promise<Measure> {
  const all: Measure[] = [];
  for (let i = 0; i < runs; i++) all.push(await measure(url));
  all.sort((a, b) => a.perSecond - b.perSecond);
  return all[Math.floor(all.length / 2)] as Measure;
}

async function fetchBytes(url: string): Promise<StaticFile> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return {
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get("content-type") ?? "application/octet-stream",
  };
}

const fmt = (m: Measure) =>
  m.perSecond === 0
    ? `     0 req/s  (no answer completed within ${duration} s: latencies unknown)`
    : `${m.perSecond.toFixed(0).padStart(6)} req/s  p50 ${String(m.p50).padStart(3)} ms  p99 ${String(m.p99).padStart(4)} ms`;

let failed = false;
process.stdout.write(
  `bench: ${CONNECTIONS} connections, ${duration} s per measure, median of ${runs}, NODE_ENV=${mode}, ${new Date().toISOString()}\n`,
);
for (const database of databases) {
  let product: Product | undefined;
  let nginx: Nginx | undefined;
  try {
    product = await startProduct(database, mode);
    const base = (c: BenchCase) => (c.tier === "api" ? product?.apiUrl : product?.siteUrl);
    const files: StaticFile[] = [];
    for (const c of selected) files.push(await fetchBytes(`${base(c)}${c.path}`));
    nginx = await startNginx(files);
    process.stdout.write(`\n${database === "pg" ? "PostgreSQL" : "PGlite"}\n`);
    for (const [index, c] of selected.entries()) {
      const measured = await median(`${base(c)}${c.path}`);
      const reference = await median(nginx.url(index));
      const miss = c.goal(measured, reference);
      failed ||= measured.failures > 0;
      process.stdout.write(
        `  ${miss ? "MISS" : "ok  "} ${c.name.padEnd(15)} ${(files[index]?.body.length ?? 0).toString().padStart(7)} B  ${fmt(measured)}` +
          `  | nginx ${reference.perSecond.toFixed(0)} req/s  ratio ${(measured.perSecond / reference.perSecond).toFixed(4)}` +
          `${miss ? `  (goal missed: ${miss})` : ""}${measured.failures ? `  ${measured.failures} FAILED` : ""}\n`,
      );
    }
  } finally {
    await nginx?.stop();
    await product?.stop();
  }
}
process.exit(failed ? 1 : 0);
