import { type EmailLinkResult, emailLinkMessages } from "@pharmacompare/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { emailLinks, emailOutbox, emailSuppressions, priceAlerts, subscriptions } from "../db/schema.ts";
import { hashEmail, hashLinkToken } from "../email/secrets.ts";
import { notFound } from "../plugins/refusal.ts";
import type { OutboxService } from "./outbox-service.ts";
import { lockAlertPairs } from "./price-alert-service.ts";
import type { PricesChanged } from "./price-service.ts";

/** SHA-256 of a column's trimmed, lower-cased text, as email/secrets.ts hashEmail computes it. */
const emailHashSql = (
  column: typeof priceAlerts.email | typeof subscriptions.email | typeof emailOutbox.toAddress,
) => sql`encode(sha256(convert_to(lower(trim(${column})), 'UTF8')), 'hex')`;

/**
 * Confirming a new request from the inbox is the address asking for email again: an earlier
 * "no more email to this address" gives way to it (a request alone, which anyone can make, does not).
 */
async function liftOptOut(tx: Database, email: string): Promise<void> {
  await tx.delete(emailSuppressions).where(eq(emailSuppressions.emailHash, hashEmail(email)));
}

export type EmailLinkService = ReturnType<typeof createEmailLinkService>;

/**
 * The confirm and unsubscribe links of our emails (`POST /api/email/confirm`, `…/unsubscribe`).
 * A token is looked up by its SHA-256; an unknown one, or a confirm link whose alert or
 * subscription has since ended, answers 404 with emailLinkMessages.unknownLink. Repeating a
 * link is harmless: it answers the same 200.
 */
export function createEmailLinkService(
  db: Database,
  options: { now: () => Date; outbox: OutboxService; pricesChanged: PricesChanged },
) {
  const { now, outbox, pricesChanged } = options;
  const unknownLink = () => notFound(emailLinkMessages.unknownLink);

  async function linkFor(tx: Database, token: string, purpose: "confirm" | "unsubscribe") {
    const [link] = await tx
      .select()
      .from(emailLinks)
      .where(and(eq(emailLinks.tokenHash, hashLinkToken(token)), eq(emailLinks.purpose, purpose)));
    return link;
  }

  return {
    /**
     * Double opt-in: confirms the alert or subscription the link names. A confirmed alert is
     * checked against the current price at once (it may have dropped while the email waited).
     */
    async confirm(token: string): Promise<EmailLinkResult> {
      const at = now();
      return db.transaction(async (tx) => {
        const link = await linkFor(tx, token, "confirm");
        if (link?.priceAlertId) {
          const [watched] = await tx
            .select({ medicationId: priceAlerts.medicationId, dosage: priceAlerts.dosage })
            .from(priceAlerts)
            .where(eq(priceAlerts.id, link.priceAlertId));
          if (watched) await lockAlertPairs(tx, [watched]);
          const [alert] = await tx
            .select()
            .from(priceAlerts)
            .where(eq(priceAlerts.id, link.priceAlertId))
            .for("update");
          // Only a confirmed alert can have triggered; an ended one cannot be restarted from an old email.
          if (!alert || (alert.status !== "active" && alert.status !== "triggered")) throw unknownLink();
          if (alert.confirmedAt === null) {
            await tx
              .update(priceAlerts)
              .set({ confirmedAt: at, updatedAt: at })
              .where(eq(priceAlerts.id, alert.id));
            await liftOptOut(tx, alert.email);
            await pricesChanged(tx, [{ medicationId: alert.medicationId, dosage: alert.dosage }], at);
          }
          return { message: emailLinkMessages.alertConfirmed, kind: "price-alert" as const };
        }
        if (link?.subscriptionId) {
          const [subscription] = await tx
            .select()
            .from(subscriptions)
            .where(eq(subscriptions.id, link.subscriptionId))
            .for("update");
          if (subscription?.status !== "active") throw unknownLink();
          if (subscription.confirmedAt === null) {
            await tx
              .update(subscriptions)
              .set({ confirmedAt: at, updatedAt: at })
              .where(eq(subscriptions.id, subscription.id));
            await liftOptOut(tx, subscription.email);
          }
          return { message: emailLinkMessages.subscriptionConfirmed, kind: "subscription" as const };
        }
        throw unknownLink();
      });
    },

    /**
     * One-click unsubscribe (RFC 8058) and the web page's button: cancels the alert, unsubscribes
     * the subscription, or, for an address link, records that the address wants no more email and
     * ends every alert and subscription it has. Unsent emails about what ended are cancelled.
     */
    async unsubscribe(token: string): Promise<EmailLinkResult> {
      const at = now();
      const result = await db.transaction(async (tx) => {
        const link = await linkFor(tx, token, "unsubscribe");
        if (link?.priceAlertId) {
          await tx
            .update(priceAlerts)
            .set({ status: "cancelled", updatedAt: at })
            .where(
              and(
                eq(priceAlerts.id, link.priceAlertId),
                inArray(priceAlerts.status, ["active", "triggered"]),
              ),
            );
          await outbox.cancelPending(tx, eq(emailOutbox.priceAlertId, link.priceAlertId));
          return { message: emailLinkMessages.alertUnsubscribed, kind: "price-alert" as const };
        }
        if (link?.subscriptionId) {
          await tx
            .update(subscriptions)
            .set({ status: "unsubscribed", unsubscribedAt: at, updatedAt: at })
            .where(and(eq(subscriptions.id, link.subscriptionId), eq(subscriptions.status, "active")));
          await outbox.cancelPending(tx, eq(emailOutbox.subscriptionId, link.subscriptionId));
          return { message: emailLinkMessages.subscriptionUnsubscribed, kind: "subscription" as const };
        }
        if (link?.emailHash) {
          const hash = link.emailHash;
          await tx.insert(emailSuppressions).values({ emailHash: hash, createdAt: at }).onConflictDoNothing();
          await tx
            .update(priceAlerts)
            .set({ status: "cancelled", updatedAt: at })
            .where(
              and(
                sql`${emailHashSql(priceAlerts.email)} = ${hash}`,
                inArray(priceAlerts.status, ["active", "triggered"]),
              ),
            );
          await tx
            .update(subscriptions)
            .set({ status: "unsubscribed", unsubscribedAt: at, updatedAt: at })
            .where(
              and(sql`${emailHashSql(subscriptions.email)} = ${hash}`, eq(subscriptions.status, "active")),
            );
          await outbox.cancelPending(tx, sql`${emailHashSql(emailOutbox.toAddress)} = ${hash}`);
          return { message: emailLinkMessages.addressUnsubscribed, kind: "address" as const };
        }
        throw unknownLink();
      });
      return result;
    },
  };
}

/** Whether an address asked for no more email (contact acknowledgements are not sent to it). */
export async function isSuppressed(tx: Database, emailHash: string): Promise<boolean> {
  const [row] = await tx
    .select({ emailHash: emailSuppressions.emailHash })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.emailHash, emailHash));
  return row !== undefined;
}
