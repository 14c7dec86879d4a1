import { defineConfig, devices } from "@playwright/test";

/**
 * Journeys in Debian's Chromium against the built app, started by `npm start`'s own entry point
 * on spare ports with a throwaway embedded database.
 */
const webPort = Number(process.env.E2E_PORT ?? 3310);
const apiPort = Number(process.env.E2E_API_PORT ?? 3410);
/** The web server started without a reachable API (see the second webServer entry). */
const fallbackWebPort = Number(process.env.E2E_FALLBACK_PORT ?? 3311);

/**
 * Journeys start as a visitor who has already answered the cookie banner (its choice is in local
 * storage), so the banner never covers what they click; e2e/pages.spec.ts starts without it.
 */
const consentGiven = {
  cookies: [],
  origins: [webPort, fallbackWebPort].map((port) => ({
    origin: `http://localhost:${port}`,
    localStorage: [
      {
        name: "pc.cookieConsent",
        value: JSON.stringify({ choice: "essential", date: "2025-01-01T00:00:00.000Z" }),
      },
    ],
  })),
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
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
    baseURL: `http://localhost:${webPort}`,
    // Recorded only when a journey is retried (CI retries once): recording every journey cost
    // time on each of them (issue 26). Run a failing journey again with --trace on to see it.
    trace: "on-first-retry",
    storageState: consentGiven,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
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
    {
      command: "node scripts/e2e-server.ts",
      url: `http://localhost:${apiPort}/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(webPort),
        API_PORT: String(apiPort),
        // E2E_DATA_DIR lets two runs on different ports live side by side.
        DATA_DIR: process.env.E2E_DATA_DIR ?? ".data/e2e",
        LOG_LEVEL: "warn",
        ADMIN_PASSWORD: "e2e-admin-password",
        // Journeys look at a page straight after a write: the page cache asks the data version
        // for every page (still serving hits while it has not moved), so none can be stale.
        PAGE_CACHE_CHECK_MS: "0",
        // npm run test:e2e:pg: the same journeys on PostgreSQL instead of the embedded database.
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      },
    },
    {
      // The web tier alone with its API "down" (nothing listens on port 9): the fallback journeys.
      command: "node apps/web/server/main.ts",
      url: `http://localhost:${fallbackWebPort}/`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      // Every page it serves logs "live API unavailable" by design; that is noise in test output.
      stderr: "ignore",
      env: {
        PORT: String(fallbackWebPort),
        API_PORT: "9",
        API_INTERNAL_URL: "http://127.0.0.1:9",
        SITE_URL: `http://localhost:${fallbackWebPort}`,
      },
    },
  ],
});
