import { spawnSync } from "node:child_process";
import pg from "pg";
import { ensureChromium } from "./ensure-chromium.ts";
import { startPostgres } from "./postgres-server.ts";

/**
 * `npm run test:e2e:pg`: the Playwright journeys against a real PostgreSQL started for the run
 * (`npm test` runs them on the embedded database). The journeys' API gets DATABASE_URL through
 * E2E_DATABASE_URL (playwright.config.ts); e2e-server.ts empties that database first.
 */
const server = await startPostgres();
let status = 1;
try {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query("create database e2e");
  await admin.end();
  const url = new URL(server.url);
  url.pathname = "/e2e";
  process.stdout.write(`PostgreSQL ready at ${url}\n`);
  ensureChromium();
  const result = spawnSync("npx", ["playwright", "test"], {
    stdio: "inherit",
    env: { ...process.env, E2E_DATABASE_URL: url.toString(), E2E_DATA_DIR: ".data/e2e-pg" },
  });
  status = result.status ?? 1;
} finally {
  server.stop();
}
process.exit(status);
