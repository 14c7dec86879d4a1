import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const webDir = path.join(root, "apps/web");
const serverBuild = path.join(webDir, "build/server/index.js");
const sources = [
  path.join(webDir, "app"),
  path.join(webDir, "public"),
  path.join(webDir, "vite.config.ts"),
  path.join(webDir, "react-router.config.ts"),
  path.join(root, "packages/contract/src"),
  path.join(root, "packages/http-serving/src"),
  path.join(root, "packages/price-sheets/src"),
];

/** Test files sit beside the code but are never built: a changed test leaves the build current. */
const isTestFile = (name: string) => /\.test\.tsx?$/.test(name);

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A folder's own time moves when a file is added or removed (a deleted source must rebuild too).
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (!isTestFile(entry)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when there is no web build or a source file changed after it was made. */
export function webBuildIsStale(): boolean {
  if (!existsSync(serverBuild)) return true;
  const built = statSync(serverBuild).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

const lock = path.join(webDir, ".build-lock");
/** A lock older than this was left by a build that died. */
const STALE_LOCK_MS = 10 * 60 * 1000;

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Builds the web app. Test files that need the build may ask for it at the same time (Vitest runs
 * them in parallel): one builds while holding a lock folder, the others wait for it to finish.
 */
export function buildWeb(): void {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      while (existsSync(lock)) sleep(250);
      if (existsSync(serverBuild)) return; // built by whoever held the lock
    }
  }
  try {
    const bin = path.join(root, "node_modules/.bin/react-router");
    const result = spawnSync(bin, ["build"], {
      cwd: webDir,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) throw new Error("The web build failed (see the output above).");
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export function buildWebIfNeeded(): void {
  if (webBuildIsStale()) {
    process.stdout.write("Building the web app…\n");
    buildWeb();
  }
}
