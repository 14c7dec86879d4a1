import {
  CONSENT_WORDING,
  londonDay,
  type Price,
  type PriceAlertRequest,
  priceAlertMessages,
  type SupplyNotice,
  targetTooHighMessage,
  toPence,
} from "@pharmacompare/contract";
import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { medications, priceAlerts } from "../../db/schema.ts";
import { medicationIsPublic } from "../../domain/public-filters.ts";
import { badRequest, refuse } from "../../domain/refusal.ts";
import { countWrite } from "../../domain/write-limit.ts";
import { hashClientAddress } from "../../email/secrets.ts";
import { alertConfirmationEmail, alertFiredEmail, priceDropEmail } from "../../email/templates.ts";
import {
  type AlertTerms,
  type ConsentEvent,
  mayQueueConfirmation,
  recordConsentRequest,
} from "../consent/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import type { PriceFreshness } from "../prices/index.ts";
import { lowestPrice, type PricesChanged } from "../prices/index.ts";
import { activeSupplyNotices } from "../supply/index.ts";
import {
  backInStock,
  lowestBefore,
  mayFireToday,
  RECURRING_KINDS,
  type RecurringKind,
} from "./alert-watch.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Where a price alert's consent was given (the condition page's form). */
export const PRICE_ALERT_CONSENT_SOURCE = "price-alert-form";

/** Namespace of the per-medication-and-dosage advisory lock (two-key form; db/client.ts takes single keys). */
const ALERT_PAIR_LOCK = sql.raw("727003");

/**
 * How many advisory locks alert evaluation uses at most. Each medication and dosage takes the lock
 * of its bucket: a feed or sheet touching 30,000 pairs in one transaction took 30,000 locks and
 * ran PostgreSQL's shared lock table out ("out of shared memory", issue 29's bench); two pairs in
 * one bucket only take turns a little more often.
 */
const ALERT_LOCK_BUCKETS = 1024;

/** A pair's bucket: FNV-1a of its key, the same in every process. */
function alertLockBucket(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % ALERT_LOCK_BUCKETS;
}

/**
 * Serialises alert evaluation per medication and dosage, in every process: a price write and a
 * confirmation on the same pair take turns instead of locking each other's alert rows in opposite
 * orders. Taken in a fixed order (by bucket); re-entrant within one transaction.
 */
export async function lockAlertPairs(
  tx: Database,
  pairs: { medicationId: string; dosage: string }[],
): Promise<void> {
  const buckets = [
    ...new Set(pairs.map(({ medicationId, dosage }) => alertLockBucket(`${medicationId}|${dosage}`))),
  ].sort((a, b) => a - b);
  for (const bucket of buckets) {
    await tx.execute(sql`select pg_advisory_xact_lock(${ALERT_PAIR_LOCK}, ${bucket})`);
  }
}

/** What an alert email says besides the alert: where to compare, the caution's kind, the supply notices. */
interface AlertContext {
  compare: string;
  prescriptionOnly: boolean;
  supplyNotices: SupplyNotice[];
}

