import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startPostgres } from "../scripts/postgres-server.ts";
import type { ScenarioResult } from "./scenario.ts";
import { scenarios } from "./scenarios/index.ts";

/**
 * `npm run test:faults`: every fault scenario (faults/scenarios/, one file each) against one
 * throwaway PostgreSQL on loopback, each bounded in time. FAULTS_ONLY=key,key runs some (each
 * scenario's key); FAULTS_LOAD_SECONDS sets the cluster load (20: long enough for the kill midway
 * to land under load; issue 26). SMTP down is not a scenario here:
 * `apps/api/test/email-delivery.test.ts` stops and restarts a real SMTP server, and runs in
 * `npm test` and `npm run test:pg` already.
 */
const only = process.env.FAULTS_ONLY?.split(",").filter(Boolean);
const loadSeconds = Number(process.env.FAULTS_LOAD_SECONDS ?? 20);
// Durable, as production is: the scenarios crash it and count what survived; the cluster's three
// API processes and their load need more connections than the default.
const pg = await startPostgres({ durable: true, maxConnections: 200 });
const dataDir = mkdtempSync(path.join(tmpdir(), "pc-faults-data-"));
const results: ScenarioResult[] = [];
try {
  for (const scenario of scenarios) {
    if (only && !only.includes(scenario.key)) continue;
    const started = performance.now();
    let result: ScenarioResult;
    try {
      result = await scenario.run({ pg, dataDir, loadSeconds });
    } catch (err) {
      result = {
        name: scenario.key,
        acknowledged: "-",
        found: `scenario failed to run: ${String(err)}`,
        ok: false,
      };
    }
    results.push(result);
    process.stdout.write(
      `\n${result.ok ? "PASS" : "FAIL"}  ${result.name}  (${Math.round((performance.now() - started) / 1000)} s)\n  acknowledged: ${result.acknowledged}\n  found:        ${result.found}\n`,
    );
  }
} finally {
  pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`\n${results.length - failed} of ${results.length} fault scenarios passed\n`);
process.exit(failed === 0 ? 0 : 1);
