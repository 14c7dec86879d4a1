import { loadCatalogue } from "./catalogue.ts";
import { FEED_PHARMACY, feedFile, serveFeed } from "./feed-file.ts";
import { startProduct } from "./product.ts";
import { adminHeaders, apiCaller, memorySampler, readAtSteadyRate, residentMb } from "./steady-load.ts";

/**
 * `npm run bench:feed [-- --rows=30000] [--scale=100]` (issue 29): one pharmacy's price feed of
 * `rows` rows, served by a loopback node:http server, applied through the feed path ("run now":
 * fetch, the bounded reader, classification, `prices.write` in one transaction) on the ×`scale`
 * catalogue (bench/catalogue.ts) in a throwaway PostgreSQL. Rows name the pharmacy's own prices
 * moved by 3 % (changed, never held) and, past those, prices it does not have yet (new rows).
 * Measured: the run's time, the product process's peak memory (RSS), and the p99 of a hot read at
 * a steady 200 requests a second, idle and while the feed applies (goal: within 2× of idle).
 * Never part of `npm test`; the lead runs it at full size, figures go to docs/performance.md.
 */
const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const rows = Number(flag("rows") ?? 30_000);
const scale = Number(flag("scale") ?? 100);
const PHARMACY = FEED_PHARMACY;
const HOT_READ = `/api/medications/wegovy/comparison?dosage=${encodeURIComponent("0.25mg (1 pen, 4 doses)")}`;
const ADMIN_PASSWORD = "bench-password-123";

// A feed on this machine is http on loopback: allowed only with this setting (decision 045).
process.env.FEEDS_ALLOW_INSECURE = "true";
process.env.FEED_TIMEOUT_SECONDS = "600";

let databaseUrl = "";
let loaded = "";
const product = await startProduct("pg", "development", async (target) => {
  databaseUrl = target.databaseUrl ?? "";
  const summary = await loadCatalogue(target, scale);
  loaded = summary
    ? `×${scale}: ${summary.medications.toLocaleString("en-GB")} medications, ${summary.prices.toLocaleString("en-GB")} prices`
    : "×1 (the demo catalogue)";
});

const memory = memorySampler(product.pid);
const hotReadWhile = (until?: Promise<unknown>) => readAtSteadyRate(`${product.apiUrl}${HOT_READ}`, until);
const api = apiCaller(product.apiUrl, 60 * 60_000);

const body = await feedFile(databaseUrl, rows);
const feed = await serveFeed(body);

try {
  const headers = await adminHeaders(api, ADMIN_PASSWORD);
  await api(
    "PUT",
    `/api/admin/pharmacies/${PHARMACY}/feed`,
    { url: feed.url, format: "flat-csv", runsPerDay: 1, active: true },
    headers,
  );

  const idleMb = residentMb(product.pid);
  const idle = await hotReadWhile();

  memory.reset();
  const started = performance.now();
  const run = api("POST", `/api/admin/pharmacies/${PHARMACY}/feed/run`, {}, headers);
  const during = await hotReadWhile(run);
  const answer = await run;
  const seconds = (performance.now() - started) / 1000;
  const counts = answer.counts as Record<string, unknown> | null;
  const failures = idle.failures + during.failures;
  const lines = [
    `feed of ${rows.toLocaleString("en-GB")} rows (${(body.length / 1024 / 1024).toFixed(1)} MB flat CSV, loopback http) on ${loaded}, PostgreSQL`,
    `  applied:  ${answer.outcome} in ${seconds.toFixed(1)} s (read ${counts?.read}, changed ${counts?.changed}, confirmed ${counts?.confirmed}, held ${counts?.held}, refused ${counts?.refused})${answer.error ? `: ${String(answer.error)}` : ""}`,
    `  memory:   peak ${memory.peak().toFixed(0)} MB while applying (idle ${idleMb.toFixed(0)} MB)`,
    `  hot read at 200 req/s: idle p50 ${idle.p50} ms p99 ${idle.p99} ms; while applying p50 ${during.p50} ms p99 ${during.p99} ms (${(during.p99 / Math.max(1, idle.p99)).toFixed(2)}× idle; goal ≤ 2×) ${during.p99 <= 2 * Math.max(1, idle.p99) ? "ok" : "MISS"}`,
    `  failed requests: ${failures}`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  if (answer.outcome !== "succeeded" || failures > 0) process.exitCode = 1;
} finally {
  memory.stop();
  feed.server.close();
  await product.stop();
}
