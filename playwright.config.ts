import { defineConfig, devices } from "@playwright/test";

/**
 * Journeys in Debian's Chromium against the built app, started by `npm start`'s own entry point
 * on spare ports with a throwaway embedded database.
 */
const webPort = Number(process.env.E2E_PORT ?? 3310);
const apiPort = Number(process.env.E2E_API_PORT ?? 3410);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"], ["json"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${webPort}`,
    trace: "retain-on-failure",
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
  webServer: {
    command: "node scripts/e2e-server.ts",
    url: `http://localhost:${apiPort}/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(webPort),
      API_PORT: String(apiPort),
      DATA_DIR: ".data/e2e",
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: "e2e-admin-password",
    },
  },
});
