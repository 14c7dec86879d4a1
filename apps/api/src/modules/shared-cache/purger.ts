import { and, asc, count, eq, inArray, lte, min, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type CacheTag, SITE_TAG } from "../../cache/cache-tags.ts";
import { duringPublicDataBump, onPublicDataCommitted } from "../../cache/data-version.ts";
import type { Database } from "../../db/client.ts";
import { cachePurges } from "../../db/schema.ts";
import { intervalWorker } from "../../jobs/interval-worker.ts";

/**
 * Tag purges sent to the shared caches in front (PURGE_URLS; decision 064). A write that changes
 * public data owes each cache a purge of the tags it touched: the rows are written in the write's
 * own transaction (the version bump in cache/data-version.ts calls {@link owePurges}), so a purge
 * exists exactly when the change does, and sent once it commits. A cache that is down or refuses
 * leaves its rows to be retried with back-off, by whichever API process looks next:
 *
 * - a sender claims due rows with `FOR UPDATE SKIP LOCKED` and leases them by moving
 *   `next_attempt_at` past the send (the lease's end is the claim: the outcome is recorded only on
 *   rows still holding it), so two processes never send the same row at once, and a process that
 *   dies mid-send leaves rows that fall due again when the lease ends;
 * - the rows due for one cache go as one purge (their tags merged; `site` covers every narrower
 *   tag), and are deleted once the cache has answered 2xx;
 * - a failure waits 1 s, 2, 4 … at most PURGE_MAX_DELAY_MS and is tried again for ever: a purge
 *   is never given up, as the cache would then serve an old price until its s-maxage ran out.
 *   The back-office's service health counts what is waiting (`waiting()`).
 */

/** How often every API process looks for due purges (a write in this process sends at once). */
const PURGE_POLL_MS = 1_000;
/** How long a claim holds its rows: far longer than one purge may take (PURGE_TIMEOUT_MS). */
const PURGE_LEASE_MS = 30_000;
/** How long a cache may take to answer a purge before it counts as down. */
const PURGE_TIMEOUT_MS = 5_000;
/** The longest wait between two attempts of a purge the cache keeps refusing. */
export const PURGE_MAX_DELAY_MS = 60_000;
/** How long a write waits for its purges to be sent before answering anyway. */
const SEND_WAIT_MS = 1_000;
/** Rows one run claims at most: a feed run's purges are merged into a few requests anyway. */
const CLAIM_BATCH = 500;
/** Tags per PURGE request are cut to stay well under Varnish's 8 KB header limit (http_req_hdr_len). */
const HEADER_BUDGET = 4_000;

/** The wait before attempt n + 1 after n failed ones: 1 s, 2, 4 … at most PURGE_MAX_DELAY_MS. */
export function purgeRetryDelayMs(attempts: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, attempts - 1), PURGE_MAX_DELAY_MS);
}

/** The tags one purge of `rows` must name: `site` alone when any row has it, else their union. */
export function mergedTags(rows: readonly { tags: readonly string[] }[]): string[] {
  const tags = new Set(rows.flatMap((row) => row.tags));
  return tags.has(SITE_TAG) ? [SITE_TAG] : [...tags].sort();
}

/** `tags` as xkey-purge header values, each within HEADER_BUDGET characters. */
export function purgeHeaders(tags: readonly string[]): string[] {
  const headers: string[] = [];
  let current = "";
  for (const tag of tags) {
    if (current && current.length + 1 + tag.length > HEADER_BUDGET) {
      headers.push(current);
      current = "";
    }
    current = current ? `${current} ${tag}` : tag;
  }
  if (current) headers.push(current);
  return headers;
}

/**
 * The caches every API process in this Node process purges. The bump that calls owePurges only
 * has the transaction, not the API that opened it, so the addresses are kept here, counted per
 * API instance that configured them (tests run two APIs in one process; each closes its own).
 */
const targets = new Map<string, number>();
let stopHearingBumps: (() => void) | undefined;

/**
 * Writes, in `tx`, one owed purge of `tags` per configured cache. A `site` purge makes every
 * narrower one still waiting for the same cache redundant: they are deleted in the same
 * transaction (the bump holds the version lock, so writes arrive here one at a time).
 */
export async function owePurges(tx: Database, tags: readonly CacheTag[]): Promise<void> {
  const addresses = [...targets.keys()];
  if (addresses.length === 0 || tags.length === 0) return;
  if (tags.includes(SITE_TAG)) await tx.delete(cachePurges).where(inArray(cachePurges.target, addresses));
  await tx.insert(cachePurges).values(addresses.map((target) => ({ target, tags: [...tags] })));
}

function register(addresses: readonly string[]): () => void {
  for (const address of addresses) targets.set(address, (targets.get(address) ?? 0) + 1);
  stopHearingBumps ??= duringPublicDataBump(owePurges);
  return () => {
    for (const address of addresses) {
      const left = (targets.get(address) ?? 1) - 1;
      if (left > 0) targets.set(address, left);
      else targets.delete(address);
    }
    if (targets.size === 0) {
      stopHearingBumps?.();
      stopHearingBumps = undefined;
    }
  };
}

