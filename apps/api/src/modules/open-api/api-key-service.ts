import { createHash, randomBytes } from "node:crypto";
import {
  type AdminApiKey,
  API_KEY_PREFIX_LENGTH,
  API_KEY_SCHEME,
  type ApiKeyInput,
  type ApiKeyList,
  type ApiKeyListQuery,
  addDays,
  type IssuedApiKey,
  londonDay,
  OPEN_API_POLICIES,
} from "@pharmacompare/contract";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { apiKeys, apiKeyUsage } from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { refuse } from "../../domain/refusal.ts";
import { countInWindow } from "../../domain/write-limit.ts";
import type { ActorContext, AuditService } from "../audit/index.ts";

/**
 * Keys of the open API (issue 45, decision 062): issued and revoked by staff, audited as
 * `api_key`; the key itself is shown once and only its SHA-256 is kept. Each request with a key
 * is counted in the database (the per-minute window in `write_limits`, the UK day in
 * `api_key_usage`), so every API process shares the quotas.
 */

type Row = typeof apiKeys.$inferSelect;

const MINUTE_MS = 60_000;

const hashOf = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

/** The moment today's UK day ends: London's next midnight, 23:00 UTC in summer. */
function endOfLondonDay(at: Date): Date {
  const next = addDays(londonDay(at), 1);
  const utcMidnight = Date.parse(`${next}T00:00:00Z`);
  const hourBefore = utcMidnight - 3_600_000;
  return new Date(londonDay(new Date(hourBefore)) === next ? hourBefore : utcMidnight);
}

/** Where a key stands on one quota: its size, window, what is left and when the window ends. */
export interface QuotaState {
  policy: string;
  quota: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

/** What the key check decided about one request. */
type Admission =
  | { outcome: "unknown" }
  | { outcome: "revoked" }
  | { outcome: "answered"; quotas: QuotaState[] }
  | { outcome: "refused"; quotas: QuotaState[]; retryAfter: number };

export function createApiKeyService(db: Database, options: { now: () => Date; audit: AuditService }) {
  const keyNotFound = (id: string) => refuse(404, `API key "${id}" not found`);

  /** Each key's use on today's UK day. */
  async function withUse(database: Database, rows: Row[]): Promise<AdminApiKey[]> {
    const day = londonDay(options.now());
    const used =
      rows.length === 0
        ? []
        : await database
            .select()
            .from(apiKeyUsage)
            .where(
              and(
                eq(apiKeyUsage.day, day),
                inArray(
                  apiKeyUsage.keyId,
                  rows.map((row) => row.id),
                ),
              ),
            );
    const byKey = new Map(used.map((row) => [row.keyId, row]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      perMinute: row.perMinute,
      perDay: row.perDay,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      today: { answered: byKey.get(row.id)?.answered ?? 0, refused: byKey.get(row.id)?.refused ?? 0 },
    }));
  }

