import { inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { loginThrottles } from "../db/schema.ts";

/** Consecutive failures allowed before a key is locked. */
export const MAX_FAILURES = 5;
/** The first lock; each further failure doubles it, up to the cap. */
export const BASE_LOCK_SECONDS = 60;
export const MAX_LOCK_SECONDS = 15 * 60;
/** A key with no failure for this long starts again from zero. */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/** Throttle keys: one per client address and one per account, so neither alone can be ground down. */
export function throttleKeys(options: { ipAddress?: string | null; email?: string | null }): string[] {
  const keys: string[] = [];
  if (options.ipAddress) keys.push(`ip:${options.ipAddress}`);
  if (options.email) keys.push(`email:${options.email.toLowerCase()}`);
  return keys;
}

/** Seconds until the longest lock on any of the keys ends, or 0 when none is locked. */
export async function lockedForSeconds(db: Database, keys: string[], now: Date): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db
    .select({ lockedUntil: loginThrottles.lockedUntil })
    .from(loginThrottles)
    .where(inArray(loginThrottles.key, keys));
  let longest = 0;
  for (const { lockedUntil } of rows) {
    if (lockedUntil && lockedUntil > now) longest = Math.max(longest, lockedUntil.getTime() - now.getTime());
  }
  return Math.ceil(longest / 1000);
}

/**
 * Counts one failure against each key in a single upsert per key (safe with several API
 * processes), locking the key from the fifth consecutive failure: 1 min, 2, 4 … capped at 15.
 */
export async function registerFailure(tx: Database, keys: string[], now: Date): Promise<void> {
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  const forgetAt = sql`${forgetBefore.toISOString()}::timestamptz`;
  const [maxFailures, baseLock, maxLock] = [MAX_FAILURES, BASE_LOCK_SECONDS, MAX_LOCK_SECONDS].map((n) =>
    sql.raw(String(n)),
  );
  const next = sql`(case when ${loginThrottles.updatedAt} < ${forgetAt} then 1 else ${loginThrottles.failures} + 1 end)`;
  // The exponent is capped so power() can never overflow however long an attacker keeps going.
  const lockSeconds = sql`least(${maxLock}, ${baseLock} * power(2, least(${next} - ${maxFailures}, 10)))`;
  for (const key of keys) {
    await tx
      .insert(loginThrottles)
      .values({ key, failures: 1, lockedUntil: null, updatedAt: now })
      .onConflictDoUpdate({
        target: loginThrottles.key,
        set: {
          failures: next,
          lockedUntil: sql`case when ${next} >= ${maxFailures} then ${nowAt} + ${lockSeconds} * interval '1 second' else null end`,
          updatedAt: now,
        },
      });
  }
  // Keep the table small: rows nobody has failed on for a day mean nothing any more.
  await tx.delete(loginThrottles).where(lt(loginThrottles.updatedAt, forgetBefore));
}

/** A successful sign-in clears the slate for the account and the address it came from. */
export async function clearFailures(tx: Database, keys: string[]): Promise<void> {
  if (keys.length > 0) await tx.delete(loginThrottles).where(inArray(loginThrottles.key, keys));
}