export function createPriceAlertService(
  db: Database,
  options: {
    now: () => Date;
    config: Pick<ApiConfig, "alertTtlDays" | "writeRateLimit" | "siteUrl">;
    outbox: OutboxService;
    freshness: PriceFreshness;
  },
) {
  const { now, config, outbox, freshness } = options;

  /**
   * What an alert email needs of its medication: the condition page comparing that medication AND
   * dosage (the page's `medication` and `dosage` keys, as sitePaths.conditionMedication builds them;
   * without the dosage it opened on the first dosage, issue 41), and whether it is prescription-only
   * (its caution then has no "before you buy", decision 040).
   */
  async function alertContext(
    tx: Database,
    medicationId: string,
    dosage: string,
    at: Date,
  ): Promise<AlertContext> {
    // The supply notices active at the write (decision 060): the email says what the page says.
    const supplyNotices = await activeSupplyNotices(tx, medicationId, dosage, at);
    const [medication] = await tx
      .select({
        name: medications.name,
        subcategoryId: medications.subcategoryId,
        legalCategory: medications.legalCategory,
      })
      .from(medications)
      .where(eq(medications.id, medicationId));
    if (!medication) return { compare: config.siteUrl, prescriptionOnly: true, supplyNotices };
    return {
      supplyNotices,
      compare: `${config.siteUrl}/condition/${encodeURIComponent(medication.subcategoryId)}?${new URLSearchParams({ medication: medication.name, dosage })}`,
      // Unknown counts as prescription-only (decision 035).
      prescriptionOnly: medication.legalCategory !== "P" && medication.legalCategory !== "GSL",
    };
  }

  /**
   * The alerts that watch for something other than a target (decision 043) on one pair: each
   * active, confirmed, unexpired, unpaused one that did not fire earlier this UK day fires when
   * what it watches happened in this write: the lowest in-stock price fell below the one it last
   * saw (any fall), went below every price of the 90 days before (a 90-day low), or a pharmacy
   * that was out of stock is back in stock. It stays active; `triggeredAt` says when it last
   * fired, and its email's key names the day, so a second write that day queues nothing.
   */
  async function fireRecurring(
    tx: Database,
    pair: { medicationId: string; dosage: string },
    lowest: Price,
    at: Date,
  ): Promise<string[]> {
    const candidates = await tx
      .select()
      .from(priceAlerts)
      .where(
        and(
          eq(priceAlerts.medicationId, pair.medicationId),
          eq(priceAlerts.dosage, pair.dosage),
          inArray(priceAlerts.kind, [...RECURRING_KINDS]),
          eq(priceAlerts.status, "active"),
          isNotNull(priceAlerts.confirmedAt),
          isNull(priceAlerts.pausedAt),
          gt(priceAlerts.expiresAt, at),
        ),
      );
    const due = candidates.filter((alert) => mayFireToday(alert.triggeredAt, at));
    if (due.length === 0) return [];
    // Each look-up once per pair, and only when an alert of its kind is due.
    const needs = (kind: RecurringKind) => due.some((alert) => alert.kind === kind);
    const low = needs("low-90-days") ? await lowestBefore(tx, pair.medicationId, pair.dosage, at) : null;
    const back = needs("back-in-stock") ? await backInStock(tx, pair.medicationId, pair.dosage, at) : null;
    const fired: string[] = [];
    let context: AlertContext | undefined;
    for (const alert of due) {
      const kind = alert.kind as RecurringKind;
      const happened =
        kind === "any-fall"
          ? toPence(lowest.price) < toPence(alert.currentPrice)
            ? { price: lowest.price, pharmacyName: lowest.pharmacy.name, before: alert.currentPrice }
            : null
          : kind === "low-90-days"
            ? low !== null && toPence(lowest.price) < toPence(low)
              ? { price: lowest.price, pharmacyName: lowest.pharmacy.name, before: low }
              : null
            : back
              ? { ...back, before: null }
              : null;
      if (!happened) continue;
      await tx
        .update(priceAlerts)
        .set({ triggeredAt: at, updatedAt: at })
        .where(eq(priceAlerts.id, alert.id));
      context ??= await alertContext(tx, pair.medicationId, pair.dosage, at);
      const links = await outbox.unsubscribeLink(tx, { priceAlertId: alert.id });
      const manage = await outbox.manageLink(tx, alert.email);
      await outbox.enqueue(tx, {
        idempotencyKey: `price-alert:${alert.id}:${kind}:${londonDay(at)}`,
        template: "price-drop",
        to: alert.email,
        content: alertFiredEmail(
          {
            kind,
            medicationName: alert.medicationName,
            dosage: alert.dosage,
            ...happened,
            expiresAt: alert.expiresAt,
            prescriptionOnly: context.prescriptionOnly,
            supplyNotices: context.supplyNotices,
          },
          { unsubscribe: links.unsubscribe, compare: context.compare, manage },
        ),
        headers: links.headers,
        priceAlertId: alert.id,
      });
      fired.push(alert.id);
    }
    return fired;
  }

  /**
   * Re-evaluates the alerts on each medication and dosage after their prices changed (the
   * price-write path calls it inside its transaction): every active, confirmed, unexpired, unpaused
   * target alert whose target is at or above the lowest in-stock price is marked triggered with
   * that price and pharmacy, and its email is queued; the other kinds fire as `fireRecurring`
   * says. Then every active alert's current price is brought up to date.
   */
  const pricesChanged: PricesChanged = async (tx, watched, at) => {
    await lockAlertPairs(tx, watched);
    const triggered: string[] = [];
    for (const { medicationId, dosage } of watched) {
      // Only prices confirmed within the stale limit may fire an alert, of any kind (decision 048):
      // a week-old price may no longer be offered.
      const lowest = await lowestPrice(tx, freshness.fresh(), medicationId, dosage);
      if (!lowest) continue;
      const onThis = and(eq(priceAlerts.medicationId, medicationId), eq(priceAlerts.dosage, dosage));
      const fired = await tx
        .update(priceAlerts)
        // The prices are brought up to date below, once the email has said what they were.
        .set({ status: "triggered", triggeredAt: at, updatedAt: at })
        .where(
          and(
            onThis,
            eq(priceAlerts.kind, "target"),
            eq(priceAlerts.status, "active"),
            isNotNull(priceAlerts.confirmedAt),
            isNull(priceAlerts.pausedAt),
            gt(priceAlerts.expiresAt, at),
            gte(priceAlerts.targetPrice, lowest.price),
          ),
        )
        .returning();
      // Before the current prices move: "any fall" compares with the one each alert last saw.
      triggered.push(...(await fireRecurring(tx, { medicationId, dosage }, lowest, at)));
      await tx
        .update(priceAlerts)
        .set({
          currentPrice: lowest.price,
          lowestPharmacyName: lowest.pharmacy.name,
          lowestPharmacyPrice: lowest.price,
          updatedAt: at,
        })
        .where(and(onThis, eq(priceAlerts.status, "active")));
      if (fired.length === 0) continue;
      await tx
        .update(priceAlerts)
        .set({
          currentPrice: lowest.price,
          lowestPharmacyName: lowest.pharmacy.name,
          lowestPharmacyPrice: lowest.price,
        })
        .where(
          inArray(
            priceAlerts.id,
            fired.map((alert) => alert.id),
          ),
        );

      const context = await alertContext(tx, medicationId, dosage, at);
      for (const alert of fired) {
        const links = await outbox.unsubscribeLink(tx, { priceAlertId: alert.id });
        const manage = await outbox.manageLink(tx, alert.email);
        await outbox.enqueue(tx, {
          idempotencyKey: `price-alert:${alert.id}:triggered:${at.toISOString()}`,
          template: "price-drop",
          to: alert.email,
          content: priceDropEmail(
            {
              medicationName: alert.medicationName,
              dosage: alert.dosage,
              // A target alert always has its target (price_alerts_target_of_target_kind).
              targetPrice: alert.targetPrice ?? 0,
              price: lowest.price,
              pharmacyName: lowest.pharmacy.name,
              // The lowest price the alert saw before this write: the email says by how much it fell.
              before: alert.currentPrice,
              prescriptionOnly: context.prescriptionOnly,
              supplyNotices: context.supplyNotices,
            },
            { unsubscribe: links.unsubscribe, compare: context.compare, manage },
          ),
          headers: links.headers,
          priceAlertId: alert.id,
        });
        triggered.push(alert.id);
      }
    }
    return triggered;
  };

  /**
   * Queues the confirmation of a request: a link naming it, and the email, unless the address is
   * on the opt-out list and had one this week (decision 031; the visitor's answer is the same).
   */
  async function queueConfirmation(
    tx: Database,
    request: ConsentEvent,
    {
      alert,
      at,
    }: { alert: Parameters<typeof alertConfirmationEmail>[0] & { id: string; email: string }; at: Date },
  ): Promise<void> {
    if (!(await mayQueueConfirmation(tx, alert.email, at))) return;
    const confirm = await outbox.confirmLink(tx, { priceAlertId: alert.id, consentEventId: request.id });
    const links = await outbox.unsubscribeLink(tx, { priceAlertId: alert.id });
    const manage = await outbox.manageLink(tx, alert.email);
    await outbox.enqueue(tx, {
      idempotencyKey: `price-alert:${alert.id}:confirm:${confirm.tokenHash}`,
      template: "price-alert-confirmation",
      to: alert.email,
      content: alertConfirmationEmail(
        alert,
        { confirm: confirm.url, unsubscribe: links.unsubscribe, manage },
        request.held ? "change" : "new",
      ),
      headers: links.headers,
      priceAlertId: alert.id,
    });
  }

  return {
    pricesChanged,

    /**
     * `POST /api/price-alerts`: checks what the form checks against the server's own lowest
     * in-stock price (the client's `currentPrice` and `lowestPharmacy` are never trusted), counts
     * the write, then sets the alert (active, unconfirmed, for ALERT_TTL_DAYS, with its consent
     * record), or updates the one this address already has on this medication and dosage, records
     * the request in the consent history and queues the confirmation email. A confirmed alert is
     * left as it is and the request held (decision 031). Refuses (nothing stored) by throwing.
     */
    async create(
      input: z.output<typeof PriceAlertRequest>,
      client: { ipAddress: string | null },
    ): Promise<{ id: string }> {
      const at = now();
      const id = await db.transaction(async (tx) => {
        await countWrite(tx, "price-alert", { ipAddress: client.ipAddress, email: input.email }, at, {
          perMinute: config.writeRateLimit,
        });
        const [medication] = await tx
          .select({ id: medications.id, name: medications.name, dosages: medications.dosages })
          .from(medications)
          .where(and(eq(medications.id, input.medicationId), medicationIsPublic));
        if (!medication) {
          const message = `Medication "${input.medicationId}" not found`;
          throw refuse(404, message, { fields: { medicationId: message } });
        }
        if (!medication.dosages.includes(input.dosage)) {
          throw badRequest(`Dosage "${input.dosage}" is not listed for ${medication.name}`, "dosage");
        }
        const lowest = await lowestPrice(tx, freshness.listed(), medication.id, input.dosage);
        if (!lowest) throw badRequest(priceAlertMessages.noPrice, "dosage");
        // Only the specification's target alert has a target (decision 043); the schema requires it.
        const targetPrice = input.kind === "target" ? (input.targetPrice ?? null) : null;
        if (targetPrice !== null && toPence(targetPrice) >= toPence(lowest.price)) {
          throw badRequest(targetTooHighMessage(lowest.price), "targetPrice");
        }

        const expiresAt = new Date(at.getTime() + config.alertTtlDays * DAY_MS);
        const terms: AlertTerms = {
          medicationId: medication.id,
          dosage: input.dosage,
          kind: input.kind,
          targetPrice,
          expiresAt: expiresAt.toISOString(),
        };
        const request = {
          terms,
          wordingVersion: CONSENT_WORDING.priceAlert.version,
          source: PRICE_ALERT_CONSENT_SOURCE,
          ipAddress: client.ipAddress,
          at,
        };
        const confirmation = (alert: { id: string; email: string; medicationName: string }) => ({
          alert: {
            id: alert.id,
            email: alert.email,
            medicationName: alert.medicationName,
            dosage: input.dosage,
            kind: input.kind,
            targetPrice,
            lowestPrice: lowest.price,
            lowestPharmacyName: lowest.pharmacy.name,
            expiresAt,
          },
          at,
        });
        // The address's counter row (countWrite) is locked until we commit, so no other write for
        // this address can slip between this look-up and the insert.
        const [existing] = await tx
          .select()
          .from(priceAlerts)
          .where(
            and(
              sql`lower(${priceAlerts.email}) = lower(${input.email})`,
              eq(priceAlerts.medicationId, medication.id),
              eq(priceAlerts.dosage, input.dosage),
            ),
          );
        // An alert the address confirmed, and that has not been cancelled or expired since, changes
        // only from its inbox (decision 031): every request asks for a new target or a fresh
        // expiry, or re-arms one that fired, so it is held until the new email's link confirms it.
        if (
          existing &&
          existing.confirmedAt !== null &&
          (existing.status === "active" || existing.status === "triggered")
        ) {
          const held = await recordConsentRequest(tx, {
            priceAlertId: existing.id,
            email: existing.email,
            held: true,
            ...request,
          });
          await queueConfirmation(tx, held, confirmation(existing));
          return existing.id;
        }

        const values = {
          email: input.email,
          medicationName: medication.name,
          kind: input.kind,
          targetPrice,
          currentPrice: lowest.price,
          lowestPharmacyName: lowest.pharmacy.name,
          lowestPharmacyPrice: lowest.price,
          status: "active",
          consentVersion: request.wordingVersion,
          consentedAt: at,
          consentSource: PRICE_ALERT_CONSENT_SOURCE,
          consentIpHash: hashClientAddress(client.ipAddress),
          expiresAt,
          triggeredAt: null,
          pausedAt: null,
          // Never confirmed, or cancelled or expired since: asking again needs confirming.
          confirmedAt: null,
          updatedAt: at,
        };
        const [alert] = existing
          ? await tx.update(priceAlerts).set(values).where(eq(priceAlerts.id, existing.id)).returning()
          : await tx
              .insert(priceAlerts)
              .values({ ...values, medicationId: medication.id, dosage: input.dosage, createdAt: at })
              .returning();
        if (!alert) throw new Error("The price alert was not stored");
        const asked = await recordConsentRequest(tx, {
          priceAlertId: alert.id,
          email: alert.email,
          held: false,
          ...request,
        });
        await queueConfirmation(tx, asked, confirmation(alert));
        return alert.id;
      });
      outbox.wake();
      return { id };
    },

    /** Marks active alerts past their expiry as expired (modules/alerts/alert-expiry.ts); answers how many. */
    async expire(at: Date = now()): Promise<number> {
      const expired = await db
        .update(priceAlerts)
        .set({ status: "expired", updatedAt: at })
        .where(and(eq(priceAlerts.status, "active"), lte(priceAlerts.expiresAt, at)))
        .returning({ id: priceAlerts.id });
      return expired.length;
    },
  };
}
