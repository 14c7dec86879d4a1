import {
  CONSENT_WORDING,
  DEFAULT_SUBSCRIPTION_PREFERENCES,
  type SubscribeRequest,
  type SubscriptionPreferences,
} from "@pharmacompare/contract";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ApiConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { subscriptions } from "../db/schema.ts";
import { hashClientAddress } from "../email/secrets.ts";
import { subscriptionConfirmationEmail } from "../email/templates.ts";
import {
  type ConsentEvent,
  recordConsentRequest,
  type SubscriptionTerms,
  sameSubscriptionTerms,
  subscriptionTermsOf,
} from "./consent-history.ts";
import { mayQueueConfirmation } from "./opt-out-throttle.ts";
import type { OutboxService } from "./outbox-service.ts";
import { countWrite } from "./write-limit.ts";

export function createSubscriptionService(
  db: Database,
  options: { now: () => Date; config: Pick<ApiConfig, "writeRateLimit">; outbox: OutboxService },
) {
  const { now, config, outbox } = options;
  /**
   * Queues the confirmation of a request: a link naming it, and the email, unless the address is
   * on the opt-out list and had one this week (decision 031; the visitor's answer is the same).
   */
  async function queueConfirmation(
    tx: Database,
    subscription: { id: string; email: string },
    terms: SubscriptionTerms,
    request: ConsentEvent,
    at: Date,
  ): Promise<void> {
    if (!(await mayQueueConfirmation(tx, subscription.email, at))) return;
    const preferences: SubscriptionPreferences = {
      priceDrops: terms.priceDrops,
      newMedications: terms.newMedications,
      promotions: terms.promotions,
      weeklyDigest: terms.weeklyDigest,
    };
    const confirm = await outbox.confirmLink(tx, {
      subscriptionId: subscription.id,
      consentEventId: request.id,
    });
    const links = await outbox.unsubscribeLink(tx, { subscriptionId: subscription.id });
    await outbox.enqueue(tx, {
      idempotencyKey: `subscription:${subscription.id}:confirm:${confirm.tokenHash}`,
      template: "subscription-confirmation",
      to: subscription.email,
      content: subscriptionConfirmationEmail(
        { preferences },
        { confirm: confirm.url, unsubscribe: links.unsubscribe },
        request.held ? "change" : "new",
      ),
      headers: links.headers,
      subscriptionId: subscription.id,
    });
  }

  return {
    /**
     * `POST /subscriptions/subscribe`: counts the write, then subscribes the address, or updates
     * the subscription it already has (the interests sent replace those stored; the rest stay),
     * records the request in the consent history, and queues the confirmation email.
     * A new subscription is to everything (`subscribedTo [{ type: "all" }]`) from the source sent.
     *
     * A subscription the address confirmed, and has not unsubscribed since, changes only from its
     * inbox (decision 031): a request for other interests leaves it as it is and is held until the
     * address confirms it by the new email's link; a request for what it has changes nothing and
     * sends nothing. The visitor's answer is the same either way, so it tells no one whether the
     * address is subscribed.
     */
    async subscribe(
      input: z.output<typeof SubscribeRequest>,
      client: { ipAddress: string | null },
    ): Promise<{ id: string }> {
      const at = now();
      const id = await db.transaction(async (tx) => {
        await countWrite(tx, "subscription", { ipAddress: client.ipAddress, email: input.email }, at, {
          perMinute: config.writeRateLimit,
        });
        const given = input.preferences ?? {};
        const request = {
          wordingVersion: CONSENT_WORDING.subscription.version,
          source: input.source,
          ipAddress: client.ipAddress,
          at,
        };
        // The address's counter row (countWrite) is locked until we commit: no other write for it
        // can come between this look-up and the insert.
        const [existing] = await tx
          .select()
          .from(subscriptions)
          .where(sql`lower(${subscriptions.email}) = lower(${input.email})`);

        if (existing?.status === "active" && existing.confirmedAt !== null) {
          const agreed = subscriptionTermsOf(existing);
          const asked: SubscriptionTerms = { ...agreed, ...given };
          if (sameSubscriptionTerms(asked, agreed)) return existing.id;
          const held = await recordConsentRequest(tx, {
            subscriptionId: existing.id,
            email: existing.email,
            terms: asked,
            held: true,
            ...request,
          });
          await queueConfirmation(tx, existing, asked, held, at);
          return existing.id;
        }

        const consent = {
          consentVersion: request.wordingVersion,
          consentedAt: at,
          consentSource: input.source,
          consentIpHash: hashClientAddress(client.ipAddress),
          updatedAt: at,
        };
        const [row] = existing
          ? await tx
              .update(subscriptions)
              .set({
                email: input.email,
                ...given,
                status: "active",
                // Not confirmed yet: a repeat changes what the confirmation will ask for. Coming
                // back after unsubscribing (or a bounce) is a new subscription, to be confirmed.
                ...(existing.status === "active"
                  ? {}
                  : { subscribedAt: at, unsubscribedAt: null, confirmedAt: null }),
                ...consent,
              })
              .where(eq(subscriptions.id, existing.id))
              .returning()
          : await tx
              .insert(subscriptions)
              .values({
                email: input.email,
                status: "active",
                source: input.source,
                subscribedTo: [{ type: "all", value: null }],
                ...DEFAULT_SUBSCRIPTION_PREFERENCES,
                ...given,
                subscribedAt: at,
                confirmedAt: null,
                ...consent,
              })
              .returning();
        if (!row) throw new Error("The subscription was not stored");
        const terms = subscriptionTermsOf(row);
        const asked = await recordConsentRequest(tx, {
          subscriptionId: row.id,
          email: row.email,
          terms,
          held: false,
          ...request,
        });
        await queueConfirmation(tx, row, terms, asked, at);
        return row.id;
      });
      outbox.wake();
      return { id };
    },
  };
}
