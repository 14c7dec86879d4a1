import { contactMessages, writeLimitMessages } from "@pharmacompare/contract";
import { lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { writeLimits } from "../db/schema.ts";
import { hashEmail } from "../email/secrets.ts";
import { clientNetwork } from "./client-network.ts";
import { tooManyRequests } from "./refusal.ts";

/**
 * The one limit on public writes (decision 013): every contact message, price alert and
 * subscription counts once against its client network (an IPv6 client's whole /64, as sign-in
 * throttling does) and once against its email address. The counters are rows of `write_limits`,
 * one fixed window per key, so every API process shares them.
 */
export const WRITE_LIMIT = {
  networkWindowMs: 60 * 1000,
  /** Writes naming one address in {@link WRITE_LIMIT.emailWindowMs}: confirmation emails cannot flood an inbox. */
  perEmail: 10,
  emailWindowMs: 60 * 60 * 1000,
} as const;

export interface WriteLimitOptions {
  /** WRITE_RATE_LIMIT: writes a minute from one client network. */
  perMinute: number;
  /** The sentence of a network refusal (the contact form keeps its own). */
  networkMessage?: string;
}

export type WriteKind = "contact" | "price-alert" | "subscription";

/**
 * Counts one write inside the transaction that makes it. Over either limit it throws 429 with
 * Retry-After (seconds until that window ends); the throw rolls the transaction back, so a
 * refused or invalid write counts for nothing. The counter rows stay locked until the transaction
 * ends, so simultaneous writes from one network or for one address take turns, in every process.
 */
export async function countWrite(
  tx: Database,
  kind: WriteKind,
  who: { ipAddress: string | null; email: string },
  at: Date,
  options: WriteLimitOptions,
): Promise<void> {
  const network = who.ipAddress ? clientNetwork(who.ipAddress) : "unknown";
  const counters = [
    {
      key: `network:${network}`,
      limit: options.perMinute,
      windowMs: WRITE_LIMIT.networkWindowMs,
      message:
        options.networkMessage ?? (kind === "contact" ? contactMessages.tooMany : writeLimitMessages.network),
    },
    {
      key: `email:${hashEmail(who.email)}`,
      limit: WRITE_LIMIT.perEmail,
      windowMs: WRITE_LIMIT.emailWindowMs,
      message: writeLimitMessages.email,
    },
    // Sorted, so two writes sharing keys lock them in the same order and cannot deadlock.
  ].sort((a, b) => (a.key < b.key ? -1 : 1));

  for (const counter of counters) {
    const row = await countInWindow(tx, counter.key, counter.windowMs, at);
    if (row.count > counter.limit) {
      const freeAt = row.windowStartedAt.getTime() + counter.windowMs;
      throw tooManyRequests(counter.message, Math.max(1, Math.ceil((freeAt - at.getTime()) / 1000)));
    }
  }
}

/**
 * Counts one event against `key` in a fixed window of `windowMs` that starts with the first event
 * after the last window ended, and answers the count so far in the window and when it started.
 * A row of `write_limits`, so every API process shares it; the row stays locked until the
 * transaction ends. The public write limit above and the open API's per-minute quota (decision
 * 062) both count this way.
 */
export async function countInWindow(
  tx: Database,
  key: string,
  windowMs: number,
  at: Date,
): Promise<{ count: number; windowStartedAt: Date }> {
  const atSql = sql`${at.toISOString()}::timestamptz`;
  const windowOver = sql`${writeLimits.windowStartedAt} <= ${atSql} - ${sql.raw(String(windowMs))} * interval '1 millisecond'`;
  const [row] = await tx
    .insert(writeLimits)
    .values({ key, windowStartedAt: at, count: 1 })
    .onConflictDoUpdate({
      target: writeLimits.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${writeLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${atSql} else ${writeLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: writeLimits.count, windowStartedAt: writeLimits.windowStartedAt });
  if (!row) throw new Error("write_limits upsert returned no row");
  return row;
}

/** Counters whose window ended long ago mean nothing; the retention job clears them. */
export async function forgetOldWriteCounts(tx: Database, before: Date): Promise<number> {
  const removed = await tx
    .delete(writeLimits)
    .where(lt(writeLimits.windowStartedAt, before))
    .returning({ key: writeLimits.key });
  return removed.length;
}