  async function load(tx: Database, id: string): Promise<Row> {
    const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id));
    if (!row) throw keyNotFound(id);
    return row;
  }

  async function one(tx: Database, id: string): Promise<AdminApiKey> {
    const [key] = await withUse(tx, [await load(tx, id)]);
    if (!key) throw keyNotFound(id);
    return key;
  }

  return {
    /** A page of keys: live ones first, then newest first. */
    async list(query: z.output<typeof ApiKeyListQuery>): Promise<ApiKeyList> {
      const where = and(
        containsAny(query.search, [apiKeys.name, apiKeys.prefix]),
        query.status === "active" ? isNull(apiKeys.revokedAt) : undefined,
        query.status === "revoked" ? isNotNull(apiKeys.revokedAt) : undefined,
      );
      const { rows, info } = await readPage(
        query,
        db.select({ total: count() }).from(apiKeys).where(where),
        (limit, offset) =>
          db
            .select()
            .from(apiKeys)
            .where(where)
            .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), asc(apiKeys.id))
            .limit(limit)
            .offset(offset),
      );
      return { keys: await withUse(db, rows), ...info };
    },

    /** Issues a key: the answer holds it this once; the table holds its hash and first characters. */
    issue(context: ActorContext, fields: z.output<typeof ApiKeyInput>): Promise<IssuedApiKey> {
      return options.audit.write(context, async (tx, audit, at) => {
        const key = `${API_KEY_SCHEME}${randomBytes(32).toString("base64url")}`;
        const prefix = key.slice(0, API_KEY_PREFIX_LENGTH);
        const [row] = await tx
          .insert(apiKeys)
          .values({
            name: fields.name,
            prefix,
            keyHash: hashOf(key),
            perMinute: fields.perMinute,
            perDay: fields.perDay,
            createdBy: context.actor.id,
            createdAt: at,
          })
          .returning({ id: apiKeys.id });
        if (!row) throw new Error("insert returned no row");
        await audit({
          action: "create",
          entityType: "api_key",
          entityId: row.id,
          changes: { name: fields.name, prefix, perMinute: fields.perMinute, perDay: fields.perDay },
        });
        return { apiKey: await one(tx, row.id), key };
      });
    },

    /** Revokes a key at once, in every process (each request looks the key up). */
    revoke(context: ActorContext, id: string): Promise<AdminApiKey> {
      return options.audit.write(context, async (tx, audit, at) => {
        const row = await load(tx, id);
        if (!row.revokedAt) {
          await tx.update(apiKeys).set({ revokedAt: at }).where(eq(apiKeys.id, id));
          await audit({
            action: "status_change",
            entityType: "api_key",
            entityId: id,
            changes: { revoked: { from: false, to: true }, prefix: row.prefix },
          });
        }
        return one(tx, id);
      });
    },

    /**
     * Counts one request made with `key` (as presented) and says whether to answer it. The day's
     * quota is checked first, then the minute's; a refused request counts as refused, never against
     * the day's quota. Rows stay locked until the transaction ends, so simultaneous requests with
     * one key take turns in every process.
     */
    async admit(key: string): Promise<Admission> {
      const [found] = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.keyHash, hashOf(key)));
      if (!found) return { outcome: "unknown" };
      if (found.revokedAt) return { outcome: "revoked" };
      const at = options.now();
      const day = londonDay(at);
      const dayReset = Math.max(1, Math.ceil((endOfLondonDay(at).getTime() - at.getTime()) / 1000));
      return db.transaction(async (tx): Promise<Admission> => {
        // Takes the day's row (and its lock) before counting anything.
        const [usage] = await tx
          .insert(apiKeyUsage)
          .values({ keyId: found.id, day })
          .onConflictDoUpdate({
            target: [apiKeyUsage.keyId, apiKeyUsage.day],
            set: { answered: sql`${apiKeyUsage.answered}` },
          })
          .returning({ answered: apiKeyUsage.answered });
        const answeredToday = usage?.answered ?? 0;
        const dayState = (used: number): QuotaState => ({
          policy: OPEN_API_POLICIES.day,
          quota: found.perDay,
          windowSeconds: 86_400,
          remaining: Math.max(0, found.perDay - used),
          resetSeconds: dayReset,
        });
        const refuseNow = async (quotas: QuotaState[], retryAfter: number): Promise<Admission> => {
          await tx
            .update(apiKeyUsage)
            .set({ refused: sql`${apiKeyUsage.refused} + 1` })
            .where(and(eq(apiKeyUsage.keyId, found.id), eq(apiKeyUsage.day, day)));
          return { outcome: "refused", quotas, retryAfter };
        };

        if (answeredToday >= found.perDay) {
          return refuseNow([dayState(answeredToday)], dayReset);
        }
        const minute = await countInWindow(tx, `api-key:${found.id}`, MINUTE_MS, at);
        const minuteReset = Math.max(
          1,
          Math.ceil((minute.windowStartedAt.getTime() + MINUTE_MS - at.getTime()) / 1000),
        );
        const minuteState: QuotaState = {
          policy: OPEN_API_POLICIES.minute,
          quota: found.perMinute,
          windowSeconds: 60,
          remaining: Math.max(0, found.perMinute - minute.count),
          resetSeconds: minuteReset,
        };
        if (minute.count > found.perMinute) {
          return refuseNow([minuteState, dayState(answeredToday)], minuteReset);
        }
        await tx
          .update(apiKeyUsage)
          .set({ answered: sql`${apiKeyUsage.answered} + 1` })
          .where(and(eq(apiKeyUsage.keyId, found.id), eq(apiKeyUsage.day, day)));
        await tx.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, found.id));
        return { outcome: "answered", quotas: [minuteState, dayState(answeredToday + 1)] };
      });
    },
  };
}
