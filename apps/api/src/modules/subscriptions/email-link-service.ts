import {
  type EmailLinkResult,
  emailLinkMessages,
  NEWS_KINDS,
  type NewsKind,
  PRICE_ALERT_KIND_WORDS,
} from "@pharmacompare/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { emailLinks, emailOutbox, emailSuppressions, priceAlerts, subscriptions } from "../../db/schema.ts";
import { notFound } from "../../domain/refusal.ts";
import { emailHashSql, hashEmail, hashLinkToken } from "../../email/secrets.ts";
import { lockAlertPairs } from "../alerts/index.ts";
import {
  type AlertTerms,
  alertTermsOf,
  type ConsentEvent,
  isConfirmed,
  recordConsentConfirmation,
  requestOfLink,
  type SubscriptionTerms,
  subscriptionTermsOf,
} from "../consent/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import type { PricesChanged } from "../prices/index.ts";
import { RETENTION } from "../retention/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A link's stored kind, if it is one we know. */
const readNewsKind = (value: string | null | undefined): NewsKind | undefined =>
  NEWS_KINDS.find((kind) => kind === value);

/**
 * Confirming a new request from the inbox is the address asking for email again: an earlier
 * "no more email to this address" gives way to it (a request alone, which anyone can make, does not).
 */
async function liftOptOut(tx: Database, email: string): Promise<void> {
  await tx.delete(emailSuppressions).where(eq(emailSuppressions.emailHash, hashEmail(email)));
}

/**
 * The confirm and unsubscribe links of our emails (`POST /api/email/confirm`, `…/unsubscribe`).
 * A token is looked up by its SHA-256; an unknown one, or a confirm link whose alert or
 * subscription has since ended, answers 404 with emailLinkMessages.unknownLink. Repeating a
 * link is harmless: it answers the same 200.
 */
