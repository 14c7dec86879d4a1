import { spawnSync } from "node:child_process";
import { startPgBouncer } from "./pgbouncer-server.ts";
import { startPostgres } from "./postgres-server.ts";
import { reportPath } from "./test-reports.ts";

/** `npm run test:pg`: the API integration suite against a real PostgreSQL started for the run. */
const server = await startPostgres();
/**
 * TEST_PG_PGBOUNCER=true: the tests' API databases are opened through PgBouncer in transaction
 * mode (test-api.ts), to find what leans on session state (decision 065).
 */
const bouncer =
  process.env.TEST_PG_PGBOUNCER === "true" ? await startPgBouncer({ serverPort: server.port }) : undefined;
let status = 1;
try {
  process.stdout.write(
    `PostgreSQL ready at ${server.url}${bouncer ? `, PgBouncer on ${bouncer.port}` : ""}\n`,
  );
  const result = spawnSync(
    "npx",
    [
      "vitest",
      "run",
      "--project",
      "api",
      "--project",
      "api-web",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${reportPath("vitestPg")}`,
      // `npm run test:pg -- apps/api/test/read-replica.pg.test.ts`: a few files, not the suite.
      ...process.argv.slice(2),
    ],
    {
      stdio: "inherit",
      env: {
        ...process.env,
        TEST_DATABASE_URL: server.url,
        ...(bouncer ? { TEST_PGBOUNCER_PORT: String(bouncer.port) } : {}),
      },
    },
  );
  status = result.status ?? 1;
} finally {
  await bouncer?.stop();
  server.stop();
}
process.exit(status);
