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
import type { OutboxService } from "./outbox-service.ts";
import { countWrite } from "./write-limit.ts";

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

export function createSubscriptionService(
  db: Database,
  options: { now: () => Date; config: Pick<ApiConfig, "writeRateLimit">; outbox: OutboxService },
) {
  const { now, config, outbox } = options;
  return {
    /**
     * `POST /subscriptions/subscribe`: counts the write, then subscribes the address, or updates
     * the subscription it already has (the interests sent replace those stored; the rest stay),
     * with a new consent record, and queues the confirmation email. It is active, and unconfirmed
     * unless this address had already confirmed it and not unsubscribed since.
     * A new subscription is to everything (`subscribedTo [{ type: "all" }]`) from the source sent.
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
        const consent = {
          consentVersion: CONSENT_WORDING.subscription.version,
          consentedAt: at,
          consentSource: input.source,
          consentIpHash: hashClientAddress(client.ipAddress),
          updatedAt: at,
        };
        // The address's counter row (countWrite) is locked until we commit: no other write for it
        // can come between this look-up and the insert.
        const [existing] = await tx
          .select()
          .from(subscriptions)
          .where(sql`lower(${subscriptions.email}) = lower(${input.email})`);
        const [row] = existing
          ? await tx
              .update(subscriptions)
              .set({
                email: input.email,
                ...given,
                status: "active",
                // A confirmed, active subscription stays confirmed (a repeat changes its interests);
                // coming back after unsubscribing (or a bounce) is a new subscription, to be confirmed.
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
        const preferences: SubscriptionPreferences = {
          priceDrops: row.priceDrops,
          newMedications: row.newMedications,
          promotions: row.promotions,
          weeklyDigest: row.weeklyDigest,
        };
        const confirm = await outbox.confirmLink(tx, { subscriptionId: row.id });
        const links = await outbox.unsubscribeLink(tx, { subscriptionId: row.id });
        await outbox.enqueue(tx, {
          idempotencyKey: `subscription:${row.id}:confirm:${confirm.tokenHash}`,
          template: "subscription-confirmation",
          to: row.email,
          content: subscriptionConfirmationEmail(
            { preferences },
            { confirm: confirm.url, unsubscribe: links.unsubscribe },
          ),
          headers: links.headers,
          subscriptionId: row.id,
        });
        return row.id;
      });
      outbox.wake();
      return { id };
    },
  };
}
