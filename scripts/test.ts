import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { ensureChromium } from "./ensure-chromium.ts";
import { reportPath } from "./test-reports.ts";
import { buildWebIfNeeded } from "./web-build.ts";

/**
 * `npm test`: lint, type check, unit and API integration tests (Vitest, PGlite), then the
 * Playwright journeys in Chromium against the built app. Ends with one "N passed, N failed" line.
 */
// Kept after the run for `npm run test:report` (issue 26); a stale one is removed first.
const vitestReport = reportPath("vitest");
const playwrightReport = reportPath("playwright");
for (const report of [vitestReport, playwrightReport]) rmSync(report, { force: true });

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  process.stdout.write(`\n▶ ${title}\n`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

const steps: [string, () => boolean][] = [
  [
    "lint (biome, knip, dependency rules)",
    () => run("lint (biome, knip, dependency rules)", "npm", ["run", "--silent", "lint"]),
  ],
  ["type check (tsc)", () => run("type check (tsc)", "npm", ["run", "--silent", "typecheck"])],
  [
    // Once, before the tests that read the build (the page budget, the web server's logs) and the journeys.
    "web build",
    () => {
      process.stdout.write("\n▶ web build\n");
      try {
        buildWebIfNeeded();
        return true;
      } catch {
        return false;
      }
    },
  ],
  [
    "unit and API integration (vitest)",
    () =>
      run("unit and API integration (vitest)", "npx", [
        "vitest",
        "run",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${vitestReport}`,
      ]),
  ],
  [
    "browser journeys (playwright)",
    () => {
      ensureChromium();
      return run("browser journeys (playwright)", "npx", ["playwright", "test"], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
      });
    },
  ],
];

const failedSteps: string[] = [];
// Each step's wall time, printed at the end: where a newcomer's ten minutes go (issue 26).
const stepSeconds: [string, number][] = [];
for (const [title, step] of steps) {
  const started = performance.now();
  if (!step()) failedSteps.push(title);
  stepSeconds.push([title, Math.round((performance.now() - started) / 1000)]);
}
process.stdout.write("\nnpm test steps (wall time):\n");
for (const [title, seconds] of stepSeconds)
  process.stdout.write(`  ${title.padEnd(36)}${String(seconds).padStart(5)} s\n`);

let passed = 0;
let failed = 0;
/** Journeys that failed once and passed on CI's one retry: counted as passed, named in the output. */
let flaky = 0;
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
if (existsSync(playwrightReport)) {
  const report = JSON.parse(readFileSync(playwrightReport, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  flaky = report.stats.flaky;
}

if (failedSteps.length > 0) process.stdout.write(`\nFailed steps: ${failedSteps.join(", ")}\n`);
// A failed step with no failed test (lint, types) still counts as one failure.
process.stdout.write(
  `\ntests: ${passed} passed${flaky > 0 ? ` (${flaky} flaky)` : ""}, ${Math.max(failed, failedSteps.length)} failed\n`,
);
process.exit(failedSteps.length > 0 ? 1 : 0);
