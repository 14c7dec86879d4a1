import {
  emailLinkMessages,
  type ManageAlertRequest,
  type ManageAlertResult,
  type ManagedAlerts,
  manageAlertsMessages,
  priceAlertMessages,
  targetTooHighMessage,
  toPence,
} from "@pharmacompare/contract";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { emailLinks, emailOutbox, priceAlerts, subscriptions } from "../../db/schema.ts";
import { notFound, refuse } from "../../domain/refusal.ts";
import { emailHashSql, hashEmail, hashLinkToken } from "../../email/secrets.ts";
import { alertTermsOf, recordConsentConfirmation, recordConsentRequest } from "../consent/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import type { PriceFreshness } from "../prices/index.ts";
import { lowestPrice, type PricesChanged } from "../prices/index.ts";
import { lockAlertPairs } from "./price-alert-service.ts";

type AlertRow = typeof priceAlerts.$inferSelect;

/** Where a change made from the manage page was asked for (the consent history's source, as decision 038's). */
const MANAGE_LINK_SOURCE = "manage-link";

/** An alert that has not ended: the only ones that can be given a new target. */
const isLive = (alert: AlertRow) => alert.status === "active" || alert.status === "triggered";
/**
 * An alert that finished by itself, by firing (a target reached) or by running out: it can be set
 * again, not paused (issue 41). One the visitor stopped is not: it stays stopped until deleted.
 */
const isFinished = (alert: AlertRow) => alert.status === "triggered" || alert.status === "expired";

const DAY_MS = 24 * 60 * 60 * 1000;

/** "a•••@example.co.uk", as the manage-my-emails page shows a subscription's address. */
const masked = (email: string) => `${email.slice(0, 1)}•••${email.slice(email.lastIndexOf("@"))}`;

/**
 * Manage my alerts (issue 30, decision 043): every alert of the address a link in one of our
 * emails went to, read and changed without an account. The key is the link's secret: an alert
 * email's manage link (it names the address), or a price-news email's link (its subscription's
 * address), so the manage-my-emails page shows both. Pausing, a new target, deleting and stopping
 * everything apply at once: the address asked from its own inbox (decision 031).
 */
