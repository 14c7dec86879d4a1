import { configDefaults, defineConfig } from "vitest/config";

/**
 * Unit tests sit beside the code; API integration tests (apps/api/test) run through app.inject
 * against a real database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
 */
/**
 * The API files that load the built web server in the same process: it reads its configuration
 * (the API's address, set by each file to its own) from the environment once, when imported, so
 * each file needs a fresh module graph.
 */
const WEB_SERVER_IN_PROCESS = [
  "apps/api/test/json-ld-escaping.test.ts",
  "apps/api/test/log-privacy.test.ts",
  "apps/api/test/page-cache-early.test.ts",
  "apps/api/test/raw-socket-fuzz.test.ts",
  "apps/api/test/form-bodies-fuzz.test.ts",
];

// Tests that need several processes on one PostgreSQL run only under npm run test:pg.
const apiExclude = [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ["**/*.pg.test.ts"])];

/** What both API projects share: a real database from one seeded snapshot, and their limits. */
const apiTests = {
  environment: "node",
  globalSetup: ["apps/api/test/global-setup.ts"],
  // A lower scrypt cost for the suite's many sign-ins (test-only; decision 030).
  setupFiles: ["apps/api/test/password-cost.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    // Three at once on two cores: the API files wait on sockets, timers and the database often
    // enough that two left a third of the machine idle (measured in docs/testing.md).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "unit",
          // Pure functions and in-memory parsers: threads sharing their loaded modules took the
          // project from 15 s to 5 s (issue 26). A file that needs a fresh module graph belongs in
          // an API project, not here.
          pool: "threads",
          isolate: false,
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/api/src/**/*.test.ts",
            "apps/web/app/**/*.test.ts",
            "apps/web/server/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        test: {
          ...apiTests,
          name: "api",
          include: ["apps/api/test/**/*.test.ts"],
          exclude: [...apiExclude, ...WEB_SERVER_IN_PROCESS],
          // Files share a worker's loaded modules instead of importing the API anew for each (issue
          // 26: that import was most of the suite's time). Each file still builds its own app on its
          // own copy of the database; the files below need isolation and run in the next project.
          isolate: false,
        },
      },
      {
        test: {
          ...apiTests,
          name: "api-web",
          include: WEB_SERVER_IN_PROCESS,
          exclude: apiExclude,
        },
      },
    ],
  },
});
