import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where the test commands keep their JSON reports (issue 26: know where the time goes), read by
 * `npm run test:report`. Under `.data/`, which git ignores; each run overwrites its own file.
 */
export const REPORTS_DIRECTORY = fileURLToPath(new URL("../.data/test-reports/", import.meta.url));

export const REPORTS = {
  vitest: "vitest.json",
  playwright: "playwright.json",
  vitestPg: "vitest-pg.json",
  playwrightPg: "playwright-pg.json",
} as const;

/** The path of one suite's report, its folder made. */
export function reportPath(name: keyof typeof REPORTS): string {
  mkdirSync(REPORTS_DIRECTORY, { recursive: true });
  return path.join(REPORTS_DIRECTORY, REPORTS[name]);
}
