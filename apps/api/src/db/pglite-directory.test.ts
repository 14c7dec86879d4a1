import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimDataDirectory, DataDirectoryInUse, watchDataDirectory } from "./pglite-directory.ts";

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pc-pglite-dir-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("claiming the embedded database's directory", () => {
  it("writes this process's id and removes it when the last handle lets go", () => {
    const dir = freshDir();
    const first = claimDataDirectory(dir);
    const second = claimDataDirectory(dir);
    expect(readFileSync(path.join(dir, "owner.pid"), "utf8")).toBe(String(process.pid));
    first();
    expect(existsSync(path.join(dir, "owner.pid"))).toBe(true);
    second();
    expect(existsSync(path.join(dir, "owner.pid"))).toBe(false);
  });

  it("refuses a directory that another running process holds, naming it", () => {
    const dir = freshDir();
    // The test runner's parent is alive for as long as this test runs.
    writeFileSync(path.join(dir, "owner.pid"), String(process.ppid));
    expect(() => claimDataDirectory(dir)).toThrow(DataDirectoryInUse);
    expect(() => claimDataDirectory(dir)).toThrow(`in use by process ${process.ppid}`);
    expect(readFileSync(path.join(dir, "owner.pid"), "utf8")).toBe(String(process.ppid));
  });

  it("takes over a lock left by a process that no longer runs", () => {
    const dir = freshDir();
    // Above any pid_max, so no process can have it.
    writeFileSync(path.join(dir, "owner.pid"), "99999999");
    const release = claimDataDirectory(dir);
    expect(readFileSync(path.join(dir, "owner.pid"), "utf8")).toBe(String(process.pid));
    release();
  });
});

describe("watching the database files", () => {
  it("notices them missing and back", async () => {
    const dir = path.join(freshDir(), "pglite");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "PG_VERSION"), "17\n");
    const watch = watchDataDirectory(dir, 20);
    try {
      expect(watch.present()).toBe(true);
      renameSync(dir, `${dir}.away`);
      await expect.poll(() => watch.present(), { timeout: 2000 }).toBe(false);
      renameSync(`${dir}.away`, dir);
      await expect.poll(() => watch.present(), { timeout: 2000 }).toBe(true);
    } finally {
      watch.stop();
    }
  });
});
