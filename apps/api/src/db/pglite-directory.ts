import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * The embedded database lives in a directory that exactly one process may open: two PGlite
 * instances writing the same files corrupt them. A lock file holding the owner's process id
 * claims it; a lock left by a process that no longer runs (killed, machine restarted) is taken over.
 */
export class DataDirectoryInUse extends Error {}

/** How many handles this process holds on each directory (start-up may open one twice). */
const heldHere = new Map<string, number>();

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else, which still means the directory is taken.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Claims `dir` for this process; answers the function that gives it back. */
export function claimDataDirectory(dir: string): () => void {
  const lockFile = path.join(dir, "owner.pid");
  const held = heldHere.get(lockFile) ?? 0;
  if (held === 0) {
    for (let attempt = 0; ; attempt++) {
      try {
        const fd = openSync(lockFile, "wx", 0o600);
        writeSync(fd, String(process.pid));
        closeSync(fd);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw err;
        const owner = Number(readFileSync(lockFile, "utf8").trim());
        if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && running(owner)) {
          throw new DataDirectoryInUse(
            `the embedded database in ${dir} is in use by process ${owner}: only one process may open it (stop that one, or delete ${lockFile} if no such process runs)`,
          );
        }
        unlinkSync(lockFile);
      }
    }
  }
  heldHere.set(lockFile, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (heldHere.get(lockFile) ?? 1) - 1;
    heldHere.set(lockFile, left);
    if (left === 0) {
      try {
        unlinkSync(lockFile);
      } catch {
        // Already gone with its directory: nothing to give back.
      }
    }
  };
}

/**
 * Whether the database files are still where they were opened. A directory moved or deleted under
 * a running PGlite would take acknowledged writes with it, so while it is missing the API refuses
 * every request with 503 (as for an unreachable PostgreSQL) and resumes when it is back.
 * Checked on a timer, so a request pays nothing for it.
 */
export function watchDataDirectory(dir: string, everyMs = 250): { present(): boolean; stop(): void } {
  const marker = path.join(dir, "PG_VERSION");
  let present = existsSync(marker);
  const timer = setInterval(() => {
    present = existsSync(marker);
  }, everyMs);
  timer.unref();
  return { present: () => present, stop: () => clearInterval(timer) };
}
