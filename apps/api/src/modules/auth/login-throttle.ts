import { and, eq, inArray, like, lt, not, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { loginThrottles } from "../../db/schema.ts";
import { clientNetwork } from "../../domain/client-network.ts";

/** Attempts a key may make since its last success before it is locked (the last one still checked). */
const MAX_FAILURES = 5;
/** The first lock; each further failure doubles it, up to the cap. */
const BASE_LOCK_SECONDS = 60;
const MAX_LOCK_SECONDS = 15 * 60;
/** A key with no attempt for this long starts again from zero. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/** A network an account signed in from stays "known" to it this long after its last success. */
const KNOWN_NETWORK_MS = 90 * 24 * 60 * 60 * 1000;

const knownKey = (email: string, network: string) => `known:${email.toLowerCase()}@${network}`;

/**
 * The keys a sign-in attempt counts against (decision 019):
 * - `ip:` its network (an IPv6 client's whole /64): strict, so one network cannot grind through
 *   accounts;
 * - `account-from:` the account from that network: a stranger's guesses lock only their own
 *   network out of the account;
 * - `account:` the account from anywhere — but only for networks the account has never signed in
 *   from. Guesses spread over many networks still hit one lock, yet the administrator's usual
 *   networks pass it: nobody can keep them out by failing on purpose.
 */
export function throttleKeys(options: {
  ipAddress?: string | null;
  email?: string | null;
  /** Whether the account has signed in from this network before (see isKnownNetwork). */
  knownNetwork?: boolean;
}): string[] {
  const keys: string[] = [];
  const email = options.email?.toLowerCase();
  const network = options.ipAddress ? clientNetwork(options.ipAddress) : undefined;
  if (network) keys.push(`ip:${network}`);
  if (email && network) keys.push(`account-from:${email}@${network}`);
  if (email && !(network && options.knownNetwork)) keys.push(`account:${email}`);
  return keys;
}

/** Whether the account has signed in successfully from the client's network in the last 90 days. */
export async function isKnownNetwork(db: Database, email: string, ipAddress: string | null, now: Date) {
  if (!ipAddress) return false;
  const [row] = await db
    .select({ updatedAt: loginThrottles.updatedAt })
    .from(loginThrottles)
    .where(eq(loginThrottles.key, knownKey(email, clientNetwork(ipAddress))));
  return row !== undefined && row.updatedAt.getTime() > now.getTime() - KNOWN_NETWORK_MS;
}

/** Remembers that the account signed in from the client's network (in the sign-in's transaction). */
export async function rememberNetwork(tx: Database, email: string, ipAddress: string | null, at: Date) {
  if (!ipAddress) return;
  await tx
    .insert(loginThrottles)
    .values({ key: knownKey(email, clientNetwork(ipAddress)), failures: 0, lockedUntil: null, updatedAt: at })
    .onConflictDoUpdate({ target: loginThrottles.key, set: { updatedAt: at } });
}

/** Seconds until the longest lock on any of the keys ends, or 0 when none is locked. */
async function lockedForSeconds(db: Database, keys: string[], now: Date): Promise<number> {
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

/** Thrown inside the claiming transaction to undo the keys already counted. */
class KeyLocked extends Error {}

export type AttemptClaim = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/**
 * Counts an attempt against every key before its password is checked, so simultaneous requests
 * cannot all pass a lock check made earlier: one atomic upsert per key, which either refuses
 * (the key is locked; the row is left as it was) or adds one and, from the fifth attempt since
 * the last success, locks the key: 1 min, 2, 4 … capped at 15. At most MAX_FAILURES attempts
 * per key therefore reach the password check in each lock window, across all processes. A
 * refusal rolls back the other keys' counts, so a turned-away attempt costs nothing.
 */
export async function claimAttempt(db: Database, keys: string[], now: Date): Promise<AttemptClaim> {
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const forgetAt = sql`${new Date(now.getTime() - FORGET_AFTER_MS).toISOString()}::timestamptz`;
  const [maxFailures, baseLock, maxLock] = [MAX_FAILURES, BASE_LOCK_SECONDS, MAX_LOCK_SECONDS].map((n) =>
    sql.raw(String(n)),
  );
  const next = sql`(case when ${loginThrottles.updatedAt} < ${forgetAt} then 1 else ${loginThrottles.failures} + 1 end)`;
  // The exponent is capped so power() can never overflow however long an attacker keeps going.
  const lockSeconds = sql`least(${maxLock}, ${baseLock} * power(2, least(${next} - ${maxFailures}, 10)))`;
  // Sorted, so two requests sharing keys lock the rows in the same order and cannot deadlock.
  const ordered = [...new Set(keys)].sort();
  try {
    await db.transaction(async (tx) => {
      for (const key of ordered) {
        const counted = await tx
          .insert(loginThrottles)
          .values({ key, failures: 1, lockedUntil: null, updatedAt: now })
          .onConflictDoUpdate({
            target: loginThrottles.key,
            set: {
              failures: next,
              lockedUntil: sql`case when ${next} >= ${maxFailures} then ${nowAt} + ${lockSeconds} * interval '1 second' else null end`,
              updatedAt: now,
            },
            // A locked row is not updated and returns nothing (it is still row-locked until we end).
            setWhere: sql`${loginThrottles.lockedUntil} is null or ${loginThrottles.lockedUntil} <= ${nowAt}`,
          })
          .returning({ key: loginThrottles.key });
        if (counted.length === 0) throw new KeyLocked();
      }
    });
    return { admitted: true };
  } catch (error) {
    if (!(error instanceof KeyLocked)) throw error;
  }
  // At least a second: the lock that refused us may end between the two statements.
  return { admitted: false, retryAfterSeconds: Math.max(1, await lockedForSeconds(db, keys, now)) };
}

/**
 * Keeps the table small: counters nobody has tried for a day mean nothing any more, and known
 * networks are forgotten 90 days after their last sign-in.
 */
export async function forgetStale(tx: Database, now: Date): Promise<void> {
  const known = like(loginThrottles.key, "known:%");
  await tx
    .delete(loginThrottles)
    .where(
      or(
        and(not(known), lt(loginThrottles.updatedAt, new Date(now.getTime() - FORGET_AFTER_MS))),
        and(known, lt(loginThrottles.updatedAt, new Date(now.getTime() - KNOWN_NETWORK_MS))),
      ),
    );
}

/**
 * Takes back the attempt a right password was counted as when the sign-in still needs a second
 * factor (decision 022): the password was no guess, yet it must not clear the slate either, or
 * whoever holds the password could reset the lock between rounds of guessed codes. The claim was
 * admitted, so none of these keys was locked before it: the lock it may have set goes too.
 */
export async function refundAttempt(tx: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .update(loginThrottles)
    .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)`, lockedUntil: null })
    .where(inArray(loginThrottles.key, keys));
}

/** A successful sign-in clears the slate for the account and the address it came from. */
export async function clearFailures(tx: Database, keys: string[]): Promise<void> {
  if (keys.length > 0) await tx.delete(loginThrottles).where(inArray(loginThrottles.key, keys));
}

/** An operator's password reset unlocks the account from every network (its known networks stay). */
export async function clearAccountCounters(tx: Database, email: string): Promise<void> {
  const account = email.toLowerCase();
  await tx
    .delete(loginThrottles)
    .where(
      or(
        eq(loginThrottles.key, `account:${account}`),
        sql`starts_with(${loginThrottles.key}, ${`account-from:${account}@`})`,
      ),
    );
}
