import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditEntityType,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  auditRangeEnd,
  auditRangeStart,
  pageInfo,
} from "@pharmacompare/contract";
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import {
  type CacheTag,
  conditionTag,
  medicationTag,
  PRICE_LISTS_TAG,
  pharmacyTag,
  SITE_TAG,
} from "../../cache/cache-tags.ts";
import { publicDataChanged, transactionAnnouncingChanges } from "../../cache/data-version.ts";
import type { Database } from "../../db/client.ts";
import { auditLog, medications, prices } from "../../db/schema.ts";

/**
 * The audit log, and the one way to write to it (docs/architecture.md): this module is the only
 * one that touches the audit_log table (modules/audit/audit-path.test.ts checks so).
 */

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

/** What happened, to what: the contract's lists, so the audit screen can filter by every value. */
export interface AuditRecord {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: string | null;
  changes?: Record<string, unknown> | null;
}

/** Appends the audit entry of the write in progress (same transaction, same actor, same clock). */
export type Audit = (entry: AuditRecord) => Promise<void>;

/** The work of an audited write: change data through `tx` only, and `audit` what was done. */
export type AuditedWork<T> = (tx: Database, audit: Audit, at: Date) => Promise<T>;

/**
 * What the public site shows: an audited create, update, delete, status change, publication or
 * import of one of these changes a public read, so it bumps the public data version (the caches'
 * invalidation, cache/data-version.ts). Staff accounts, contacts, alerts and subscriptions never
 * appear in a public read; an export changes nothing.
 */
const PUBLIC_ENTITY_TYPES: ReadonlySet<AuditEntityType> = new Set([
  "medication",
  "pharmacy",
  "price",
  "category",
  "subcategory",
  "blog_post",
  "admin_message",
  // The NHS charges the condition page shows (decision 056).
  "nhs_charge",
  // The events the condition page's history shows (decision 059).
  "medication_event",
  // The supply notices the condition page shows (decision 060).
  "supply_notice",
]);

function changesPublicData(entry: AuditRecord): boolean {
  return PUBLIC_ENTITY_TYPES.has(entry.entityType) && entry.action !== "export";
}

/**
 * The cache tags an audited change touched (decision 063). A price entry names its medication and
 * pharmacy when its changes say them; otherwise nothing, since the price write it records named
 * its own (prices/price-service.ts), and a transaction that names nothing at all purges `site`.
 * A pharmacy's name and rating show beside its prices: its page, the lists, and the medications
 * and conditions it prices. Catalogue names, blog posts, notices, NHS charges and events show on
 * lists, search or every condition page: `site`.
 */
