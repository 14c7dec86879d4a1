import {
  type AdminMedicationEvent,
  type ConditionPriceContext,
  type MedicationEvent,
  type MedicationEventInput,
  type MedicationEventKind,
  type MedicationEventList,
  type MedicationEventListQuery,
  PRICE_HISTORY_DAYS,
  type PriceHistory,
  priceContext,
} from "@pharmacompare/contract";
import { and, asc, count, desc, eq, gte, isNull, lte, or } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { medicationEvents, medications } from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { badRequest, refuse } from "../../domain/refusal.ts";
import type { ActorContext, AuditService } from "../audit/index.ts";

/**
 * Dated events on a medication's price history (issue 45, decision 059), kept by staff, and the
 * condition page's price context: today's lowest against the same 90-day series the history chart
 * draws, read by the contract's rule. Every write is audited as a `medication_event`, which bumps
 * the public data version, so cached condition pages show a new event at once.
 */

export type PriceEventsService = ReturnType<typeof createPriceEventsService>;

type EventFields = z.output<typeof MedicationEventInput>;
type Row = typeof medicationEvents.$inferSelect;

const eventNotFound = (id: string) => refuse(404, `Price event "${id}" not found`);

const toEvent = (row: Row): MedicationEvent => ({
  id: row.id,
  // The column's CHECK holds it to the contract's list.
  kind: row.kind as MedicationEventKind,
  happenedOn: row.happenedOn,
  dosage: row.dosage,
  summary: row.summary,
  sourceUrl: row.sourceUrl,
});

const listColumns = { event: medicationEvents, medicationName: medications.name };

const toAdmin = (row: { event: Row; medicationName: string }): AdminMedicationEvent => ({
  ...toEvent(row.event),
  medicationId: row.event.medicationId,
  medicationName: row.medicationName,
  updatedAt: row.event.updatedAt.toISOString(),
});