export function createAlertManageService(
  db: Database,
  options: {
    now: () => Date;
    /** How long an alert runs (ALERT_TTL_DAYS), from when it is set again as from when it was made. */
    alertTtlDays: number;
    outbox: OutboxService;
    pricesChanged: PricesChanged;
    freshness: PriceFreshness;
  },
) {
  const { now, outbox, pricesChanged } = options;
  const unknownLink = () => notFound(emailLinkMessages.unknownLink);

  /** The address (SHA-256, email/secrets.ts hashEmail) a link's secret opens; 404 for any other secret. */
  async function addressOfLink(tx: Database, token: string): Promise<string> {
    const [link] = await tx
      .select({
        purpose: emailLinks.purpose,
        emailHash: emailLinks.emailHash,
        subscription: subscriptions.email,
      })
      .from(emailLinks)
      .leftJoin(subscriptions, eq(subscriptions.id, emailLinks.subscriptionId))
      .where(eq(emailLinks.tokenHash, hashLinkToken(token)));
    if (link?.purpose === "manage" && link.emailHash) return link.emailHash;
    if (link?.purpose === "unsubscribe" && link.subscription) return hashEmail(link.subscription);
    throw unknownLink();
  }

  const ofAddress = (hash: string) => sql`${emailHashSql(priceAlerts.email)} = ${hash}`;

  /** One alert of the address, locked for a change (its pair's evaluation lock first, as every writer). */
  async function alertForWrite(tx: Database, hash: string, id: string): Promise<AlertRow> {
    const notYours = () =>
      refuse(404, manageAlertsMessages.notYours, { fields: { alertId: manageAlertsMessages.notYours } });
    const [pair] = await tx
      .select({ medicationId: priceAlerts.medicationId, dosage: priceAlerts.dosage })
      .from(priceAlerts)
      .where(and(eq(priceAlerts.id, id), ofAddress(hash)));
    if (!pair) throw notYours();
    await lockAlertPairs(tx, [pair]);
    const [alert] = await tx.select().from(priceAlerts).where(eq(priceAlerts.id, id)).for("update");
    if (!alert) throw notYours();
    return alert;
  }

  const ended = () => refuse(409, manageAlertsMessages.ended);

  /**
   * Sets a finished alert again (issue 41): on for a new term of ALERT_TTL_DAYS, unpaused, with a
   * new target for a target alert, checked as a new alert's is (price-alert-service's create: a
   * current price, a target below it); recorded as a request and its confirmation from the inbox,
   * as a new target is (decision 043).
   */
  async function setAgain(
    tx: Database,
    alert: AlertRow,
    targetPrice: number | undefined,
    client: { ipAddress: string | null },
    at: Date,
  ): Promise<{ message: string; fired: boolean }> {
    if (!isFinished(alert)) {
      throw refuse(
        409,
        alert.status === "active" ? manageAlertsMessages.stillOn : manageAlertsMessages.ended,
      );
    }
    if (alert.confirmedAt === null) {
      throw refuse(409, "Confirm this alert from its email first, then set it again.");
    }
    const lowest = await lowestPrice(tx, options.freshness.listed(), alert.medicationId, alert.dosage);
    if (!lowest) {
      throw refuse(400, priceAlertMessages.noPrice, { fields: { targetPrice: priceAlertMessages.noPrice } });
    }
    const target = alert.kind === "target" ? targetPrice : null;
    if (target === undefined) {
      throw refuse(400, "A target price is required", {
        fields: { targetPrice: "is required for a target price alert" },
      });
    }
    if (target !== null && toPence(target) >= toPence(lowest.price)) {
      const message = targetTooHighMessage(lowest.price);
      throw refuse(400, message, { fields: { targetPrice: message } });
    }
    const expiresAt = new Date(at.getTime() + options.alertTtlDays * DAY_MS);
    const terms = { ...alertTermsOf(alert), targetPrice: target, expiresAt: expiresAt.toISOString() };
    const request = await recordConsentRequest(tx, {
      priceAlertId: alert.id,
      email: alert.email,
      terms,
      held: false,
      wordingVersion: alert.consentVersion,
      source: MANAGE_LINK_SOURCE,
      ipAddress: client.ipAddress,
      at,
    });
    await tx
      .update(priceAlerts)
      .set({
        status: "active",
        targetPrice: target,
        currentPrice: lowest.price,
        triggeredAt: null,
        pausedAt: null,
        expiresAt,
        updatedAt: at,
      })
      .where(eq(priceAlerts.id, alert.id));
    await recordConsentConfirmation(tx, {
      priceAlertId: alert.id,
      email: alert.email,
      terms,
      wordingVersion: alert.consentVersion,
      requestId: request.id,
      ipAddress: client.ipAddress,
      at,
    });
    return { message: manageAlertsMessages.setAgain, fired: false };
  }

  return {
    /** `GET /api/email/alerts`: every alert of the link's address, newest first, with today's lowest price. */
    async list(token: string): Promise<ManagedAlerts> {
      const hash = await addressOfLink(db, token);
      const rows = await db
        .select()
        .from(priceAlerts)
        .where(ofAddress(hash))
        .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id));
      const lowestByPair = new Map<string, number | null>();
      for (const { medicationId, dosage } of rows) {
        const key = JSON.stringify([medicationId, dosage]);
        if (!lowestByPair.has(key)) {
          lowestByPair.set(
            key,
            (await lowestPrice(db, options.freshness.listed(), medicationId, dosage))?.price ?? null,
          );
        }
      }
      const [first] = rows;
      return {
        email: first ? masked(first.email) : null,
        alerts: rows.map((row) => ({
          id: row.id,
          medicationName: row.medicationName,
          dosage: row.dosage,
          kind: row.kind as ManagedAlerts["alerts"][number]["kind"],
          targetPrice: row.targetPrice,
          lowestPrice: lowestByPair.get(JSON.stringify([row.medicationId, row.dosage])) ?? null,
          status: row.status as ManagedAlerts["alerts"][number]["status"],
          confirmed: row.confirmedAt !== null,
          paused: row.pausedAt !== null,
          expiresAt: row.expiresAt.toISOString(),
          triggeredAt: row.triggeredAt?.toISOString() ?? null,
        })),
      };
    },

    /**
     * `POST /api/email/alerts`: pause or resume one alert, give a target alert a new target (below
     * today's lowest price, as the form asks; it re-arms one that fired), delete one, or stop every
     * alert of the address. Unsent emails about what stopped are cancelled. Refusals change nothing.
     */
    async act(
      token: string,
      input: z.output<typeof ManageAlertRequest>,
      client: { ipAddress: string | null },
    ): Promise<ManageAlertResult> {
      const at = now();
      const { message, fired } = await db.transaction(async (tx) => {
        const hash = await addressOfLink(tx, token);
        if (input.action === "stop-all") {
          const stopped = await tx
            .update(priceAlerts)
            .set({ status: "cancelled", updatedAt: at })
            .where(and(ofAddress(hash), inArray(priceAlerts.status, ["active", "triggered"])))
            .returning({ id: priceAlerts.id });
          if (stopped.length > 0) {
            await outbox.cancelPending(
              tx,
              inArray(
                emailOutbox.priceAlertId,
                stopped.map((row) => row.id),
              ),
            );
          }
          return { message: manageAlertsMessages.stoppedAll, fired: false };
        }
        const alert = await alertForWrite(tx, hash, input.alertId);
        const pair = [{ medicationId: alert.medicationId, dosage: alert.dosage }];
        switch (input.action) {
          case "delete": {
            await outbox.cancelPending(tx, eq(emailOutbox.priceAlertId, alert.id));
            await tx.delete(priceAlerts).where(eq(priceAlerts.id, alert.id));
            return { message: manageAlertsMessages.deleted, fired: false };
          }
          case "pause": {
            // A fired or run-out alert has nothing to pause: it is set again instead (issue 41).
            if (alert.status !== "active") throw ended();
            await tx
              .update(priceAlerts)
              .set({ pausedAt: alert.pausedAt ?? at, updatedAt: at })
              .where(eq(priceAlerts.id, alert.id));
            await outbox.cancelPending(
              tx,
              and(eq(emailOutbox.priceAlertId, alert.id), eq(emailOutbox.template, "price-drop")) ??
                sql`false`,
            );
            return { message: manageAlertsMessages.paused, fired: false };
          }
          case "resume": {
            if (alert.status !== "active") throw ended();
            await tx
              .update(priceAlerts)
              .set({ pausedAt: null, updatedAt: at })
              .where(eq(priceAlerts.id, alert.id));
            // As a confirmation does: a target met while it was paused fires now.
            const triggered = await pricesChanged(tx, pair, at);
            return { message: manageAlertsMessages.resumed, fired: triggered.length > 0 };
          }
          case "set-again":
            return setAgain(tx, alert, input.targetPrice, client, at);
          default: {
            if (!isLive(alert)) throw ended();
            if (alert.kind !== "target") {
              throw refuse(400, "Only a target price alert has a target", {
                fields: { targetPrice: "Only a target price alert has a target" },
              });
            }
            // An alert never confirmed changes from its confirmation email only: confirming it
            // applies the terms it was asked on (decision 031).
            if (alert.confirmedAt === null) {
              throw refuse(409, "Confirm this alert from its email first, then change its target.");
            }
            const lowest = await lowestPrice(
              tx,
              options.freshness.listed(),
              alert.medicationId,
              alert.dosage,
            );
            if (!lowest)
              throw refuse(400, priceAlertMessages.noPrice, {
                fields: { targetPrice: priceAlertMessages.noPrice },
              });
            if (toPence(input.targetPrice) >= toPence(lowest.price)) {
              const message = targetTooHighMessage(lowest.price);
              throw refuse(400, message, { fields: { targetPrice: message } });
            }
            const terms = { ...alertTermsOf(alert), targetPrice: input.targetPrice };
            const request = await recordConsentRequest(tx, {
              priceAlertId: alert.id,
              email: alert.email,
              terms,
              held: false,
              wordingVersion: alert.consentVersion,
              source: MANAGE_LINK_SOURCE,
              ipAddress: client.ipAddress,
              at,
            });
            await tx
              .update(priceAlerts)
              .set({ targetPrice: input.targetPrice, status: "active", triggeredAt: null, updatedAt: at })
              .where(eq(priceAlerts.id, alert.id));
            await recordConsentConfirmation(tx, {
              priceAlertId: alert.id,
              email: alert.email,
              terms,
              wordingVersion: alert.consentVersion,
              requestId: request.id,
              ipAddress: client.ipAddress,
              at,
            });
            const triggered = await pricesChanged(tx, pair, at);
            return { message: manageAlertsMessages.targetChanged, fired: triggered.length > 0 };
          }
        }
      });
      if (fired) outbox.wake();
      return { message };
    },
  };
}
