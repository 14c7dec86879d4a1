import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ScenarioResult, startPostgres } from "./harness.ts";
import {
  clusterUnderLoad,
  databaseDown,
  embeddedDatabaseDown,
  gracefulShutdown,
  killDuringBulkWrite,
  killDuringFeedRun,
  killDuringNewsletter,
  killDuringPriceNews,
  killDuringSheetApply,
  restartUnderWrites,
} from "./scenarios.ts";

/**
 * `npm run test:faults`: every fault scenario against one throwaway PostgreSQL on loopback, each
 * bounded in time. FAULTS_ONLY=name,name runs some; FAULTS_LOAD_SECONDS sets the cluster load (20:
 * long enough for the kill midway to land under load; issue 26). SMTP down is not a scenario here:
 * `apps/api/test/email-delivery.test.ts` stops and restarts a real SMTP server, and runs in
 * `npm test` and `npm run test:pg` already.
 */
const only = process.env.FAULTS_ONLY?.split(",").filter(Boolean);
const loadSeconds = Number(process.env.FAULTS_LOAD_SECONDS ?? 20);
const pg = await startPostgres();
const dataDir = mkdtempSync(path.join(tmpdir(), "pc-faults-data-"));
const scenarios: [string, () => Promise<ScenarioResult> | ScenarioResult][] = [
  ["graceful", () => gracefulShutdown(pg, dataDir)],
  ["database", () => databaseDown(pg, dataDir)],
  ["pglite", () => embeddedDatabaseDown()],
  ["bulk-kill", () => killDuringBulkWrite(pg, dataDir)],
  ["sheet-kill", () => killDuringSheetApply(pg, dataDir)],
  ["news-kill", () => killDuringPriceNews(pg)],
  ["letter-kill", () => killDuringNewsletter(pg)],
  ["feed-kill", () => killDuringFeedRun(pg)],
  ["pg-restart", () => restartUnderWrites(pg, dataDir)],
  ["cluster", () => clusterUnderLoad(pg, loadSeconds)],
];
const results: ScenarioResult[] = [];
try {
  for (const [key, run] of scenarios) {
    if (only && !only.includes(key)) continue;
    const started = performance.now();
    let result: ScenarioResult;
    try {
      result = await run();
    } catch (err) {
      result = { name: key, acknowledged: "-", found: `scenario failed to run: ${String(err)}`, ok: false };
    }
    results.push(result);
    process.stdout.write(
      `\n${result.ok ? "PASS" : "FAIL"}  ${result.name}  (${Math.round((performance.now() - started) / 1000)} s)\n  acknowledged: ${result.acknowledged}\n  found:        ${result.found}\n`,
    );
  }
} finally {
  pg.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`\n${results.length - failed} of ${results.length} fault scenarios passed\n`);
process.exit(failed === 0 ? 0 : 1);