export function createPriceEventsService(
  db: Database,
  options: {
    audit: AuditService;
    /** The history chart's series (the prices feature's `forDosage`). */
    history: (medicationId: string, dosage: string, days: number) => Promise<PriceHistory>;
  },
) {
  async function one(tx: Database, id: string): Promise<AdminMedicationEvent> {
    const [row] = await tx
      .select(listColumns)
      .from(medicationEvents)
      .innerJoin(medications, eq(medications.id, medicationEvents.medicationId))
      .where(eq(medicationEvents.id, id));
    if (!row) throw eventNotFound(id);
    return toAdmin(row);
  }

  /** The medication must exist and the dosage be one it is sold in: a 400 naming the field. */
  async function checked(tx: Database, fields: EventFields) {
    const [medication] = await tx
      .select({ dosages: medications.dosages })
      .from(medications)
      .where(eq(medications.id, fields.medicationId));
    if (!medication) throw badRequest(`medication "${fields.medicationId}" not found`, "medicationId");
    if (fields.dosage !== null && !medication.dosages.includes(fields.dosage)) {
      throw badRequest(`must be one of the medication's dosages, or empty for all`, "dosage");
    }
    return {
      medicationId: fields.medicationId,
      dosage: fields.dosage,
      kind: fields.kind,
      happenedOn: fields.happenedOn,
      summary: fields.summary,
      sourceUrl: fields.sourceUrl,
    };
  }

  /** A medication's events between two UK days (both included) for a dosage or all, oldest first. */
  async function between(
    medicationId: string,
    dosage: string,
    from: string,
    to: string,
  ): Promise<MedicationEvent[]> {
    const rows = await db
      .select()
      .from(medicationEvents)
      .where(
        and(
          eq(medicationEvents.medicationId, medicationId),
          or(isNull(medicationEvents.dosage), eq(medicationEvents.dosage, dosage)),
          gte(medicationEvents.happenedOn, from),
          lte(medicationEvents.happenedOn, to),
        ),
      )
      .orderBy(asc(medicationEvents.happenedOn), asc(medicationEvents.id));
    return rows.map(toEvent);
  }

  return {
    between,

    /** A page of events, latest day first. */
    async list(query: z.output<typeof MedicationEventListQuery>): Promise<MedicationEventList> {
      const where = and(
        containsAny(query.search, [medicationEvents.summary, medications.name]),
        query.kind ? eq(medicationEvents.kind, query.kind) : undefined,
        query.medication ? eq(medicationEvents.medicationId, query.medication) : undefined,
      );
      const { rows, info } = await readPage(
        query,
        db
          .select({ total: count() })
          .from(medicationEvents)
          .innerJoin(medications, eq(medications.id, medicationEvents.medicationId))
          .where(where),
        (limit, offset) =>
          db
            .select(listColumns)
            .from(medicationEvents)
            .innerJoin(medications, eq(medications.id, medicationEvents.medicationId))
            .where(where)
            .orderBy(desc(medicationEvents.happenedOn), asc(medications.name), asc(medicationEvents.id))
            .limit(limit)
            .offset(offset),
      );
      return { events: rows.map(toAdmin), ...info };
    },

    create(context: ActorContext, fields: EventFields): Promise<AdminMedicationEvent> {
      return options.audit.write(context, async (tx, audit, at) => {
        const values = await checked(tx, fields);
        const [row] = await tx
          .insert(medicationEvents)
          .values({ ...values, createdAt: at, updatedAt: at })
          .returning({ id: medicationEvents.id });
        if (!row) throw new Error("insert returned no row");
        await audit({ action: "create", entityType: "medication_event", entityId: row.id, changes: values });
        return one(tx, row.id);
      });
    },

    update(context: ActorContext, id: string, fields: EventFields): Promise<AdminMedicationEvent> {
      return options.audit.write(context, async (tx, audit, at) => {
        const [before] = await tx.select().from(medicationEvents).where(eq(medicationEvents.id, id));
        if (!before) throw eventNotFound(id);
        const after = await checked(tx, fields);
        await tx
          .update(medicationEvents)
          .set({ ...after, updatedAt: at })
          .where(eq(medicationEvents.id, id));
        const changes: Record<string, unknown> = {};
        for (const key of Object.keys(after) as (keyof typeof after)[]) {
          if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
        }
        await audit({ action: "update", entityType: "medication_event", entityId: id, changes });
        return one(tx, id);
      });
    },

    remove(context: ActorContext, id: string): Promise<void> {
      return options.audit.write(context, async (tx, audit) => {
        const [before] = await tx.select().from(medicationEvents).where(eq(medicationEvents.id, id));
        if (!before) throw eventNotFound(id);
        await tx.delete(medicationEvents).where(eq(medicationEvents.id, id));
        await audit({
          action: "delete",
          entityType: "medication_event",
          entityId: id,
          changes: { ...toEvent(before), medicationId: before.medicationId },
        });
      });
    },

    /**
     * The condition page's price context (decision 059): the history chart's own 90-day series
     * and the events in its window, read by the contract's `priceContext`. Today's point is the
     * comparison's own lowest in-stock price (`todayLowest`, null when none is in stock), so the
     * sentence never names a price the table no longer lists (a price gone after 14 days
     * unconfirmed, decision 048, still carries forward in the history).
     */
    async contextFor(
      medicationId: string,
      dosage: string,
      todayLowest: number | null,
    ): Promise<ConditionPriceContext> {
      const history = await options.history(medicationId, dosage, PRICE_HISTORY_DAYS.max);
      const events = await between(medicationId, dosage, history.from, history.to);
      const before = history.lowest.filter((point) => point.date !== history.to);
      const lowest = todayLowest === null ? before : [...before, { date: history.to, price: todayLowest }];
      return {
        from: history.from,
        to: history.to,
        context: priceContext({ ...history, lowest, events }),
        events,
      };
    },
  };
}
