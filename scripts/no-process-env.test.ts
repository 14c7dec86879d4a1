import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The environment is read in the config modules only (issue 43; Biome's style/noProcessEnv, set in
 * biome.json and apps/web/biome.json): Biome lints, with the project's own two configuration files,
 * one reading of process.env in each of a set of files laid out like the repository.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const biome = path.join(root, "node_modules/.bin/biome");

const REFUSED = [
  "apps/api/src/modules/prices/price-service.ts",
  "apps/api/src/routes/public/medications.ts",
  "apps/web/app/admin/prices/route.tsx",
  "apps/web/app/lib/format.ts",
  "apps/web/server/main.ts",
  "packages/contract/src/index.ts",
];
const ALLOWED = [
  "apps/api/src/config.ts",
  "apps/web/app/config.server.ts",
  "packages/contract/src/env.ts",
  "apps/api/test/global-setup.ts",
  "apps/api/src/modules/prices/price-service.test.ts",
  "apps/web/app/admin/prices/route.test.tsx",
  "apps/web/vite.config.ts",
  "apps/api/drizzle.config.ts",
  "scripts/start.ts",
  "bench/run.ts",
  "faults/run.ts",
  "topology/run.ts",
  "e2e/fixtures.ts",
];

const folder = mkdtempSync(path.join(tmpdir(), "no-process-env-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("process.env outside the config modules (Biome noProcessEnv)", () => {
  it("is an error in the apps and packages, and allowed in config modules, tests, scripts and tools", () => {
    for (const config of ["biome.json", "apps/web/biome.json"]) {
      mkdirSync(path.join(folder, path.dirname(config)), { recursive: true });
      copyFileSync(path.join(root, config), path.join(folder, config));
    }
    for (const file of [...REFUSED, ...ALLOWED]) {
      mkdirSync(path.join(folder, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(folder, file), "export const port = process.env.PORT;\n");
    }
    // The fixture folder is no git repository: git's ignore file is not asked for.
    const run = spawnSync(biome, ["lint", "--vcs-enabled=false", "--reporter=json", "."], {
      cwd: folder,
      encoding: "utf8",
    });
    const report = JSON.parse(run.stdout) as {
      diagnostics: { category: string; severity: string; location: { path: string } }[];
    };
    const flagged = report.diagnostics
      .filter((d) => d.category === "lint/style/noProcessEnv" && d.severity === "error")
      .map((d) => d.location.path)
      .sort();
    expect(flagged).toEqual([...REFUSED].sort());
    expect(run.status).not.toBe(0);
  });
});
