import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import pg from "pg";
import { workerCount } from "../e2e/support/stack.ts";
import { ensureChromium } from "./ensure-chromium.ts";
import { startPostgres } from "./postgres-server.ts";
import { reportPath } from "./test-reports.ts";

/**
 * `npm run test:e2e:pg`: the journeys whose outcome depends on the database, against a real
 * PostgreSQL started for the run (`npm test` runs every journey on the embedded database). The
 * journeys' API gets DATABASE_URL through E2E_DATABASE_URL (playwright.config.ts); e2e-server.ts
 * empties that database first. `-- --all` runs every journey. Which, and why: docs/testing.md.
 */
export const DATABASE_JOURNEYS = [
  // Every write through a screen, read back through a screen or a page.
  "e2e/admin-blog.spec.ts",
  "e2e/admin-inbox.spec.ts",
  "e2e/admin-medications.spec.ts",
  "e2e/admin-messages.spec.ts",
  "e2e/admin-pharmacies.spec.ts",
  "e2e/admin-prices.spec.ts",
  "e2e/stored-content.spec.ts",
  "e2e/visitor-writes.spec.ts",
  // Writes that go out by email through the outbox's leases, or are counted and read back.
  "e2e/alert-kinds.spec.ts",
  "e2e/price-news.spec.ts",
  "e2e/newsletter.spec.ts",
  "e2e/click-outs.spec.ts",
  // Imports: a workbook or a pharmacy's feed applied in one transaction.
  "e2e/admin-price-upload.spec.ts",
  "e2e/feeds.spec.ts",
  // Sign-in, sessions, the second factor, the audit log's paging.
  "e2e/admin.spec.ts",
  "e2e/admin-sessions.spec.ts",
  "e2e/admin-second-factor.spec.ts",
  "e2e/security.spec.ts",
  // Search (trigram), paging, and a write seen on the next page (LISTEN/NOTIFY on PostgreSQL).
  "e2e/home.spec.ts",
  "e2e/blog.spec.ts",
  "e2e/condition.spec.ts",
  "e2e/page-cache.spec.ts",
];

const all = process.argv.includes("--all");
const report = reportPath("playwrightPg");
rmSync(report, { force: true });
const server = await startPostgres();
let status = 1;
try {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  // One database per worker's stack: e2e, e2e_1, … (e2e/support/stack.ts).
  for (let index = 0; index < workerCount; index++) {
    await admin.query(`create database ${index === 0 ? "e2e" : `e2e_${index}`}`);
  }
  await admin.end();
  const url = new URL(server.url);
  url.pathname = "/e2e";
  process.stdout.write(
    `PostgreSQL ready at ${url}\n${all ? "every journey" : `the ${DATABASE_JOURNEYS.length} database-dependent specs (--all for every journey)`}\n`,
  );
  ensureChromium();
  const result = spawnSync("npx", ["playwright", "test", ...(all ? [] : DATABASE_JOURNEYS)], {
    stdio: "inherit",
    env: {
      ...process.env,
      E2E_DATABASE_URL: url.toString(),
      E2E_DATA_DIR: ".data/e2e-pg",
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    },
  });
  status = result.status ?? 1;
} finally {
  server.stop();
}
// Flaky means failed until fixed (issue 26): a journey that passed only on CI's retry is named.
if (existsSync(report)) {
  const { stats } = JSON.parse(readFileSync(report, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  process.stdout.write(
    `\ne2e on PostgreSQL: ${stats.expected + stats.flaky} passed${stats.flaky > 0 ? ` (${stats.flaky} flaky: passed only on the retry)` : ""}, ${stats.unexpected} failed\n`,
  );
}
process.exit(status);