async function tagsOfEntry(tx: Database, entry: AuditRecord): Promise<CacheTag[]> {
  const changes = entry.changes ?? {};
  if (entry.entityType === "price") {
    const { medicationId, pharmacyId } = changes;
    if (typeof medicationId !== "string" || typeof pharmacyId !== "string") return [];
    const [row] = await tx
      .select({ subcategoryId: medications.subcategoryId })
      .from(medications)
      .where(eq(medications.id, medicationId));
    return [
      PRICE_LISTS_TAG,
      medicationTag(medicationId),
      pharmacyTag(pharmacyId),
      ...(row ? [conditionTag(row.subcategoryId)] : ([SITE_TAG] as const)),
    ];
  }
  if (entry.entityType === "pharmacy" && entry.entityId) {
    const priced = await tx
      .selectDistinct({ medicationId: medications.id, subcategoryId: medications.subcategoryId })
      .from(prices)
      .innerJoin(medications, eq(medications.id, prices.medicationId))
      .where(eq(prices.pharmacyId, entry.entityId));
    return [
      PRICE_LISTS_TAG,
      pharmacyTag(entry.entityId),
      ...priced.flatMap((row) => [medicationTag(row.medicationId), conditionTag(row.subcategoryId)]),
    ];
  }
  return [SITE_TAG];
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
 * The one audit writer: runs `work` in a transaction with an `audit` function bound to it, the
 * actor and one reading of the clock (`at`, for the change's own timestamps too), so a change
 * and its entries commit or roll back together; an entry about public data also bumps the public
 * data version, and this process's response cache hears it once the transaction commits. Inside `work` use only `tx`: on PGlite a query
 * on the outer handle would wait for this transaction forever. The service's `write` is this;
 * start-up and the operator commands, which run without the app, call it directly.
 */
export function auditedWrite<T>(
  db: Database,
  context: ActorContext,
  work: AuditedWork<T>,
  now: () => Date = () => new Date(),
): Promise<T> {
  return transactionAnnouncingChanges(db, (tx) => {
    const at = now();
    const audit: Audit = async (entry) => {
      if (changesPublicData(entry)) await publicDataChanged(tx, await tagsOfEntry(tx, entry));
      await tx.insert(auditLog).values({
        actorId: context.actor.id,
        actorEmail: context.actor.email,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId ?? null,
        changes: entry.changes ? (withoutSecrets(entry.changes) as Record<string, unknown>) : null,
        ipAddress: context.ipAddress,
        createdAt: at,
      });
    };
    return work(tx, audit, at);
  });
}

/**
 * Deletes failed sign-in entries recorded before `before` (they hold an address and an attempted
 * email; modules/retention/retention.ts says how long they are kept). Answers how many went.
 */
export async function forgetFailedSignIns(tx: Database, before: Date): Promise<number> {
  const removed = await tx
    .delete(auditLog)
    .where(
      and(
        inArray(auditLog.action, [
          "login_failed",
          "password_change_failed",
          "second_factor_failed",
        ] satisfies AuditAction[]),
        lt(auditLog.createdAt, before),
      ),
    )
    .returning({ id: auditLog.id });
  return removed.length;
}

export type AuditService = ReturnType<typeof createAuditService>;

/**
 * The audit log. Every admin write records itself in its own transaction, the pattern being:
 *
 *   return services.audit.write(actorContext(request), async (tx, audit, at) => {
 *     const [row] = await tx.update(medications).set({ ...changes, updatedAt: at }).where(...).returning();
 *     await audit({ action: "update", entityType: "medication", entityId: row.id, changes });
 *     return row;
 *   });
 */
export function createAuditService(db: Database, options: { now: () => Date }) {
  const { now } = options;
  return {
    /** Runs `work` in a transaction with an `audit` function bound to it and the actor ({@link auditedWrite}). */
    write<T>(context: ActorContext, work: AuditedWork<T>): Promise<T> {
      return auditedWrite(db, context, work, now);
    },

    /**
     * Newest first, filtered and paged. Entries whose action or entity type is not in the
     * contract's lists (only a value since retired could be: the writer takes only those) are
     * left out of the entries and the totals alike, so one odd row cannot break the audit screen.
     */
    async list(query: AuditQuery): Promise<AuditPage> {
      const conditions: SQL[] = [
        inArray(auditLog.action, [...AUDIT_ACTIONS]),
        inArray(auditLog.entityType, [...AUDIT_ENTITY_TYPES]),
      ];
      if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
      if (query.action) conditions.push(eq(auditLog.action, query.action));
      if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
      if (query.actorEmail)
        conditions.push(sql`lower(${auditLog.actorEmail}) = ${query.actorEmail.toLowerCase()}`);
      if (query.from) conditions.push(gte(auditLog.createdAt, auditRangeStart(query.from)));
      if (query.to) conditions.push(lt(auditLog.createdAt, auditRangeEnd(query.to)));
      const where = and(...conditions);

      const [totalRow] = await db.select({ total: count() }).from(auditLog).where(where);
      const rows = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const total = totalRow?.total ?? 0;
      const entries: AuditEntry[] = rows.flatMap((row) => {
        const action = AUDIT_ACTIONS.find((known) => known === row.action);
        const entityType = AUDIT_ENTITY_TYPES.find((known) => known === row.entityType);
        return action && entityType
          ? [{ ...row, action, entityType, createdAt: row.createdAt.toISOString() }]
          : [];
      });
      return { entries, ...pageInfo(query.page, query.limit, total) };
    },
  };
}
