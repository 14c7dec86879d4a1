import { spawnSync } from "node:child_process";
import { startPostgres } from "./postgres-server.ts";
import { reportPath } from "./test-reports.ts";

/** `npm run test:pg`: the API integration suite against a real PostgreSQL started for the run. */
const server = await startPostgres();
let status = 1;
try {
  process.stdout.write(`PostgreSQL ready at ${server.url}\n`);
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
      env: { ...process.env, TEST_DATABASE_URL: server.url },
    },
  );
  status = result.status ?? 1;
} finally {
  server.stop();
}
process.exit(status);
