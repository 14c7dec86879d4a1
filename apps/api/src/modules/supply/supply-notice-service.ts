import {
  type AdminSupplyNotice,
  type SupplyNotice,
  type SupplyNoticeInput,
  type SupplyNoticeList,
  type SupplyNoticeListQuery,
  supplyNoticeStatus,
} from "@pharmacompare/contract";
import { and, asc, count, desc, eq, gt, isNull, lte, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { medications, supplyNotices } from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { badRequest, refuse } from "../../domain/refusal.ts";
import type { ActorContext, AuditService } from "../audit/index.ts";

/**
 * Supply notices (issue 45, decision 060): what staff know of a medication's supply, with the page
 * that said so. Every write is audited as a `supply_notice`, which bumps the public data version
 * (the caches' invalidation), so the condition page shows or drops a notice at once; one that
 * starts or ends at a set time shows from then, within the response cache's minute.
 */

export type SupplyNoticeService = ReturnType<typeof createSupplyNoticeService>;

type NoticeFields = z.output<typeof SupplyNoticeInput>;
type Row = typeof supplyNotices.$inferSelect;

const noticeNotFound = (id: string) => refuse(404, `Supply notice "${id}" not found`);

const toSupplyNotice = (row: Row): SupplyNotice => ({
  id: row.id,
  medicationId: row.medicationId,
  dosage: row.dosage,
  message: row.message,
  sourceUrl: row.sourceUrl,
  sourceDate: row.sourceDate,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt ? row.endsAt.toISOString() : null,
});

/** Active at `at`: started, not ended. */
const activeAt = (at: Date): SQL | undefined =>
  and(lte(supplyNotices.startsAt, at), or(isNull(supplyNotices.endsAt), gt(supplyNotices.endsAt, at)));

/**
 * The notices active at `at` for a medication and dosage (those about every dosage too), newest
 * start first: what the condition page and an alert email on that pair show. Takes the caller's
 * transaction, so an alert email says what was true when its price was written.
 */
export async function activeSupplyNotices(
  db: Database,
  medicationId: string,
  dosage: string,
  at: Date,
): Promise<SupplyNotice[]> {
  const rows = await db
    .select()
    .from(supplyNotices)
    .where(
      and(
        eq(supplyNotices.medicationId, medicationId),
        or(isNull(supplyNotices.dosage), eq(supplyNotices.dosage, dosage)),
        activeAt(at),
      ),
    )
    .orderBy(desc(supplyNotices.startsAt), asc(supplyNotices.id));
  return rows.map(toSupplyNotice);
}

export function createSupplyNoticeService(db: Database, options: { now: () => Date; audit: AuditService }) {
  const { now, audit } = options;

  const toAdmin = (row: Row, medicationName: string): AdminSupplyNotice => {
    const notice = toSupplyNotice(row);
    return {
      ...notice,
      medicationName,
      status: supplyNoticeStatus(notice, now()),
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  async function one(tx: Database, id: string): Promise<AdminSupplyNotice> {
    const [found] = await tx
      .select({ row: supplyNotices, name: medications.name })
      .from(supplyNotices)
      .innerJoin(medications, eq(medications.id, supplyNotices.medicationId))
      .where(eq(supplyNotices.id, id));
    if (!found) throw noticeNotFound(id);
    return toAdmin(found.row, found.name);
  }

  /**
   * The stored values of a form, checked against the catalogue; each refusal names its field. No
   * start is `start` (now for a new notice, the stored one for an edit).
   */
  async function values(tx: Database, fields: NoticeFields, start: Date) {
    const [medication] = await tx
      .select({ name: medications.name, dosages: medications.dosages })
      .from(medications)
      .where(eq(medications.id, fields.medicationId));
    if (!medication) throw badRequest(`Medication "${fields.medicationId}" not found`, "medicationId");
    if (fields.dosage !== null && !medication.dosages.includes(fields.dosage)) {
      throw badRequest(`Dosage "${fields.dosage}" is not listed for ${medication.name}`, "dosage");
    }
    const startsAt = fields.startsAt ? new Date(fields.startsAt) : start;
    const endsAt = fields.endsAt ? new Date(fields.endsAt) : null;
    if (endsAt && endsAt.getTime() <= startsAt.getTime()) {
      throw badRequest("The end must be after the start", "endsAt");
    }
    return {
      medicationId: fields.medicationId,
      dosage: fields.dosage,
      message: fields.message,
      sourceUrl: fields.sourceUrl,
      sourceDate: fields.sourceDate,
      startsAt,
      endsAt,
    };
  }

  const auditable = (stored: Awaited<ReturnType<typeof values>>) => ({
    ...stored,
    startsAt: stored.startsAt.toISOString(),
    endsAt: stored.endsAt?.toISOString() ?? null,
  });

  return {
    /** A page of notices, latest start first; `status` as of now. */
    async list(query: z.output<typeof SupplyNoticeListQuery>): Promise<SupplyNoticeList> {
      const at = now();
      const byStatus =
        query.status === "active"
          ? activeAt(at)
          : query.status === "scheduled"
            ? gt(supplyNotices.startsAt, at)
            : query.status === "ended"
              ? lte(supplyNotices.endsAt, at)
              : undefined;
      const where = and(
        containsAny(query.search, [supplyNotices.message, medications.name]),
        query.medicationId ? eq(supplyNotices.medicationId, query.medicationId) : undefined,
        byStatus,
      );
      const { rows, info } = await readPage(
        query,
        db
          .select({ total: count() })
          .from(supplyNotices)
          .innerJoin(medications, eq(medications.id, supplyNotices.medicationId))
          .where(where),
        (limit, offset) =>
          db
            .select({ row: supplyNotices, name: medications.name })
            .from(supplyNotices)
            .innerJoin(medications, eq(medications.id, supplyNotices.medicationId))
            .where(where)
            .orderBy(desc(supplyNotices.startsAt), asc(supplyNotices.id))
            .limit(limit)
            .offset(offset),
      );
      return { notices: rows.map(({ row, name }) => toAdmin(row, name)), ...info };
    },

    create(context: ActorContext, fields: NoticeFields): Promise<AdminSupplyNotice> {
      return audit.write(context, async (tx, record, at) => {
        const stored = await values(tx, fields, at);
        const [row] = await tx
          .insert(supplyNotices)
          .values({ ...stored, createdAt: at, updatedAt: at })
          .returning({ id: supplyNotices.id });
        if (!row) throw new Error("insert returned no row");
        await record({
          action: "create",
          entityType: "supply_notice",
          entityId: row.id,
          changes: auditable(stored),
        });
        return one(tx, row.id);
      });
    },

    update(context: ActorContext, id: string, fields: NoticeFields): Promise<AdminSupplyNotice> {
      return audit.write(context, async (tx, record, at) => {
        const before = await one(tx, id);
        const stored = await values(tx, fields, new Date(before.startsAt));
        const after = auditable(stored);
        await tx
          .update(supplyNotices)
          .set({ ...stored, updatedAt: at })
          .where(eq(supplyNotices.id, id));
        const changes: Record<string, unknown> = {};
        for (const key of Object.keys(after) as (keyof typeof after)[]) {
          if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
        }
        await record({ action: "update", entityType: "supply_notice", entityId: id, changes });
        return one(tx, id);
      });
    },

    /** Ends an active notice now; one not started or already ended is a 409. */
    end(context: ActorContext, id: string): Promise<AdminSupplyNotice> {
      return audit.write(context, async (tx, record, at) => {
        const before = await one(tx, id);
        const status = supplyNoticeStatus(before, at);
        if (status !== "active") {
          throw refuse(
            409,
            status === "scheduled"
              ? "This notice has not started: change its dates or delete it"
              : "This notice has already ended",
          );
        }
        await tx.update(supplyNotices).set({ endsAt: at, updatedAt: at }).where(eq(supplyNotices.id, id));
        await record({
          action: "status_change",
          entityType: "supply_notice",
          entityId: id,
          changes: { endsAt: { from: before.endsAt, to: at.toISOString() } },
        });
        return one(tx, id);
      });
    },

    remove(context: ActorContext, id: string): Promise<void> {
      return audit.write(context, async (tx, record) => {
        const before = await one(tx, id);
        await tx.delete(supplyNotices).where(eq(supplyNotices.id, id));
        await record({ action: "delete", entityType: "supply_notice", entityId: id, changes: { ...before } });
      });
    },

    /** What the condition page shows for the pair now. */
    activeFor(medicationId: string, dosage: string): Promise<SupplyNotice[]> {
      return activeSupplyNotices(db, medicationId, dosage, now());
    },
  };
}