export function createEmailLinkService(
  db: Database,
  options: {
    now: () => Date;
    outbox: OutboxService;
    pricesChanged: PricesChanged;
    /** Stops one kind of price news (subscription-service.ts stopKind, decision 041). */
    stopKind: (
      tx: Database,
      subscriptionId: string,
      kind: NewsKind,
      client: { ipAddress: string | null },
      at: Date,
    ) => Promise<boolean>;
  },
) {
  const { now, outbox, pricesChanged, stopKind } = options;
  const unknownLink = () => notFound(emailLinkMessages.unknownLink);

  async function linkFor(tx: Database, token: string, purpose: "confirm" | "unsubscribe") {
    const [link] = await tx
      .select()
      .from(emailLinks)
      .where(and(eq(emailLinks.tokenHash, hashLinkToken(token)), eq(emailLinks.purpose, purpose)));
    return link;
  }

  type Confirmation = { request: ConsentEvent | undefined; ipAddress: string | null; at: Date };

  /** The current consent columns, from the request the address has just confirmed. */
  const currentConsent = (request: ConsentEvent) => ({
    consentVersion: request.wordingVersion,
    consentedAt: request.createdAt,
    consentSource: request.source,
    consentIpHash: request.clientIpHash,
  });

  async function confirmAlert(
    tx: Database,
    priceAlertId: string,
    { request, ipAddress, at }: Confirmation,
  ): Promise<EmailLinkResult> {
    const [watched] = await tx
      .select({ medicationId: priceAlerts.medicationId, dosage: priceAlerts.dosage })
      .from(priceAlerts)
      .where(eq(priceAlerts.id, priceAlertId));
    if (watched) await lockAlertPairs(tx, [watched]);
    const [alert] = await tx.select().from(priceAlerts).where(eq(priceAlerts.id, priceAlertId)).for("update");
    // Only a confirmed alert can have triggered; an ended one cannot be restarted from an old email.
    if (!alert || (alert.status !== "active" && alert.status !== "triggered")) throw unknownLink();
    const terms = request ? (request.terms as AlertTerms) : alertTermsOf(alert);
    // Terms from before alerts had kinds are target alerts (decision 043).
    const kind = terms.kind ?? "target";
    const result = {
      message:
        kind !== "target"
          ? PRICE_ALERT_KIND_WORDS[kind].confirmed
          : request?.held
            ? emailLinkMessages.alertChangeConfirmed
            : emailLinkMessages.alertConfirmed,
      kind: "price-alert" as const,
      ...(request?.held ? { change: true as const } : {}),
    };
    if (request ? await isConfirmed(tx, request.id) : alert.confirmedAt !== null) return result;
    await tx
      .update(priceAlerts)
      .set({
        kind,
        targetPrice: terms.targetPrice,
        // Asking again from the form and confirming it turns a paused alert back on.
        pausedAt: null,
        expiresAt: new Date(terms.expiresAt),
        // Confirming a change to an alert that fired re-arms it.
        status: "active",
        triggeredAt: null,
        confirmedAt: at,
        ...(request ? currentConsent(request) : {}),
        updatedAt: at,
      })
      .where(eq(priceAlerts.id, alert.id));
    await recordConsentConfirmation(tx, {
      priceAlertId: alert.id,
      email: alert.email,
      terms,
      wordingVersion: request?.wordingVersion ?? alert.consentVersion,
      requestId: request?.id ?? null,
      ipAddress,
      at,
    });
    await liftOptOut(tx, alert.email);
    await pricesChanged(tx, [{ medicationId: alert.medicationId, dosage: alert.dosage }], at);
    return result;
  }

  async function confirmSubscription(
    tx: Database,
    subscriptionId: string,
    { request, ipAddress, at }: Confirmation,
  ): Promise<EmailLinkResult> {
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
      .for("update");
    if (subscription?.status !== "active") throw unknownLink();
    const result = {
      message: request?.held
        ? emailLinkMessages.subscriptionChangeConfirmed
        : emailLinkMessages.subscriptionConfirmed,
      kind: "subscription" as const,
      ...(request?.held ? { change: true as const } : {}),
    };
    if (request ? await isConfirmed(tx, request.id) : subscription.confirmedAt !== null) return result;
    const terms = request ? (request.terms as SubscriptionTerms) : subscriptionTermsOf(subscription);
    await tx
      .update(subscriptions)
      .set({
        priceDrops: terms.priceDrops,
        newMedications: terms.newMedications,
        promotions: terms.promotions,
        weeklyDigest: terms.weeklyDigest,
        subscribedTo: terms.subscribedTo,
        confirmedAt: at,
        ...(request ? currentConsent(request) : {}),
        updatedAt: at,
      })
      .where(eq(subscriptions.id, subscription.id));
    await recordConsentConfirmation(tx, {
      subscriptionId: subscription.id,
      email: subscription.email,
      terms,
      wordingVersion: request?.wordingVersion ?? subscription.consentVersion,
      requestId: request?.id ?? null,
      ipAddress,
      at,
    });
    await liftOptOut(tx, subscription.email);
    return result;
  }

  return {
    /**
     * Double opt-in: confirms the request the link was sent for, applying its terms to the alert or
     * subscription in this transaction and appending the confirmation to the consent history
     * (decision 031). A change the address had been asked to confirm (a held request) is applied
     * only now. A confirmed alert is checked against the current price at once (it may have dropped
     * while the email waited). A request is confirmed once; using its link again changes nothing.
     */
    async confirm(
      token: string,
      client: { ipAddress: string | null } = { ipAddress: null },
    ): Promise<EmailLinkResult> {
      const at = now();
      return db.transaction(async (tx) => {
        const link = await linkFor(tx, token, "confirm");
        if (!link) throw unknownLink();
        // Links sent before the consent history began name no request: they confirm the row as it is.
        const request = link.consentEventId ? await requestOfLink(tx, link.consentEventId) : undefined;
        if (link.consentEventId && !request) throw unknownLink();
        // A request not confirmed within the unconfirmed period is forgotten (the retention job
        // deletes its link), as an alert or subscription never confirmed is.
        if (request && request.createdAt.getTime() < at.getTime() - RETENTION.unconfirmedDays * DAY_MS) {
          throw unknownLink();
        }
        const confirmation = { request, ipAddress: client.ipAddress, at };
        if (link.priceAlertId) return confirmAlert(tx, link.priceAlertId, confirmation);
        if (link.subscriptionId) return confirmSubscription(tx, link.subscriptionId, confirmation);
        throw unknownLink();
      });
    },

    /**
     * One-click unsubscribe (RFC 8058) and the web page's button: cancels the alert, unsubscribes
     * the subscription, or, for an address link, records that the address wants no more email and
     * ends every alert and subscription it has. Unsent emails about what ended are cancelled. The
     * link of a price-news email stops its own kind only (decision 041), unless `everything`.
     */
    async unsubscribe(
      token: string,
      options: { everything?: boolean; ipAddress?: string | null } = {},
    ): Promise<EmailLinkResult> {
      const at = now();
      const result = await db.transaction(async (tx) => {
        const link = await linkFor(tx, token, "unsubscribe");
        const kind = readNewsKind(link?.stopsKind);
        if (link?.subscriptionId && kind && !options.everything) {
          const client = { ipAddress: options.ipAddress ?? null };
          if (await stopKind(tx, link.subscriptionId, kind, client, at)) {
            return {
              message: emailLinkMessages.kindUnsubscribed[kind],
              kind: "subscription" as const,
              stopped: kind,
            };
          }
          return { message: emailLinkMessages.subscriptionUnsubscribed, kind: "subscription" as const };
        }
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
