import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * One audit path (docs/architecture.md): modules/audit/audit-service.ts is the only module that
 * touches the audit_log table, so every entry goes through its one writer, in the transaction
 * of the change it records. db/schema.ts defines the table; nothing else may name it.
 */
const sourceRoot = fileURLToPath(new URL("../..", import.meta.url));
const allowed = new Set([
  "modules/audit/audit-service.ts",
  "db/schema.ts",
  "modules/audit/audit-path.test.ts",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** What counts as touching the table: the Drizzle table object, or SQL naming it. */
const TOUCHES_AUDIT_LOG = /\bauditLog\b|\b(?:into|update|from|join|table)\s+"?audit_log\b/i;

describe("the audit path", () => {
  const files = sourceFiles(sourceRoot).map((file) =>
    path.relative(sourceRoot, file).split(path.sep).join("/"),
  );

  it("finds the API's modules", () => {
    expect(files).toContain("modules/audit/audit-service.ts");
    expect(files.length).toBeGreaterThan(30);
  });

  it("leaves the audit_log table to modules/audit/audit-service.ts alone", () => {
    const offenders = files.filter(
      (file) =>
        !allowed.has(file) && TOUCHES_AUDIT_LOG.test(readFileSync(path.join(sourceRoot, file), "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("gives other modules the writer, not a way around it", async () => {
    const exported = Object.keys(await import("./audit-service.ts")).sort();
    expect(exported).toEqual(["auditedWrite", "createAuditService", "forgetFailedSignIns"]);
  });
});
