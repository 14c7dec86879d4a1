import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** The commit-msg hook a fresh clone gets from `npm ci` (.githooks/commit-msg, issue 43). */
const hook = fileURLToPath(new URL("../.githooks/commit-msg", import.meta.url));
const folder = mkdtempSync(path.join(tmpdir(), "pc-commit-msg-"));

function check(message: string): { ok: boolean; said: string } {
  const file = path.join(folder, "COMMIT_EDITMSG");
  writeFileSync(file, message);
  const result = spawnSync("sh", [hook, file], { encoding: "utf8" });
  return { ok: result.status === 0, said: result.stderr };
}

describe("the commit-msg hook", () => {
  it("takes a short subject, a blank line and a body saying why", () => {
    expect(
      check("Feeds hold a first price far below the lowest\n\nA £0.01 first price fired alerts.\n").ok,
    ).toBe(true);
  });

  it("refuses a subject of 72 characters or more, counting characters, not bytes", () => {
    const long = check(`${"x".repeat(72)}\n\nWhy.\n`);
    expect(long).toEqual({ ok: false, said: expect.stringContaining("72 characters") });
    // 71 characters, three of them two bytes each in UTF-8: under the limit.
    expect(check(`${"£".repeat(3)}${"x".repeat(68)}\n\nWhy.\n`).ok).toBe(true);
  });

  it("refuses a message without a body, or with the subject run on into line two", () => {
    expect(check("Fix the thing\n").said).toContain("say why in the body");
    expect(check("Fix the thing\n# a comment git strips\n").said).toContain("say why in the body");
    expect(check("Fix the thing\nand another\n\nWhy.\n").said).toContain("second line blank");
  });

  it("lets git's own merge and revert messages through", () => {
    expect(check("Merge branch 'sec-links'\n").ok).toBe(true);
  });
});
