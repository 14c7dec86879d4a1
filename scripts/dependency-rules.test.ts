import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layering rules of `npm run lint` can fail (issue 43): dependency-cruiser runs with the
 * project's own .dependency-cruiser.cjs on a few files laid out like the repository in a temporary
 * folder, each breaking one rule (or keeping to it), and the report must name exactly the rules
 * broken. Rules that match nothing in the repository today (modules/, admin/, pages/) are proven here.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const configFile = path.join(root, ".dependency-cruiser.cjs");
const depcruise = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");

/** Each fixture file and what it imports (relative paths, as the code writes them). */
const FIXTURES: Record<string, string[]> = {
  // A circle, one side of it type-only: a circle through types is still one.
  "scripts/one.ts": ["./two.ts"],
  "scripts/two.ts": ["type:./one.ts"],
  // Features: another one's index.ts is fine, its internals are not, nor are routes.
  "apps/api/src/modules/b/index.ts": ["./internal.ts"],
  "apps/api/src/modules/b/internal.ts": [],
  "apps/api/src/modules/a/reaches-in.ts": ["../b/internal.ts"],
  "apps/api/src/modules/a/through-index.ts": ["../b/index.ts"],
  "apps/api/src/modules/a/to-route.ts": ["../../routes/public/pages.ts"],
  "apps/api/src/routes/public/pages.ts": ["../../modules/b/index.ts"],
  "apps/api/src/routes/admin/reaches-in.ts": ["../../modules/b/internal.ts"],
  // Infrastructure serves the features and imports none of them.
  "apps/api/src/db/client.ts": ["../modules/b/index.ts"],
  "apps/api/src/config.ts": ["./routes/public/pages.ts"],
  "apps/api/src/uses-web.ts": ["../../web/app/lib/format.ts"],
  "apps/api/src/demo-data/index.ts": [],
  // The two apps apart; a web test may read the API's demo data and nothing else of it.
  "apps/web/app/lib/format.ts": [],
  "apps/web/app/lib/uses-api.ts": ["../../../api/src/modules/b/index.ts"],
  "apps/web/app/lib/format.test.ts": ["../../../api/src/demo-data/index.ts"],
  "apps/web/app/lib/reaches-api.test.ts": ["../../../api/src/db/client.ts"],
  // Back-office screens share only the kit; public pages share nothing of each other's.
  "apps/web/app/admin/kit/table.tsx": [],
  "apps/web/app/admin/feeds/held-row.tsx": [],
  "apps/web/app/admin/prices/route.tsx": ["../kit/table.tsx", "./price-row.tsx", "../feeds/held-row.tsx"],
  "apps/web/app/admin/prices/price-row.tsx": [],
  "apps/web/app/pages/home/hero.tsx": [],
  "apps/web/app/pages/compare/route.tsx": ["../home/hero.tsx"],
  "apps/web/app/components/ui/button.tsx": ["../../admin/kit/table.tsx", "../../pages/home/hero.tsx"],
  // The contract imports nothing of ours.
  "packages/contract/src/index.ts": ["./entities.ts", "../../price-sheets/src/index.ts"],
  "packages/contract/src/entities.ts": [],
  "packages/price-sheets/src/index.ts": ["../../contract/src/index.ts"],
};

/** "rule: from -> to" of each violation the fixtures above must produce, and no other. */
const EXPECTED = [
  // A circle is reported once, from its first module in the order cruised.
  "no-circular: scripts/one.ts -> scripts/two.ts",
  "module-through-its-index: apps/api/src/modules/a/reaches-in.ts -> apps/api/src/modules/b/internal.ts",
  "module-not-to-routes: apps/api/src/modules/a/to-route.ts -> apps/api/src/routes/public/pages.ts",
  "route-through-module-index: apps/api/src/routes/admin/reaches-in.ts -> apps/api/src/modules/b/internal.ts",
  "infrastructure-not-to-features: apps/api/src/db/client.ts -> apps/api/src/modules/b/index.ts",
  "infrastructure-not-to-features: apps/api/src/config.ts -> apps/api/src/routes/public/pages.ts",
  "api-not-to-web: apps/api/src/uses-web.ts -> apps/web/app/lib/format.ts",
  "web-not-to-api: apps/web/app/lib/uses-api.ts -> apps/api/src/modules/b/index.ts",
  "web-test-not-to-api-beyond-demo-data: apps/web/app/lib/reaches-api.test.ts -> apps/api/src/db/client.ts",
  "admin-screen-not-to-other-screen: apps/web/app/admin/prices/route.tsx -> apps/web/app/admin/feeds/held-row.tsx",
  "page-not-to-other-page: apps/web/app/pages/compare/route.tsx -> apps/web/app/pages/home/hero.tsx",
  "shared-web-not-to-screens: apps/web/app/components/ui/button.tsx -> apps/web/app/admin/kit/table.tsx",
  "shared-web-not-to-screens: apps/web/app/components/ui/button.tsx -> apps/web/app/pages/home/hero.tsx",
  "contract-imports-nothing-of-ours: packages/contract/src/index.ts -> packages/price-sheets/src/index.ts",
  // The contract fixture closes a circle with price-sheets too.
  "no-circular: packages/contract/src/index.ts -> packages/price-sheets/src/index.ts",
].sort();

type Report = {
  summary: { violations: { from: string; to: string; rule: { name: string; severity: string } }[] };
};

let folder = "";
let report: Report;
let lintExitCode: number | null = null;
let lintOutput = "";

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), "dependency-rules-"));
  for (const [file, imports] of Object.entries(FIXTURES)) {
    mkdirSync(path.join(folder, path.dirname(file)), { recursive: true });
    const lines = imports.map((target, index) =>
      target.startsWith("type:")
        ? `import type { Name${index} } from "${target.slice("type:".length)}";`
        : `import "${target}";`,
    );
    lines.push(`export type Name = string;`, `export const name = ${JSON.stringify(file)};`);
    writeFileSync(path.join(folder, file), `${lines.join("\n")}\n`);
  }
  const cruise = (outputType: string) =>
    spawnSync(
      process.execPath,
      [depcruise, "--config", configFile, "--output-type", outputType, "apps", "packages", "scripts"],
      { cwd: folder, encoding: "utf8" },
    );
  report = JSON.parse(cruise("json").stdout) as Report;
  // The JSON reporter always exits 0; the one `npm run lint` uses exits with the errors' count.
  const lint = cruise("err");
  lintExitCode = lint.status;
  lintOutput = lint.stdout;
}, 60_000);

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe("the dependency rules (.dependency-cruiser.cjs)", () => {
  it("report exactly the imports that break them, by rule name, and pass the ones that keep to them", () => {
    const found = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual(EXPECTED);
    expect(report.summary.violations.every((v) => v.rule.severity === "error")).toBe(true);
    // Errors fail `npm run lint`, and its output names each rule broken.
    expect(lintExitCode).not.toBe(0);
    for (const line of EXPECTED) expect(lintOutput).toContain(`error ${line.split(":")[0]}:`);
  });

  it("each have a fixture above that breaks them", () => {
    const config = createRequire(import.meta.url)(configFile) as { forbidden: { name: string }[] };
    const broken = new Set(EXPECTED.map((line) => line.split(":")[0]));
    expect(config.forbidden.map((rule) => rule.name).filter((name) => !broken.has(name))).toEqual([]);
  });
});
