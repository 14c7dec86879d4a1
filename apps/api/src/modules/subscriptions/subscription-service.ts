import {
  DEFAULT_SUBSCRIPTION_PREFERENCES,
  emailLinkMessages,
  type ManagedSubscription,
  type ManageEmailsRequest,
  type ManageEmailsResult,
  manageEmailsMessages,
  type NewsKind,
  type SubscribeRequest,
  type SubscriptionPreferences,
  subscriptionConsentVersion,
} from "@pharmacompare/contract";
import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { emailLinks, emailOutbox, subcategories, subscriptions } from "../../db/schema.ts";
import { notFound, refuse } from "../../domain/refusal.ts";
import { countWrite } from "../../domain/write-limit.ts";
import { hashClientAddress, hashLinkToken } from "../../email/secrets.ts";
import { subscriptionConfirmationEmail } from "../../email/templates.ts";
import {
  type ConsentEvent,
  mayQueueConfirmation,
  recordConsentConfirmation,
  recordConsentRequest,
  type SubscriptionTerms,
  sameSubscriptionTerms,
  subscriptionTermsOf,
} from "../consent/index.ts";
import type { EmailTemplate, OutboxService } from "../outbox/index.ts";
import { followedConditions } from "./price-news-service.ts";

/** The price-news emails of each interest (modules/subscriptions/price-news-service.ts). */
const NEWS_TEMPLATES: [keyof SubscriptionPreferences, EmailTemplate][] = [
  ["priceDrops", "subscriber-price-drops"],
  ["weeklyDigest", "weekly-digest"],
  ["newMedications", "new-medications"],
  // Staff newsletters (modules/newsletters/newsletter-service.ts, decision 041).
  ["promotions", "newsletter"],
];

/** Where one kind was stopped from an email's own unsubscribe link (the consent history's source). */
const UNSUBSCRIBE_LINK_SOURCE = "unsubscribe-link";

/** The templates of the kinds `asked` gives up that `agreed` had. */
const givenUpTemplates = (agreed: SubscriptionTerms, asked: SubscriptionTerms) =>
  NEWS_TEMPLATES.filter(([key]) => agreed[key] && !asked[key]).map(([, template]) => template);

