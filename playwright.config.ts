import { defineConfig, devices } from "@playwright/test";
import { consentGiven, fallbackOrigin, stack, stacks, workerCount } from "./e2e/support/stack.ts";
import { HEADLESS_SHELL_PATH } from "./scripts/ensure-chromium.ts";

/**
 * Journeys in Debian's Chromium against the built app, started by `npm start`'s own entry point
 * on spare ports with a throwaway embedded database: one such stack per worker (e2e/support/stack.ts).
 */

export default defineConfig({
  testDir: "e2e",
  // Each worker takes whole spec files, in order within a file, against its own stack: two workers
  // on two cores (E2E_WORKERS), since one left a core idle while it waited on the servers (issue 26).
  fullyParallel: false,
  workers: workerCount,
  // One retry in CI only: a journey that fails once on a loaded two-core machine and then passes
  // is reported as "flaky" in the summary (and looked into), not silently passed; locally, none.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // The JSON report goes to a file (npm test counts from it), so the run's output ends with the
  // list reporter's summary of any failure rather than thousands of lines of JSON.
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "test-results/report.json" }],
  ],
  timeout: 30_000,
  use: {
    // In a worker this file is loaded with its TEST_PARALLEL_INDEX set, so this is its own stack.
    baseURL: stack.webOrigin,
    // Recorded only when a journey is retried (CI retries once): recording every journey cost
    // time on each of them (issue 26). Run a failing journey again with --trace on to see it.
    trace: "on-first-retry",
    storageState: consentGiven,
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  // Started in order, each awaited before the next: the second reuses the first's fresh web build.
  webServer: [
    // Started in order, each awaited before the next: the first builds the web app if it must, the
    // others reuse that build.
    ...stacks.map((each) => ({
      command: "node scripts/e2e-server.ts",
      url: `${each.apiUrl}/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
      env: {
        PORT: String(each.webPort),
        API_PORT: String(each.apiPort),
        // E2E_DATA_DIR lets two runs on different ports live side by side.
        DATA_DIR: each.dataDir,
        LOG_LEVEL: "warn",
        ADMIN_PASSWORD: "e2e-admin-password",
        // Journeys look at a page straight after a write: the page cache asks the data version
        // for every page (still serving hits while it has not moved), so none can be stale.
        PAGE_CACHE_CHECK_MS: "0",
        // e2e/feeds.spec.ts serves a pharmacy's price feed from node:http on 127.0.0.1 (decision 045).
        FEEDS_ALLOW_INSECURE: "true",
        // npm run test:e2e:pg: the same journeys on PostgreSQL instead of the embedded database.
        ...(each.databaseUrl ? { DATABASE_URL: each.databaseUrl } : {}),
      },
    })),
    {
      // The web tier alone with its API "down" (nothing listens on port 9): the fallback journeys.
      command: "node apps/web/server/main.ts",
      url: `${fallbackOrigin}/`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      // Every page it serves logs "live API unavailable" by design; that is noise in test output.
      stderr: "ignore",
      env: {
        PORT: new URL(fallbackOrigin).port,
        API_PORT: "9",
        API_INTERNAL_URL: "http://127.0.0.1:9",
        SITE_URL: fallbackOrigin,
      },
    },
  ],
});
