import {
  type AdminSubscription,
  RECENT_SUBSCRIPTIONS,
  SUBSCRIPTION_SOURCES,
  type SubscriptionList,
  type SubscriptionListQuery,
  type SubscriptionStats,
} from "@pharmacompare/contract";
import { and, asc, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { emailOutbox, subscriptions } from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { refuse } from "../../domain/refusal.ts";
import type { ActorContext, AuditService } from "../audit/index.ts";
import type { OutboxService } from "../outbox/index.ts";

type SubscriptionRow = typeof subscriptions.$inferSelect;
type Source = (typeof SUBSCRIPTION_SOURCES)[number];

const notFoundSubscription = (id: string) => refuse(404, `Subscription "${id}" not found`);

function toAdminSubscription(row: SubscriptionRow): AdminSubscription {
  return {
    _id: row.id,
    email: row.email,
    status: row.status as AdminSubscription["status"],
    source: row.source as AdminSubscription["source"],
    subscribedTo: row.subscribedTo,
    preferences: {
      priceDrops: row.priceDrops,
      newMedications: row.newMedications,
      promotions: row.promotions,
      weeklyDigest: row.weeklyDigest,
    },
    subscribedAt: row.subscribedAt.toISOString(),
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    // Kept by the outbox worker on each delivery linked to the subscription (decision 013).
    emailsSentCount: row.emailsSentCount,
    lastEmailSent: row.lastEmailSent?.toISOString() ?? null,
    confirmed: row.confirmedAt !== null,
  };
}

const newestFirst = [desc(subscriptions.subscribedAt), desc(subscriptions.id)];

/**
 * The back-office's email subscriptions (back-office §2 Email Subscriptions, §4): read and
 * delete only. Audit entries name the subscription by id, never the address.
 */
export function createAdminSubscriptionService(
  db: Database,
  options: { audit: AuditService; outbox: OutboxService },
) {
  async function stats(): Promise<SubscriptionStats> {
    const byStatus = await db
      .select({ status: subscriptions.status, count: count() })
      .from(subscriptions)
      .groupBy(subscriptions.status);
    const counted = (status: string) => byStatus.find((row) => row.status === status)?.count ?? 0;
    const [unconfirmed] = await db
      .select({ count: count() })
      .from(subscriptions)
      .where(and(eq(subscriptions.status, "active"), isNull(subscriptions.confirmedAt)));
    const bySource = await db
      .select({ source: subscriptions.source, count: count() })
      .from(subscriptions)
      .groupBy(subscriptions.source)
      .orderBy(desc(count()), asc(subscriptions.source));
    const recent = await db
      .select()
      .from(subscriptions)
      .orderBy(...newestFirst)
      .limit(RECENT_SUBSCRIPTIONS);
    return {
      total: byStatus.reduce((sum, row) => sum + row.count, 0),
      active: counted("active"),
      unsubscribed: counted("unsubscribed"),
      bounced: counted("bounced"),
      unconfirmed: unconfirmed?.count ?? 0,
      bySource: bySource
        .filter((row): row is { source: Source; count: number } =>
          (SUBSCRIPTION_SOURCES as readonly string[]).includes(row.source),
        )
        .map((row) => ({ _id: row.source, count: row.count })),
      recentSubscriptions: recent.map(toAdminSubscription),
    };
  }

  return {
    stats,

    /**
     * A page of subscriptions, newest first, searched by address, optionally of one status and
     * source; the stats count every subscription.
     */
    async list(query: z.output<typeof SubscriptionListQuery>): Promise<SubscriptionList> {
      const conditions: (SQL | undefined)[] = [containsAny(query.search, [subscriptions.email])];
      if (query.status) conditions.push(eq(subscriptions.status, query.status));
      if (query.source) conditions.push(eq(subscriptions.source, query.source));
      const where = and(...conditions);
      const { rows, info } = await readPage(
        query,
        db.select({ total: count() }).from(subscriptions).where(where),
        (limit, offset) =>
          db
            .select()
            .from(subscriptions)
            .where(where)
            .orderBy(...newestFirst)
            .limit(limit)
            .offset(offset),
      );
      return { subscriptions: rows.map(toAdminSubscription), ...info, stats: await stats() };
    },

    /** Deletes the subscription for good; emails about it not yet sent are cancelled first. */
    remove(context: ActorContext, id: string): Promise<void> {
      return options.audit.write(context, async (tx, audit) => {
        const [before] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
        if (!before) throw notFoundSubscription(id);
        await options.outbox.cancelPending(tx, eq(emailOutbox.subscriptionId, id));
        await tx.delete(subscriptions).where(eq(subscriptions.id, id));
        await audit({
          action: "delete",
          entityType: "subscription",
          entityId: id,
          changes: { status: before.status, source: before.source, emailsSentCount: before.emailsSentCount },
        });
      });
    },
  };
}
