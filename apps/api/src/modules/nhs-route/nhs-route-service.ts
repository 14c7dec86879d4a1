import {
  type AdminNhsCharge,
  chargesInForce,
  londonDay,
  NHS_CHARGE_KINDS,
  type NhsCharge,
  type NhsChargeInput,
  type NhsChargeKind,
  type NhsChargeList,
  type NhsChargeListQuery,
  type NhsChargesInForce,
  type NhsRoute,
} from "@pharmacompare/contract";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { medications, nhsCharges } from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { refuse } from "../../domain/refusal.ts";
import type { ActorContext, AuditService } from "../audit/index.ts";

/**
 * The NHS route (issue 44, decision 056): England's charges with the day each takes effect, kept
 * by staff, and a medication's NHS route as the condition page reads it. Every write is audited
 * as an `nhs_charge`, which bumps the public data version (the caches' invalidation), so the
 * condition page shows a changed figure at once; a figure dated ahead is in force from its UK day,
 * which the response cache's maximum age reaches within a minute.
 */

export type NhsRouteService = ReturnType<typeof createNhsRouteService>;

type ChargeFields = z.output<typeof NhsChargeInput>;
type Row = typeof nhsCharges.$inferSelect;

/** The contract's order of the kinds (item, then the certificates), as the list shows them. */
const kindOrder = sql`case ${nhsCharges.kind} ${sql.join(
  NHS_CHARGE_KINDS.map((kind, index) => sql`when ${kind} then ${index}`),
  sql` `,
)} end`;

const chargeNotFound = (id: string) => refuse(404, `NHS charge "${id}" not found`);

const toCharge = (row: Row): NhsCharge => ({
  id: row.id,
  // The column's CHECK holds it to the contract's list.
  kind: row.kind as NhsChargeKind,
  amount: row.amount,
  effectiveFrom: row.effectiveFrom,
  sourceUrl: row.sourceUrl,
});

export function createNhsRouteService(db: Database, options: { now: () => Date; audit: AuditService }) {
  const today = () => londonDay(options.now());

  /** Each kind's charges, to tell the one in force from those to come and those it replaced. */
  async function statusOf(database: Database, rows: Row[]): Promise<AdminNhsCharge[]> {
    const all = (await database.select().from(nhsCharges)).map(toCharge);
    const inForce = chargesInForce(all, today());
    return rows.map((row) => {
      const charge = toCharge(row);
      const status =
        charge.effectiveFrom > today()
          ? "scheduled"
          : inForce[charge.kind]?.id === charge.id
            ? "in-force"
            : "superseded";
      return { ...charge, status, updatedAt: row.updatedAt.toISOString() };
    });
  }

  async function load(tx: Database, id: string): Promise<Row> {
    const [row] = await tx.select().from(nhsCharges).where(eq(nhsCharges.id, id));
    if (!row) throw chargeNotFound(id);
    return row;
  }

  async function one(tx: Database, id: string): Promise<AdminNhsCharge> {
    const [charge] = await statusOf(tx, [await load(tx, id)]);
    if (!charge) throw chargeNotFound(id);
    return charge;
  }

  const values = (fields: ChargeFields) => ({
    kind: fields.kind,
    amount: fields.amount,
    effectiveFrom: fields.effectiveFrom,
    sourceUrl: fields.sourceUrl,
  });

  return {
    /** A page of charges: by kind (item, then the certificates), latest day first. */
    async list(query: z.output<typeof NhsChargeListQuery>): Promise<NhsChargeList> {
      const where = and(
        containsAny(query.search, [nhsCharges.sourceUrl]),
        query.kind ? eq(nhsCharges.kind, query.kind) : undefined,
      );
      const { rows, info } = await readPage(
        query,
        db.select({ total: count() }).from(nhsCharges).where(where),
        (limit, offset) =>
          db
            .select()
            .from(nhsCharges)
            .where(where)
            .orderBy(kindOrder, desc(nhsCharges.effectiveFrom), asc(nhsCharges.id))
            .limit(limit)
            .offset(offset),
      );
      return { charges: await statusOf(db, rows), ...info };
    },

    create(context: ActorContext, fields: ChargeFields): Promise<AdminNhsCharge> {
      return options.audit.write(context, async (tx, audit, at) => {
        const [row] = await tx
          .insert(nhsCharges)
          .values({ ...values(fields), createdAt: at, updatedAt: at })
          .returning({ id: nhsCharges.id });
        if (!row) throw new Error("insert returned no row");
        await audit({
          action: "create",
          entityType: "nhs_charge",
          entityId: row.id,
          changes: values(fields),
        });
        return one(tx, row.id);
      });
    },

    update(context: ActorContext, id: string, fields: ChargeFields): Promise<AdminNhsCharge> {
      return options.audit.write(context, async (tx, audit, at) => {
        const before = toCharge(await load(tx, id));
        await tx
          .update(nhsCharges)
          .set({ ...values(fields), updatedAt: at })
          .where(eq(nhsCharges.id, id));
        const after = values(fields);
        const changes: Record<string, unknown> = {};
        for (const key of Object.keys(after) as (keyof typeof after)[]) {
          if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
        }
        await audit({ action: "update", entityType: "nhs_charge", entityId: id, changes });
        return one(tx, id);
      });
    },

    remove(context: ActorContext, id: string): Promise<void> {
      return options.audit.write(context, async (tx, audit) => {
        const before = toCharge(await load(tx, id));
        await tx.delete(nhsCharges).where(eq(nhsCharges.id, id));
        await audit({ action: "delete", entityType: "nhs_charge", entityId: id, changes: { ...before } });
      });
    },

    /** The charge of each kind in force on today's UK day. */
    async inForce(): Promise<NhsChargesInForce> {
      return chargesInForce((await db.select().from(nhsCharges)).map(toCharge), today());
    },

    /** A medication's NHS route as staff recorded it; null for an unknown medication. */
    async routeFor(medicationId: string): Promise<NhsRoute | null> {
      const [row] = await db
        .select({
          availability: medications.nhsAvailability,
          note: medications.nhsNote,
          url: medications.nhsUrl,
          itemCharge: medications.nhsItemCharge,
          checkedOn: medications.nhsCheckedOn,
        })
        .from(medications)
        .where(eq(medications.id, medicationId));
      if (!row) return null;
      return { ...row, availability: row.availability as NhsRoute["availability"] };
    },
  };
}
