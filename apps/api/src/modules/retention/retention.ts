import { and, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import {
  consentEvents,
  contacts,
  emailLinks,
  emailOutbox,
  priceAlerts,
  subscriptions,
} from "../../db/schema.ts";
import { forgetOldWriteCounts } from "../../domain/write-limit.ts";
import { intervalWorker } from "../../jobs/interval-worker.ts";
import { forgetFailedSignIns } from "../audit/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_EVERY_MS = 6 * 60 * 60 * 1000;

/** How long each kind of personal data is kept; the Privacy Policy states the same periods. */
export const RETENTION = {
  /** "For up to 12 months" after the enquiry. */
  contactMessagesDays: 365,
  /** Failed sign-ins hold an address and an attempted email: technical logs, "typically 90 days". */
  failedSignInDays: 90,
  /**
   * A price alert or subscription never confirmed from its email: the address may not be the
   * asker's own, so it is not kept long (decision 013).
   */
  unconfirmedDays: 30,
  /**
   * A cancelled, expired or triggered alert and an unsubscribed or bounced subscription: kept this
   * long after it ended, so the back-office can see what happened, then deleted with its address
   * ("kept until you unsubscribe", public site §9; decision 013). The opt-out list keeps only a hash.
   */
  endedDays: 30,
  /** Sent, failed and cancelled emails (an address and a copy of the message). */
  sentEmailDays: 30,
  /** The unsubscribe links of emails that belong to no alert or subscription (acknowledgements). */
  addressLinkDays: 365,
  /** Write-limit counters whose window ended (they hold a hashed address or a client network). */
  writeCounterDays: 1,
  /**
   * The consent history of an alert or subscription the address confirmed: kept while it exists
   * and this long after (six years, leap days included: the Limitation Act 1980's period for a
   * claim that we emailed someone without consent; decision 031). It holds hashes, the terms and
   * times, never the address. The history of one never confirmed goes with it.
   */
  consentEvidenceDays: 6 * 365 + 2,
} as const;

export interface PurgeSummary {
  contacts: number;
  failedSignIns: number;
  unconfirmedAlerts: number;
  unconfirmedSubscriptions: number;
  endedAlerts: number;
  endedSubscriptions: number;
  emails: number;
  addressLinks: number;
  writeCounters: number;
  /** Confirm links of requests not confirmed within the unconfirmed period. */
  unconfirmedRequestLinks: number;
  /** Consent events deleted: of records never confirmed, or kept their period after the record went. */
  consentEvents: number;
}

/** An event whose alert or subscription no longer exists. */
const recordGone = sql`(
  (${consentEvents.priceAlertId} is not null and not exists (select 1 from ${priceAlerts} where ${priceAlerts.id} = ${consentEvents.priceAlertId}))
  or (${consentEvents.subscriptionId} is not null and not exists (select 1 from ${subscriptions} where ${subscriptions.id} = ${consentEvents.subscriptionId}))
)`;

/** An event of a record the address never confirmed: no confirmation shares its alert or subscription. */
const neverConfirmed = sql`not exists (
  select 1 from ${consentEvents} as confirmation
  where confirmation.kind = 'confirmation'
    and (confirmation.price_alert_id = ${consentEvents.priceAlertId} or confirmation.subscription_id = ${consentEvents.subscriptionId})
)`;

/**
 * The consent history's retention (decision 031): notes when each record's alert or subscription
 * went (whatever deleted it: this job, the back-office, a medication's removal), deletes the history
 * of a record never confirmed at once, and the rest RETENTION.consentEvidenceDays later.
 */
async function purgeConsentHistory(tx: Database, now: Date, before: (days: number) => Date) {
  await tx
    .update(consentEvents)
    .set({ recordGoneAt: now })
    .where(and(isNull(consentEvents.recordGoneAt), recordGone));
  const unconfirmed = await tx
    .delete(consentEvents)
    .where(and(isNotNull(consentEvents.recordGoneAt), neverConfirmed))
    .returning({ id: consentEvents.id });
  const kept = await tx
    .delete(consentEvents)
    .where(lt(consentEvents.recordGoneAt, before(RETENTION.consentEvidenceDays)))
    .returning({ id: consentEvents.id });
  return unconfirmed.length + kept.length;
}

/**
 * Deletes personal data that has outlived its retention period. Idempotent, so every API process
 * may run it. (Ended sessions and stale sign-in counters are swept by the sign-in flow itself.)
 */
export async function purgeExpired(db: Database, now: Date): Promise<PurgeSummary> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return db.transaction(async (tx) => {
    const removedContacts = await tx
      .delete(contacts)
      .where(lt(contacts.createdAt, before(RETENTION.contactMessagesDays)))
      .returning({ id: contacts.id });
    const unconfirmed = before(RETENTION.unconfirmedDays);
    const alerts = await tx
      .delete(priceAlerts)
      .where(and(isNull(priceAlerts.confirmedAt), lt(priceAlerts.consentedAt, unconfirmed)))
      .returning({ id: priceAlerts.id });
    const removedSubscriptions = await tx
      .delete(subscriptions)
      .where(and(isNull(subscriptions.confirmedAt), lt(subscriptions.consentedAt, unconfirmed)))
      .returning({ id: subscriptions.id });
    const ended = before(RETENTION.endedDays);
    const endedAlerts = await tx
      .delete(priceAlerts)
      .where(
        and(
          inArray(priceAlerts.status, ["cancelled", "expired", "triggered"]),
          lt(priceAlerts.updatedAt, ended),
        ),
      )
      .returning({ id: priceAlerts.id });
    const endedSubscriptions = await tx
      .delete(subscriptions)
      .where(
        and(inArray(subscriptions.status, ["unsubscribed", "bounced"]), lt(subscriptions.updatedAt, ended)),
      )
      .returning({ id: subscriptions.id });
    const emails = await tx
      .delete(emailOutbox)
      .where(
        and(
          inArray(emailOutbox.status, ["sent", "failed", "cancelled"]),
          lt(emailOutbox.createdAt, before(RETENTION.sentEmailDays)),
        ),
      )
      .returning({ id: emailOutbox.id });
    const addressLinks = await tx
      .delete(emailLinks)
      .where(
        and(isNotNull(emailLinks.emailHash), lt(emailLinks.createdAt, before(RETENTION.addressLinkDays))),
      )
      .returning({ tokenHash: emailLinks.tokenHash });
    // A held request's link lives as long as an unconfirmed alert or subscription does.
    const staleRequests = tx
      .select({ id: consentEvents.id })
      .from(consentEvents)
      .where(and(sql`${consentEvents.kind} = 'request'`, lt(consentEvents.createdAt, unconfirmed)));
    const requestLinks = await tx
      .delete(emailLinks)
      .where(inArray(emailLinks.consentEventId, staleRequests))
      .returning({ tokenHash: emailLinks.tokenHash });
    return {
      contacts: removedContacts.length,
      failedSignIns: await forgetFailedSignIns(tx, before(RETENTION.failedSignInDays)),
      unconfirmedAlerts: alerts.length,
      unconfirmedSubscriptions: removedSubscriptions.length,
      endedAlerts: endedAlerts.length,
      endedSubscriptions: endedSubscriptions.length,
      emails: emails.length,
      addressLinks: addressLinks.length,
      writeCounters: await forgetOldWriteCounts(tx, before(RETENTION.writeCounterDays)),
      unconfirmedRequestLinks: requestLinks.length,
      consentEvents: await purgeConsentHistory(tx, now, before),
    };
  });
}

/**
 * Runs the purge when the API starts and every six hours after, until the API closes
 * (interval-worker.ts: the timer does not keep the process alive, a run in hand is finished
 * first). A failed run is logged and retried next time.
 */
export function scheduleRetention(app: FastifyInstance, now: () => Date = () => new Date()): void {
  const worker = intervalWorker(
    async () => {
      const summary = await purgeExpired(app.database.db, now());
      if (Object.values(summary).some((count) => count > 0)) app.log.info(summary, "expired data deleted");
    },
    (err) => app.log.error({ err }, "retention purge failed"),
  );
  app.addHook("onReady", async () => worker.start(RETENTION_EVERY_MS));
  app.addHook("onClose", async () => worker.stop());
}
