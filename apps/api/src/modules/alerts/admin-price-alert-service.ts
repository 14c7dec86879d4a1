import {
  type AdminPriceAlert,
  PRICE_ALERT_STATUSES,
  type PriceAlertListQuery,
  type PriceAlertPage,
  type PriceAlertStatusInput,
  type PriceAlertTotals,
  pageInfo,
} from "@pharmacompare/contract";
import { and, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { emailOutbox, priceAlerts } from "../../db/schema.ts";
import { escapeLike } from "../../domain/public-filters.ts";
import { refuse } from "../../domain/refusal.ts";
import type { ActorContext, AuditService } from "../audit/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import type { PriceFreshness } from "../prices/index.ts";
import { lowestPrice, type PricesChanged } from "../prices/index.ts";
import { lockAlertPairs } from "./price-alert-service.ts";

type AlertRow = typeof priceAlerts.$inferSelect;
type AlertStatus = z.output<typeof PriceAlertStatusInput>["status"];

const DAY_MS = 24 * 60 * 60 * 1000;
const notFoundAlert = (id: string) => refuse(404, `Price alert "${id}" not found`);

/** The lowest in-stock price visitors can see for a medication and dosage, or null. */
type Lowest = { name: string; price: number } | null;

function toAdminAlert(row: AlertRow, lowest: Lowest): AdminPriceAlert {
  return {
    _id: row.id,
    email: row.email,
    medicationId: row.medicationId,
    medicationName: row.medicationName,
    dosage: row.dosage,
    kind: row.kind as AdminPriceAlert["kind"],
    targetPrice: row.targetPrice,
    currentPrice: lowest?.price ?? null,
    status: row.status as AdminPriceAlert["status"],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    triggeredAt: row.triggeredAt?.toISOString() ?? null,
    lowestPharmacy: lowest,
    confirmed: row.confirmedAt !== null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    pausedAt: row.pausedAt?.toISOString() ?? null,
  };
}

/** The live lowest price of each medication and dosage among `rows`, looked up once per pair. */
async function withLowest(
  db: Database,
  freshness: PriceFreshness,
  rows: AlertRow[],
): Promise<AdminPriceAlert[]> {
  const lowestByPair = new Map<string, Lowest>();
  for (const { medicationId, dosage } of rows) {
    const key = JSON.stringify([medicationId, dosage]);
    if (lowestByPair.has(key)) continue;
    const price = await lowestPrice(db, freshness.listed(), medicationId, dosage);
    lowestByPair.set(key, price ? { name: price.pharmacy.name, price: price.price } : null);
  }
  return rows.map((row) =>
    toAdminAlert(row, lowestByPair.get(JSON.stringify([row.medicationId, row.dosage])) ?? null),
  );
}

/**
 * The back-office's view of visitors' price alerts (back-office §2 Price Alerts, §4). Audit
 * entries name the alert by id and medication, never the visitor's address.
 */
export function createAdminPriceAlertService(
  db: Database,
  options: {
    audit: AuditService;
    outbox: OutboxService;
    config: Pick<ApiConfig, "alertTtlDays">;
    pricesChanged: PricesChanged;
    freshness: PriceFreshness;
  },
) {
  const { audit: auditService, outbox, config, pricesChanged, freshness } = options;

  /** The alert, locked for the write; its medication and dosage's evaluation lock taken first. */
  async function loadForWrite(tx: Database, id: string): Promise<AlertRow> {
    const [pair] = await tx
      .select({ medicationId: priceAlerts.medicationId, dosage: priceAlerts.dosage })
      .from(priceAlerts)
      .where(eq(priceAlerts.id, id));
    if (!pair) throw notFoundAlert(id);
    // The same order as a price write and a confirmation (pair, then row): they take turns.
    await lockAlertPairs(tx, [pair]);
    const [row] = await tx.select().from(priceAlerts).where(eq(priceAlerts.id, id)).for("update");
    if (!row) throw notFoundAlert(id);
    return row;
  }

  async function reload(tx: Database, id: string): Promise<AdminPriceAlert> {
    const [row] = await tx.select().from(priceAlerts).where(eq(priceAlerts.id, id));
    if (!row) throw notFoundAlert(id);
    const [alert] = await withLowest(tx, freshness, [row]);
    if (!alert) throw notFoundAlert(id);
    return alert;
  }

  return {
    /**
     * Newest first; `search` a case-insensitive substring of the address or medication name.
     * `totals` count every alert by status, whatever the page, search or filter.
     */
    async list(query: z.output<typeof PriceAlertListQuery>): Promise<PriceAlertPage> {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(priceAlerts.status, query.status));
      if (query.search) {
        const contains = `%${escapeLike(query.search)}%`;
        const match = or(
          sql`${priceAlerts.email} ilike ${contains} escape '\\'`,
          sql`${priceAlerts.medicationName} ilike ${contains} escape '\\'`,
        );
        if (match) conditions.push(match);
      }
      const where = and(...conditions);
      const [totalRow] = await db.select({ total: count() }).from(priceAlerts).where(where);
      const rows = await db
        .select()
        .from(priceAlerts)
        .where(where)
        .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const byStatus = await db
        .select({ status: priceAlerts.status, count: count() })
        .from(priceAlerts)
        .groupBy(priceAlerts.status);
      const totals = Object.fromEntries(
        PRICE_ALERT_STATUSES.map((status) => [status, 0]),
      ) as PriceAlertTotals;
      for (const { status, count: n } of byStatus) {
        if (status in totals) totals[status as keyof PriceAlertTotals] = n;
      }
      return {
        alerts: await withLowest(db, freshness, rows),
        ...pageInfo(query.page, query.limit, totalRow?.total ?? 0),
        totals,
      };
    },

    /**
     * Any status may be set directly (back-office §4); setting the one it has changes nothing.
     * `active` means watching prices again: an expiry already past gets a fresh ALERT_TTL_DAYS
     * (else the hourly job would expire it at once), and the alert is checked against the current
     * price straight away, as a confirmation is, so a target already met fires now. An alert its
     * visitor had cancelled needs their confirmation again before it fires: staff cannot give
     * consent for them. Any other status ends it, and its unsent emails are cancelled.
     */
    async setStatus(context: ActorContext, id: string, status: AlertStatus): Promise<AdminPriceAlert> {
      const result = await auditService.write(context, async (tx, audit, at) => {
        const before = await loadForWrite(tx, id);
        if (before.status === status) return { alert: await reload(tx, id), fired: false };
        const changes: Record<string, unknown> = { status: { from: before.status, to: status } };
        const set: Partial<typeof priceAlerts.$inferInsert> = { status, updatedAt: at };
        if (status === "active") {
          if (before.expiresAt <= at) {
            set.expiresAt = new Date(at.getTime() + config.alertTtlDays * DAY_MS);
            changes.expiresAt = { from: before.expiresAt.toISOString(), to: set.expiresAt.toISOString() };
          }
          if (before.status === "cancelled" && before.confirmedAt !== null) {
            set.confirmedAt = null;
            changes.confirmed = { from: true, to: false };
          }
        }
        await tx.update(priceAlerts).set(set).where(eq(priceAlerts.id, id));
        let fired = false;
        if (status === "active") {
          const triggered = await pricesChanged(
            tx,
            [{ medicationId: before.medicationId, dosage: before.dosage }],
            at,
          );
          fired = triggered.length > 0;
          if (triggered.includes(id)) changes.firedAtOnce = true;
        } else {
          await outbox.cancelPending(tx, eq(emailOutbox.priceAlertId, id));
        }
        await audit({ action: "status_change", entityType: "price_alert", entityId: id, changes });
        return { alert: await reload(tx, id), fired };
      });
      // The price-drop emails the check queued go at once.
      if (result.fired) outbox.wake();
      return result.alert;
    },

    /** Deletes the alert; emails about it not yet sent are cancelled first. */
    remove(context: ActorContext, id: string): Promise<void> {
      return auditService.write(context, async (tx, audit) => {
        const before = await loadForWrite(tx, id);
        await outbox.cancelPending(tx, eq(emailOutbox.priceAlertId, id));
        await tx.delete(priceAlerts).where(eq(priceAlerts.id, id));
        await audit({
          action: "delete",
          entityType: "price_alert",
          entityId: id,
          changes: { medicationId: before.medicationId, dosage: before.dosage, status: before.status },
        });
      });
    },
  };
}