export interface PurgeRunSummary {
  /** Caches that answered 2xx. */
  sent: number;
  /** Owed rows those purges settled (deleted under this run's claim). */
  settled: number;
  /** Caches that failed, whose rows wait for their next attempt. */
  failed: number;
}

export interface PurgesWaiting {
  count: number;
  /** When the oldest waiting purge was owed; null when none waits. */
  oldest: Date | null;
}

export function createSharedCachePurger(
  db: Database,
  options: {
    /** PURGE_URLS: none means no shared cache, and this does nothing at all. */
    purgeUrls: readonly string[];
    now: () => Date;
    log: FastifyBaseLogger;
  },
) {
  const { purgeUrls, now, log } = options;
  const enabled = purgeUrls.length > 0;
  let stopped = false;
  const unregister = enabled ? register(purgeUrls) : undefined;
  const worker = intervalWorker(sendDue, (error) =>
    log.error({ message: error instanceof Error ? error.message : String(error) }, "cache purge run failed"),
  );
  // A write committed in this process: its purges go now, and the write answers once they are
  // sent (or after SEND_WAIT_MS), so whoever made it sees it through the cache on their next read.
  const stopHearingCommits = enabled
    ? onPublicDataCommitted(db, async () => {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          sendDue().catch((error: unknown) =>
            log.warn(
              { message: error instanceof Error ? error.message : String(error) },
              "cache purge failed",
            ),
          ),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, SEND_WAIT_MS);
            timer.unref();
          }),
        ]);
        clearTimeout(timer);
      })
    : undefined;

  async function claimDue() {
    const at = now();
    const leaseEnds = new Date(at.getTime() + PURGE_LEASE_MS);
    const due = db
      .select({ id: cachePurges.id })
      .from(cachePurges)
      .where(lte(cachePurges.nextAttemptAt, at))
      .orderBy(asc(cachePurges.nextAttemptAt))
      .limit(CLAIM_BATCH)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(cachePurges)
      .set({ nextAttemptAt: leaseEnds, attempts: sql`${cachePurges.attempts} + 1` })
      .where(inArray(cachePurges.id, due))
      .returning({
        id: cachePurges.id,
        target: cachePurges.target,
        tags: cachePurges.tags,
        attempts: cachePurges.attempts,
      });
    return { rows, leaseEnds };
  }

  /** One PURGE per header's worth of tags; throws on a network failure or a non-2xx answer. */
  async function purge(target: string, tags: readonly string[]): Promise<number> {
    let purged = 0;
    for (const header of purgeHeaders(tags)) {
      const response = await fetch(target, {
        method: "PURGE",
        headers: { "xkey-purge": header },
        signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`the cache answered HTTP ${response.status}`);
      purged += Number(response.headers.get("x-purged") ?? 0);
    }
    return purged;
  }

  /**
   * Sends every due purge, one request per cache (its rows merged), and records the outcome on the
   * rows this run still holds. Safe to call from any number of processes at once.
   */
  async function sendDue(): Promise<PurgeRunSummary> {
    const summary: PurgeRunSummary = { sent: 0, settled: 0, failed: 0 };
    const { rows, leaseEnds } = await claimDue();
    const byTarget = new Map<string, typeof rows>();
    for (const row of rows) byTarget.set(row.target, [...(byTarget.get(row.target) ?? []), row]);
    await Promise.all(
      [...byTarget].map(async ([target, owed]) => {
        const ids = owed.map((row) => row.id);
        const held = and(inArray(cachePurges.id, ids), eq(cachePurges.nextAttemptAt, leaseEnds));
        const tags = mergedTags(owed);
        try {
          const purged = await purge(target, tags);
          const settled = await db.delete(cachePurges).where(held).returning({ id: cachePurges.id });
          summary.sent += 1;
          summary.settled += settled.length;
          log.info({ target, tags: tags.length, rows: owed.length, purged }, "cache purged");
        } catch (error) {
          const attempts = Math.max(...owed.map((row) => row.attempts));
          const message = error instanceof Error ? error.message : String(error);
          const nextAttemptAt = new Date(now().getTime() + purgeRetryDelayMs(attempts));
          await db.update(cachePurges).set({ nextAttemptAt, lastError: message }).where(held);
          summary.failed += 1;
          log.warn({ target, attempts, nextAttemptAt, message }, "cache purge failed: will retry");
        }
      }),
    );
    return summary;
  }

  return {
    /** Whether PURGE_URLS names any cache. */
    enabled,
    sendDue,
    /** Purges owed and not yet sent, across every cache (the back-office's service health). */
    async waiting(): Promise<PurgesWaiting> {
      const [row] = await db.select({ count: count(), oldest: min(cachePurges.createdAt) }).from(cachePurges);
      return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
    },
    /** Starts this process's sender (server.ts and scripts/start.ts; tests drive sendDue). */
    start(intervalMs: number = PURGE_POLL_MS): void {
      if (enabled) worker.start(intervalMs);
    },
    /** Stops the sender (the run in hand finishes) and forgets this API's caches. */
    async stop(): Promise<void> {
      await worker.stop();
      if (stopped) return;
      stopped = true;
      stopHearingCommits?.();
      unregister?.();
    },
  };
}