/** Where a change made on the manage-my-emails page was asked for (the consent history's source). */
const MANAGE_LINK_SOURCE = "manage-link";

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

  /**
   * The `subscribedTo` of the conditions asked for (issue 28): one entry per condition, or "all"
   * for none; a condition that does not exist is refused before anything is counted or stored.
   */
  async function followedScope(conditions: string[]): Promise<{ type: string; value: string | null }[]> {
    const wanted = [...new Set(conditions)];
    if (wanted.length === 0) return [{ type: "all", value: null }];
    const known = await db
      .select({ id: subcategories.id })
      .from(subcategories)
      .where(inArray(subcategories.id, wanted));
    if (known.length !== wanted.length) {
      const message = "must name conditions we compare";
      throw refuse(400, `Conditions ${message}`, { fields: { conditions: message } });
    }
    return wanted.map((value) => ({ type: "condition", value }));
  }

  /** The confirmed, active subscription a link in one of its emails names; 404 for anything else. */
  async function subscriptionOfLink(tx: Database, token: string) {
    const [row] = await tx
      .select({ subscription: subscriptions })
      .from(emailLinks)
      .innerJoin(subscriptions, eq(subscriptions.id, emailLinks.subscriptionId))
      .where(
        and(
          eq(emailLinks.tokenHash, hashLinkToken(token)),
          eq(emailLinks.purpose, "unsubscribe"),
          eq(subscriptions.status, "active"),
          isNotNull(subscriptions.confirmedAt),
        ),
      );
    if (!row) throw notFound(emailLinkMessages.unknownLink);
    return row.subscription;
  }

  const PREFERENCE_KEYS = ["priceDrops", "newMedications", "promotions", "weeklyDigest"] as const;

  /** Whether `asked` would send something `agreed` does not: another interest or condition. */
  function widens(asked: SubscriptionTerms, agreed: SubscriptionTerms): boolean {
    if (PREFERENCE_KEYS.some((key) => asked[key] && !agreed[key])) return true;
    const had = followedConditions(agreed.subscribedTo);
    const wants = followedConditions(asked.subscribedTo);
    if (had === null) return false;
    return wants === null || [...wants].some((condition) => !had.has(condition));
  }

  /** "a•••@example.co.uk": enough for the owner to recognise, little for whoever a link was forwarded to. */
  const masked = (email: string) => {
    const at = email.lastIndexOf("@");
    return `${email.slice(0, 1)}•••${email.slice(at)}`;
  };

  return {
    /**
     * The unsubscribe link of a price-news email stops that kind only (decision 041): the interest
     * is given up at once, with a request and its confirmation in the consent history, and that
     * kind's unsent emails are cancelled; giving up the last interest ends the subscription.
     * Answers whether the subscription is still active. In the caller's transaction.
     */
    async stopKind(
      tx: Database,
      subscriptionId: string,
      kind: NewsKind,
      client: { ipAddress: string | null },
      at: Date,
    ): Promise<boolean> {
      const [subscription] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, subscriptionId))
        .for("update");
      if (subscription?.status !== "active") return false;
      const agreed = subscriptionTermsOf(subscription);
      // Repeating the link is harmless.
      if (!agreed[kind]) return true;
      const asked: SubscriptionTerms = { ...agreed, [kind]: false };
      const request = await recordConsentRequest(tx, {
        subscriptionId: subscription.id,
        email: subscription.email,
        terms: asked,
        held: false,
        wordingVersion: subscription.consentVersion,
        source: UNSUBSCRIBE_LINK_SOURCE,
        ipAddress: client.ipAddress,
        at,
      });
      const noneLeft = PREFERENCE_KEYS.every((key) => !asked[key]);
      await tx
        .update(subscriptions)
        .set({
          [kind]: false,
          ...(noneLeft ? { status: "unsubscribed", unsubscribedAt: at } : {}),
          updatedAt: at,
        })
        .where(eq(subscriptions.id, subscription.id));
      await outbox.cancelPending(
        tx,
        and(
          eq(emailOutbox.subscriptionId, subscription.id),
          noneLeft ? undefined : inArray(emailOutbox.template, givenUpTemplates(agreed, asked)),
        ) as SQL,
      );
      await recordConsentConfirmation(tx, {
        subscriptionId: subscription.id,
        email: subscription.email,
        terms: asked,
        wordingVersion: request.wordingVersion,
        requestId: request.id,
        ipAddress: client.ipAddress,
        at,
      });
      return !noneLeft;
    },

    /** `GET /api/email/manage`: what the link's subscription follows and receives (issue 28). */
    async managed(token: string): Promise<ManagedSubscription> {
      const subscription = await subscriptionOfLink(db, token);
      const followed = followedConditions(subscription.subscribedTo);
      const names = followed
        ? await db
            .select({ id: subcategories.id, name: subcategories.name })
            .from(subcategories)
            .where(inArray(subcategories.id, [...followed]))
            .orderBy(subcategories.name)
        : [];
      return {
        email: masked(subscription.email),
        preferences: {
          priceDrops: subscription.priceDrops,
          newMedications: subscription.newMedications,
          promotions: subscription.promotions,
          weeklyDigest: subscription.weeklyDigest,
        },
        conditions: names,
      };
    },

    /**
     * `POST /api/email/manage`: fewer interests or conditions apply at once (the address asked from
     * its own inbox: request and confirmation both go into the consent history); more are held
     * and confirmed by email first, as a change request from the subscribe form is (decision 031).
     */
    async manage(
      token: string,
      input: z.output<typeof ManageEmailsRequest>,
      client: { ipAddress: string | null },
    ): Promise<ManageEmailsResult> {
      const scope = await followedScope(input.conditions);
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const subscription = await subscriptionOfLink(tx, token);
        const agreed = subscriptionTermsOf(subscription);
        const asked: SubscriptionTerms = { ...input.preferences, subscribedTo: scope };
        if (sameSubscriptionTerms(asked, agreed)) return "unchanged" as const;
        const request = await recordConsentRequest(tx, {
          subscriptionId: subscription.id,
          email: subscription.email,
          terms: asked,
          held: widens(asked, agreed),
          wordingVersion: subscriptionConsentVersion(input.conditions),
          source: MANAGE_LINK_SOURCE,
          ipAddress: client.ipAddress,
          at,
        });
        if (request.held) {
          await queueConfirmation(tx, subscription, asked, request, at);
          return "confirmation-sent" as const;
        }
        await tx
          .update(subscriptions)
          .set({ ...input.preferences, subscribedTo: scope, updatedAt: at })
          .where(eq(subscriptions.id, subscription.id));
        // Price news of a kind given up and not sent yet is not sent.
        const givenUp = givenUpTemplates(agreed, asked);
        if (givenUp.length > 0) {
          await outbox.cancelPending(
            tx,
            and(
              eq(emailOutbox.subscriptionId, subscription.id),
              inArray(emailOutbox.template, givenUp),
            ) as SQL,
          );
        }
        await recordConsentConfirmation(tx, {
          subscriptionId: subscription.id,
          email: subscription.email,
          terms: asked,
          wordingVersion: request.wordingVersion,
          requestId: request.id,
          ipAddress: client.ipAddress,
          at,
        });
        return "applied" as const;
      });
      if (outcome === "confirmation-sent") outbox.wake();
      const messages = {
        applied: manageEmailsMessages.applied,
        "confirmation-sent": manageEmailsMessages.confirmationSent,
        unchanged: manageEmailsMessages.unchanged,
      };
      return { message: messages[outcome], outcome };
    },

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
      const scope = input.conditions === undefined ? undefined : await followedScope(input.conditions);
      const id = await db.transaction(async (tx) => {
        await countWrite(tx, "subscription", { ipAddress: client.ipAddress, email: input.email }, at, {
          perMinute: config.writeRateLimit,
        });
        const given = { ...input.preferences, ...(scope ? { subscribedTo: scope } : {}) };
        const request = {
          wordingVersion: subscriptionConsentVersion(input.conditions),
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
