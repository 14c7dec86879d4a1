import { configDefaults, defineConfig } from "vitest/config";

/**
 * Unit tests sit beside the code; API integration tests (apps/api/test) run through app.inject
 * against a real database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/api/src/**/*.test.ts",
            "apps/web/app/**/*.test.ts",
            "apps/web/server/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/test/**/*.test.ts"],
          // Tests that need several processes on one PostgreSQL run only under npm run test:pg.
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ["**/*.pg.test.ts"])],
          environment: "node",
          globalSetup: ["apps/api/test/global-setup.ts"],
          // A lower scrypt cost for the suite's many sign-ins (test-only; decision 030).
          setupFiles: ["apps/api/test/password-cost.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
