import {
  addDays,
  CLICK_OUT_MONTHS_MAX,
  type ClickOutMonths,
  type FailedJob,
  type FailingFeed,
  hiddenBefore,
  londonDay,
  type PriceFreshnessLimits,
  SERVICE_HEALTH_DAYS,
  type ServiceHealth,
  STALE_MEDICATIONS_SHOWN,
  staleBefore,
} from "@pharmacompare/contract";
import { and, asc, count, desc, eq, gte, lte, min, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import {
  clickOuts,
  contacts,
  emailOutbox,
  medications,
  pharmacies,
  priceAlerts,
  prices,
  subscriptions,
} from "../../db/schema.ts";
import { badRequest } from "../../domain/refusal.ts";

/**
 * The dashboard's figures (issue 31, decision 044): what happened over the last 30 UK days and
 * what waits now, each read with one grouped query. Days are the UK's (`Europe/London`), so a
 * late-evening event in summer counts on the day staff saw it.
 */

/** A timestamp's UK day as "YYYY-MM-DD". */
const ukDayOf = (column: AnyPgColumn) =>
  sql<string>`to_char((${column} at time zone 'Europe/London')::date, 'YYYY-MM-DD')`;

/** The Monday of a UK day's week. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every day from `from` to `to`, inclusive. */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The month `count` months after "YYYY-MM" (before it when negative). */
function addMonths(month: string, months: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

function monthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split("-").map(Number) as [number, number];
  const [toYear, toMonth] = to.split("-").map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth);
}

