import {
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  auditRangeEnd,
  auditRangeStart,
} from "@pharmacompare/contract";
import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";

/** Who did it: a signed-in admin (id and email), an attempted email, "operator" or "system". */
export interface AuditActor {
  id: string | null;
  email: string | null;
}

/** What a route knows about the caller; services pass it through to the audit entry. */
export interface ActorContext {
  actor: AuditActor;
  ipAddress: string | null;
}

export interface AuditRecord extends ActorContext {
  action: string;
  entityType: string;
  entityId?: string | null;
  changes?: Record<string, unknown> | null;
}

/** Keys never worth keeping in an audit trail, whatever a caller passes. */
const SECRET_KEY = /password|token|secret|hash/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, inner]) => [key, withoutSecrets(inner)]),
    );
  }
  return value;
}

/**
 * Appends one audit entry. Pass the transaction of the write being recorded (a transaction is a
 * `Database` too), so the entry and the change commit or roll back together.
 */
export async function recordAudit(tx: Database, entry: AuditRecord, at: Date = new Date()): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    changes: entry.changes ? (withoutSecrets(entry.changes) as Record<string, unknown>) : null,
    ipAddress: entry.ipAddress,
    createdAt: at,
  });
}

export type AuditService = ReturnType<typeof createAuditService>;

/**
 * The audit log. Every admin write records itself in its own transaction, the pattern being:
 *
 *   return services.audit.write(actorContext(request), async (tx, audit) => {
 *     const [row] = await tx.update(medications).set(changes).where(...).returning();
 *     await audit({ action: "update", entityType: "medication", entityId: row.id, changes });
 *     return row;
 *   });
 *
 * Inside `fn` use only `tx`: on PGlite a query on the outer handle would wait for this
 * transaction forever.
 */
export function createAuditService(db: Database, options: { now: () => Date }) {
  const { now } = options;
  return {
    record(tx: Database, entry: AuditRecord): Promise<void> {
      return recordAudit(tx, entry, now());
    },

    /** Runs `fn` in a transaction with an `audit` function bound to that transaction and actor. */
    write<T>(
      context: ActorContext,
      fn: (
        tx: Database,
        audit: (entry: Omit<AuditRecord, keyof ActorContext>) => Promise<void>,
      ) => Promise<T>,
    ): Promise<T> {
      return db.transaction((tx) => fn(tx, (entry) => recordAudit(tx, { ...context, ...entry }, now())));
    },

    /** Newest first, filtered and paged. */
    async list(query: AuditQuery): Promise<AuditPage> {
      const conditions: SQL[] = [];
      if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
      if (query.action) conditions.push(eq(auditLog.action, query.action));
      if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
      if (query.actorEmail)
        conditions.push(sql`lower(${auditLog.actorEmail}) = ${query.actorEmail.toLowerCase()}`);
      if (query.from) conditions.push(gte(auditLog.createdAt, auditRangeStart(query.from)));
      if (query.to) conditions.push(lt(auditLog.createdAt, auditRangeEnd(query.to)));
      const where = conditions.length > 0 ? and(...conditions) : undefined;

      const [totalRow] = await db.select({ total: count() }).from(auditLog).where(where);
      const rows = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const total = totalRow?.total ?? 0;
      const entries: AuditEntry[] = rows.map((row) => ({
        id: row.id,
        actorId: row.actorId,
        actorEmail: row.actorEmail,
        action: row.action,
        entityType: row.entityType,
        entityId: row.entityId,
        changes: row.changes,
        ipAddress: row.ipAddress,
        createdAt: row.createdAt.toISOString(),
      }));
      return {
        entries,
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
      };
    },
  };
}
