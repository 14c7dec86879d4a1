import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * One price-write path (docs/architecture.md, decision 013): `services.prices.write` in
 * modules/prices/price-service.ts is the only code that changes the `prices` table, so every change
 * records its history and fires its alerts. The demo seeder, which fills an empty catalogue,
 * is the one exception.
 */
const sourceRoot = fileURLToPath(new URL("../..", import.meta.url));
const allowed = new Set([
  "modules/prices/price-service.ts",
  "seed/seed-demo.ts",
  "modules/prices/price-write-path.test.ts",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** A write to the table: through Drizzle's table object, or in SQL. */
const WRITES_PRICES =
  /\.(?:insert|update|delete)\(\s*prices\s*\)|\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+"?prices"?(?:\s|;|$)/i;

describe("the price-write path", () => {
  const files = sourceFiles(sourceRoot).map((file) =>
    path.relative(sourceRoot, file).split(path.sep).join("/"),
  );

  it("finds the price service and the seeder", () => {
    expect(files).toContain("modules/prices/price-service.ts");
    expect(files).toContain("seed/seed-demo.ts");
  });

  it("recognises a write in either spelling", () => {
    for (const write of [
      "tx.insert(prices)",
      "db.update( prices )",
      "db.delete(prices)",
      'update "prices" set',
      "DELETE FROM prices;",
    ]) {
      expect(WRITES_PRICES.test(write), write).toBe(true);
    }
    for (const read of ["db.select().from(prices)", "update price_alerts set", "insert into price_history"]) {
      expect(WRITES_PRICES.test(read), read).toBe(false);
    }
  });

  it("leaves every write to the prices table to the price service (and the demo seeder)", () => {
    const offenders = files.filter(
      (file) => !allowed.has(file) && WRITES_PRICES.test(readFileSync(path.join(sourceRoot, file), "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
