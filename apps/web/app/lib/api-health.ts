/**
 * How many of this process's server-side API calls have failed (no answer, a timeout or a 5xx).
 * The page cache (server/page-cache.ts) stores a render only when this did not move while it ran,
 * so a page built from fallback data is never kept. The count lives on `globalThis` because the
 * web server and the app's server bundle are separate module graphs in one process.
 */
const COUNTER = Symbol.for("pharmacompare.web.apiFailures");
const shared = globalThis as typeof globalThis & { [COUNTER]?: number };

export function noteApiFailure(): void {
  shared[COUNTER] = (shared[COUNTER] ?? 0) + 1;
}

export function apiFailureCount(): number {
  return shared[COUNTER] ?? 0;
}