export function createServiceHealthService(
  db: Database,
  options: {
    now: () => Date;
    failingFeeds: () => Promise<FailingFeed[]>;
    /** Scheduled jobs whose latest run failed for good (jobs/scheduler.ts, decision 066). */
    failedJobs: () => Promise<FailedJob[]>;
    /** Cache purges owed and not yet sent (modules/shared-cache, decision 064). */
    purgesWaiting: () => Promise<{ count: number; oldest: Date | null }>;
    /** The configured PRICE_STALE_DAYS and PRICE_HIDE_DAYS, the ones the public pages apply. */
    freshness: PriceFreshnessLimits;
  },
) {
  /** Rows of `table` per UK day of `column` within the window, where `where` holds. */
  async function perDay(
    table: PgTable,
    column: AnyPgColumn,
    range: { from: string; to: string },
    where?: SQL,
  ): Promise<Map<string, number>> {
    const day = ukDayOf(column);
    const rows = await db
      .select({ day, count: count() })
      .from(table)
      .where(and(gte(day, range.from), lte(day, range.to), where))
      .groupBy(day);
    return new Map(rows.map((row) => [row.day, row.count]));
  }

  /** Per-day counts folded into the window's weeks (Mondays), oldest first. */
  function byWeek<K extends string>(
    days: string[],
    series: Record<K, Map<string, number>>,
  ): ({ week: string } & Record<K, number>)[] {
    const weeks = new Map<string, Record<K, number>>();
    for (const day of days) {
      const week = mondayOf(day);
      const totals =
        weeks.get(week) ??
        (Object.fromEntries(Object.keys(series).map((key) => [key, 0])) as Record<K, number>);
      for (const key of Object.keys(series) as K[]) totals[key] += series[key].get(day) ?? 0;
      weeks.set(week, totals);
    }
    return [...weeks].map(([week, totals]) => ({ week, ...totals }));
  }

  return {
    async read(): Promise<ServiceHealth> {
      const asOf = options.now();
      const to = londonDay(asOf);
      const from = addDays(to, 1 - SERVICE_HEALTH_DAYS);
      const days = daysFrom(from, to);
      const range = { from, to };
      const inWindow = and(gte(clickOuts.day, from), lte(clickOuts.day, to));
      // Stale exactly as the public pages flag it (decision 048): by the last confirmation, not
      // the last change, at or before the configured limit (contract price-freshness.ts).
      const { staleDays, hideDays } = options.freshness;
      const stalePrice = lte(prices.lastConfirmed, staleBefore(options.freshness, asOf));
      const hiddenPrice = lte(prices.lastConfirmed, hiddenBefore(options.freshness, asOf));

      const [
        clicksByDay,
        clicksByPharmacy,
        alertsSet,
        alertsConfirmed,
        alertsFired,
        gained,
        lost,
        bounced,
        accepted,
        failed,
        [backlog],
        [stale],
        staleByMedication,
        [waiting],
        failingFeeds,
      ] = await Promise.all([
        db
          .select({ day: clickOuts.day, count: sql<number>`sum(${clickOuts.count})::int` })
          .from(clickOuts)
          .where(inWindow)
          .groupBy(clickOuts.day),
        db
          .select({
            pharmacyId: clickOuts.pharmacyId,
            name: sql<string>`coalesce(min(${pharmacies.name}), ${clickOuts.pharmacyId})`,
            count: sql<number>`sum(${clickOuts.count})::int`,
          })
          .from(clickOuts)
          .leftJoin(pharmacies, eq(pharmacies.id, clickOuts.pharmacyId))
          .where(inWindow)
          .groupBy(clickOuts.pharmacyId)
          .orderBy(desc(sql`sum(${clickOuts.count})`), asc(clickOuts.pharmacyId)),
        perDay(priceAlerts, priceAlerts.createdAt, range),
        perDay(priceAlerts, priceAlerts.confirmedAt, range),
        perDay(priceAlerts, priceAlerts.triggeredAt, range),
        perDay(subscriptions, subscriptions.subscribedAt, range),
        perDay(subscriptions, subscriptions.unsubscribedAt, range),
        // No bounce time is kept: the bounce is the subscription's last change (outbox-service.ts).
        perDay(subscriptions, subscriptions.updatedAt, range, eq(subscriptions.status, "bounced")),
        perDay(emailOutbox, emailOutbox.sentAt, range, eq(emailOutbox.status, "sent")),
        // A failed message keeps the time of its last attempt as its next_attempt_at.
        perDay(emailOutbox, emailOutbox.nextAttemptAt, range, eq(emailOutbox.status, "failed")),
        db
          .select({ count: count(), oldest: min(emailOutbox.createdAt) })
          .from(emailOutbox)
          .where(eq(emailOutbox.status, "pending")),
        db
          .select({
            count: count(),
            hidden: sql<number>`(count(*) filter (where ${hiddenPrice}))::int`,
          })
          .from(prices)
          .where(stalePrice),
        db
          .select({ medicationId: prices.medicationId, name: medications.name, count: count() })
          .from(prices)
          .innerJoin(medications, eq(medications.id, prices.medicationId))
          .where(stalePrice)
          .groupBy(prices.medicationId, medications.name)
          .orderBy(desc(count()), asc(prices.medicationId))
          .limit(STALE_MEDICATIONS_SHOWN),
        db.select({ count: count() }).from(contacts).where(eq(contacts.status, "new")),
        options.failingFeeds(),
      ]);
      const failedJobs = await options.failedJobs();
      const purges = await options.purgesWaiting();

      const clicks = new Map(clicksByDay.map((row) => [row.day, row.count]));
      return {
        asOf: asOf.toISOString(),
        from,
        to,
        clickOuts: {
          total: clicksByDay.reduce((sum, row) => sum + row.count, 0),
          byDay: days.map((day) => ({ day, count: clicks.get(day) ?? 0 })),
          byPharmacy: clicksByPharmacy,
        },
        alerts: byWeek(days, { set: alertsSet, confirmed: alertsConfirmed, fired: alertsFired }),
        subscriptions: byWeek(days, { gained, lost, bounced }),
        emails: {
          byDay: days.map((day) => ({ day, accepted: accepted.get(day) ?? 0, failed: failed.get(day) ?? 0 })),
          backlog: backlog?.count ?? 0,
          oldestWaitingSince: backlog?.oldest ? new Date(backlog.oldest).toISOString() : null,
        },
        stalePrices: {
          staleDays,
          hideDays,
          total: stale?.count ?? 0,
          hidden: stale?.hidden ?? 0,
          byMedication: staleByMedication,
        },
        contactsWaiting: waiting?.count ?? 0,
        failingFeeds,
        failedJobs,
        cachePurges: { waiting: purges.count, oldestWaitingSince: purges.oldest?.toISOString() ?? null },
      };
    },

    /** Click-outs by UK month and pharmacy, for invoicing. */
    async months(query: { from?: string | undefined; to?: string | undefined }): Promise<ClickOutMonths> {
      const thisMonth = londonDay(options.now()).slice(0, 7);
      const to = query.to ?? (query.from ? addMonths(query.from, 11) : thisMonth);
      const from = query.from ?? addMonths(to, -11);
      if (monthsBetween(from, to) >= CLICK_OUT_MONTHS_MAX) {
        throw badRequest(`A CSV covers at most ${CLICK_OUT_MONTHS_MAX} months`, "from");
      }
      const month = sql<string>`to_char(${clickOuts.day}, 'YYYY-MM')`;
      const rows = await db
        .select({
          month,
          pharmacyId: clickOuts.pharmacyId,
          name: sql<string>`coalesce(min(${pharmacies.name}), ${clickOuts.pharmacyId})`,
          count: sql<number>`sum(${clickOuts.count})::int`,
        })
        .from(clickOuts)
        .leftJoin(pharmacies, eq(pharmacies.id, clickOuts.pharmacyId))
        .where(and(gte(clickOuts.day, `${from}-01`), lte(month, to)))
        .groupBy(month, clickOuts.pharmacyId)
        .orderBy(
          asc(month),
          sql`lower(coalesce(min(${pharmacies.name}), ${clickOuts.pharmacyId})) collate "C"`,
        );
      return { from, to, rows };
    },
  };
}
