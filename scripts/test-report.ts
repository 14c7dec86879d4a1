import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPORTS, reportPath } from "./test-reports.ts";

/**
 * `npm run test:report`: where the time of the last runs went (issue 26), from the JSON reports
 * the test commands keep (scripts/test-reports.ts): each suite's tests and time, then the 20
 * slowest files and the 20 slowest tests across them. `-- --most 40` shows more.
 */
interface Timed {
  suite: string;
  name: string;
  ms: number;
}

interface VitestReport {
  startTime?: number;
  testResults: {
    name: string;
    startTime?: number;
    endTime?: number;
    assertionResults: { fullName: string; duration?: number | null }[];
  }[];
}

interface PlaywrightSuite {
  file?: string;
  title: string;
  specs?: { title: string; file?: string; tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats?: { duration?: number };
  suites: PlaywrightSuite[];
}

const most = Number(process.argv[process.argv.indexOf("--most") + 1]) || 20;
const root = path.resolve(import.meta.dirname, "..");
const relative = (file: string) => path.relative(root, file) || file;

function vitest(suite: string, report: VitestReport) {
  const files: Timed[] = [];
  const tests: Timed[] = [];
  for (const file of report.testResults) {
    const name = relative(file.name);
    const ms = (file.endTime ?? 0) - (file.startTime ?? 0);
    files.push({ suite, name, ms });
    for (const test of file.assertionResults)
      tests.push({ suite, name: `${name} › ${test.fullName}`, ms: test.duration ?? 0 });
  }
  return { files, tests, wallMs: null as number | null };
}

function playwright(suite: string, report: PlaywrightReport) {
  const byFile = new Map<string, number>();
  const tests: Timed[] = [];
  const walk = (node: PlaywrightSuite, file: string) => {
    for (const spec of node.specs ?? []) {
      // Every attempt counts: a retry is time spent too.
      const ms = spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0);
      const where = spec.file ?? file;
      byFile.set(where, (byFile.get(where) ?? 0) + ms);
      tests.push({ suite, name: `e2e/${where} › ${spec.title}`, ms });
    }
    for (const child of node.suites ?? []) walk(child, child.file ?? file);
  };
  for (const top of report.suites) walk(top, top.file ?? top.title);
  const files = [...byFile].map(([name, ms]) => ({ suite, name: `e2e/${name}`, ms }));
  return { files, tests, wallMs: report.stats?.duration ?? null };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const files: Timed[] = [];
const tests: Timed[] = [];
let found = 0;
process.stdout.write("suite          tests   summed     wall\n");
for (const name of Object.keys(REPORTS) as (keyof typeof REPORTS)[]) {
  const file = reportPath(name);
  if (!existsSync(file)) continue;
  found += 1;
  const json = JSON.parse(readFileSync(file, "utf8"));
  const read = name.startsWith("vitest") ? vitest(name, json as VitestReport) : playwright(name, json);
  files.push(...read.files);
  tests.push(...read.tests);
  const summed = read.tests.reduce((sum, test) => sum + test.ms, 0);
  process.stdout.write(
    `${name.padEnd(14)} ${String(read.tests.length).padStart(5)} ${seconds(summed).padStart(8)} ${read.wallMs === null ? "       -" : seconds(read.wallMs).padStart(8)}\n`,
  );
}
if (found === 0) {
  process.stdout.write("No reports yet: run npm test (or test:pg, test:e2e:pg) first.\n");
  process.exit(0);
}
const table = (title: string, rows: Timed[]) => {
  process.stdout.write(`\n${title}\n`);
  for (const row of [...rows].sort((a, b) => b.ms - a.ms).slice(0, most))
    process.stdout.write(`${seconds(row.ms).padStart(8)}  ${row.suite.padEnd(13)} ${row.name}\n`);
};
table(`The ${most} slowest files`, files);
table(`The ${most} slowest tests`, tests);
