import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { auditPages } from "./lighthouse-pages.ts";

/**
 * `npm run audit:lighthouse`: Lighthouse (mobile, the default form factor) in Debian's headless
 * Chromium over four kinds of public page — home, a condition page, an article and a pharmacy
 * page — against the app started here on spare ports with a throwaway demo database. Prints one
 * table of the four category scores, each page's from the run with the median performance score of
 * `--runs=N` (3 by default; the audit itself is scripts/lighthouse-pages.ts). `--strict` exits 1 unless accessibility and SEO are 100.
 */
const WEB_PORT = Number(process.env.AUDIT_PORT ?? 3710);
const API_PORT = Number(process.env.AUDIT_API_PORT ?? 3810);
const site = `http://localhost:${WEB_PORT}`;
const api = `http://localhost:${API_PORT}`;
/** Runs per page; the table shows the one with the median performance score. */
const RUNS = Number(process.argv.find((arg) => arg.startsWith("--runs="))?.slice("--runs=".length) ?? 3);

async function waitForSite(server: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${site}/`)).ok && (await fetch(`${api}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the app did not answer on ${site} within ${timeoutMs / 1000} s`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "pc-lighthouse-"));
const server = spawn(process.execPath, ["scripts/start.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PORT: String(WEB_PORT),
    API_PORT: String(API_PORT),
    DATA_DIR: dataDir,
    SITE_URL: site,
    WEB_ORIGIN: site,
    API_URL: api,
    NODE_ENV: "production",
    // Production asks for both to be said (issue 12): the web server beside the API is the only
    // proxy, and the throwaway database holds the demo catalogue.
    TRUST_PROXY: "loopback",
    SEED_DEMO: "true",
    // …and a key for secrets at rest (decision 030): a throwaway one for the throwaway database.
    SECRETS_KEY: randomBytes(32).toString("base64"),
    LOG_LEVEL: "warn",
  },
});

let failed = false;
try {
  await waitForSite(server);
  const audits = await auditPages(site, api, RUNS);
  const rows: string[][] = [];
  const metricLines: string[] = [];
  for (const audit of audits) {
    if (!audit.scores) {
      // E.g. the page answered 404: no scores to give.
      failed = true;
      process.stdout.write(`  ${audit.name}: ${audit.runtimeError}\n`);
      rows.push([audit.name, "–", "–", "–", "–", audit.path]);
      continue;
    }
    if ((audit.scores[1] ?? 0) < 100 || (audit.scores[3] ?? 0) < 100) failed = true;
    rows.push([audit.name, ...audit.scores.map(String), audit.path]);
    metricLines.push(
      `${audit.name} (performance ${audit.performanceRuns.join(", ")}; the median run): ${audit.metrics}`,
    );
    // What kept a category below 100, so the table leads somewhere.
    for (const shortfall of audit.shortfalls) process.stdout.write(`  ${audit.name} ${shortfall}\n`);
  }
  const header = ["page", "performance", "accessibility", "best practices", "SEO", "path"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
  process.stdout.write(`\nLighthouse (mobile, headless Chromium) on ${site}\n${line(header)}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
  process.stdout.write(`\n${metricLines.join("\n")}\n`);
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed && process.argv.includes("--strict")) {
  process.stderr.write("Accessibility or SEO is below 100 on some page.\n");
  process.exit(1);
}
