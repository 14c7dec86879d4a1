import { z } from "zod";
import { CONTACT_LIMITS } from "./contact-wording.ts";
import { PriceAlertKind, PriceAlertStatus, SubscriptionPreferences } from "./entities.ts";
import { isWholePence } from "./format.ts";
import { NEWS_KINDS, PRICE_ALERT_KINDS, SUBSCRIPTION_SOURCES } from "./ids.ts";
import { text } from "./text.ts";

/**
 * What a visitor writes besides the contact form (public site §3, §4, §5, §7, §9): price alerts
 * and email subscriptions, both confirmed by email before anything else is sent (double opt-in),
 * and the confirm and unsubscribe links in every email. Decision 013 records the choices.
 */

const requiredText = (issue: { input: unknown }) =>
  issue.input === undefined ? "is required" : "must be text";

/** An email address as every visitor form takes it: trimmed, at most 254 characters, name@domain. */
export function emailAddress() {
  return text({ error: requiredText })
    .trim()
    .min(1, { error: "is required" })
    .max(CONTACT_LIMITS.emailMax, { error: `must be at most ${CONTACT_LIMITS.emailMax} characters` })
    .regex(z.regexes.email, { error: "must be a valid email address" });
}

// ---------------------------------------------------------------- price alerts

const pounds = (what: string) =>
  z
    .number({ error: `must be a number of pounds` })
    .positive({ error: `must be more than £0` })
    .max(100_000, { error: `must be at most £100,000` })
    .refine(isWholePence, {
      error: `${what} must be in whole pence`,
    });

/**
 * `POST /api/price-alerts` (public site §3, §7). The server looks the current lowest price up
 * itself: `currentPrice` and `lowestPharmacy` are accepted as the specification sends them but
 * never trusted. `consent` must be true: we keep proof of what the visitor agreed to.
 */
export const PriceAlertRequest = z
  .object({
    email: emailAddress(),
    medicationId: text({ error: requiredText }).trim().min(1, { error: "is required" }).max(100),
    medicationName: text().max(200).optional(),
    dosage: text({ error: requiredText }).trim().min(1, { error: "is required" }).max(200),
    /**
     * What the alert watches (decision 043); left out, the specification's target price. Only a
     * "target" alert has a target: the other kinds ignore one sent (the form always posts the field).
     */
    kind: z
      .enum(PRICE_ALERT_KINDS, { error: `must be one of ${PRICE_ALERT_KINDS.join(", ")}` })
      .default("target"),
    targetPrice: pounds("the target price").optional(),
    currentPrice: z.number().optional(),
    lowestPharmacy: z
      .union([text().max(200), z.object({ name: text().max(200), price: z.number() })])
      .nullable()
      .optional(),
    consent: z.literal(true, { error: "must be given: tick the box to agree to alert emails" }),
  })
  .superRefine((request, context) => {
    if (request.kind === "target" && request.targetPrice === undefined) {
      context.addIssue({
        code: "custom",
        path: ["targetPrice"],
        message: "is required for a target price alert",
      });
    }
  });
export type PriceAlertRequest = z.input<typeof PriceAlertRequest>;

// ---------------------------------------------------------------- subscriptions

/** The most conditions one subscription may follow. */
export const MAX_FOLLOWED_CONDITIONS = 30;

/** Conditions named by their ids (subcategory slugs), as the subscribe and manage forms send them. */
const conditionIds = () =>
  z
    .array(
      text()
        .trim()
        .max(120, { error: "must name conditions by their ids" })
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "must name conditions by their ids" }),
    )
    .max(MAX_FOLLOWED_CONDITIONS, { error: `must name at most ${MAX_FOLLOWED_CONDITIONS} conditions` });

/** `POST /subscriptions/subscribe` (public site §3, §7). */
export const SubscribeRequest = z.object({
  email: emailAddress(),
  source: z.enum(SUBSCRIPTION_SOURCES, { error: `must be one of ${SUBSCRIPTION_SOURCES.join(", ")}` }),
  preferences: SubscriptionPreferences.partial().optional(),
  /**
   * The conditions (subcategory ids) whose price news the address wants (issue 28): stored as
   * `subscribedTo` entries of type `condition`; an empty list means every condition ("all"), and
   * leaving it out keeps what the subscription follows.
   */
  conditions: conditionIds().optional(),
});
export type SubscribeRequest = z.input<typeof SubscribeRequest>;

// ---------------------------------------------------------------- the write limit

// ---------------------------------------------------------------- email links

/** The secret in a confirm or unsubscribe link (URL-safe, 32+ characters). */
export const EmailTokenQuery = z.object({
  token: text({ error: "is required" })
    .trim()
    .min(32, { error: "is not a valid link" })
    .max(200, { error: "is not a valid link" })
    .regex(/^[A-Za-z0-9_-]+$/, { error: "is not a valid link" }),
});

/**
 * The unsubscribe link's query: the token, and `everything` to stop the whole subscription when the
 * link came in an email of one kind, whose link otherwise stops that kind only (decision 041).
 */
export const UnsubscribeQuery = EmailTokenQuery.extend({
  everything: z.enum(["true"], { error: "must be true or left out" }).optional(),
});

export const EmailLinkResult = z.object({
  message: z.string(),
  /**
   * What the link was for: a price alert, a subscription, or (the unsubscribe link of an email that
   * belongs to neither, such as a contact acknowledgement) the whole address.
   */
  kind: z.enum(["price-alert", "subscription", "address"]),
  /** Present when a confirm link applied a change to a confirmed alert or subscription (decision 031). */
  change: z.literal(true).optional(),
  /**
   * The one kind of price news an unsubscribe link stopped (decision 041); the rest still come, and
   * the page offers to stop everything.
   */
  stopped: z.enum(NEWS_KINDS).optional(),
});
export type EmailLinkResult = z.infer<typeof EmailLinkResult>;

// ---------------------------------------------------------------- manage my emails

/**
 * `GET /api/email/manage`: what the subscription a link came in follows and receives (issue 28),
 * for the page every price-news email links to. No account: the link's secret is the key. The
 * address is shown masked, in case the email was forwarded.
 */
export const ManagedSubscription = z.object({
  email: z.string(),
  preferences: SubscriptionPreferences,
  /** The conditions followed, by id and name; empty: every condition. */
  conditions: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ManagedSubscription = z.infer<typeof ManagedSubscription>;

/** `POST /api/email/manage`: the choices as they should be (narrowing applies at once, widening is confirmed first). */
export const ManageEmailsRequest = z.object({
  preferences: SubscriptionPreferences,
  /** Empty: every condition. */
  conditions: conditionIds(),
});
export type ManageEmailsRequest = z.input<typeof ManageEmailsRequest>;

export const ManageEmailsResult = z.object({
  message: z.string(),
  /** applied: saved now; confirmation-sent: it widens what we send, so it waits for the address (decision 031). */
  outcome: z.enum(["applied", "confirmation-sent", "unchanged"]),
});
export type ManageEmailsResult = z.infer<typeof ManageEmailsResult>;

// ---------------------------------------------------------------- manage my alerts

/**
 * `GET /api/email/alerts`: every alert of the address a link in one of our emails was sent to
 * (issue 30, decision 043), for the manage page's alerts section. The address is shown masked.
 */
export const ManagedAlert = z.object({
  id: z.string(),
  medicationName: z.string(),
  dosage: z.string(),
  kind: PriceAlertKind,
  targetPrice: z.number().nullable(),
  /** The lowest in-stock price now, or null when none is in stock. */
  lowestPrice: z.number().nullable(),
  status: PriceAlertStatus,
  confirmed: z.boolean(),
  paused: z.boolean(),
  expiresAt: z.string(),
  triggeredAt: z.string().nullable(),
});
export type ManagedAlert = z.infer<typeof ManagedAlert>;

export const ManagedAlerts = z.object({
  /** The address, masked; null when it has no alert left. */
  email: z.string().nullable(),
  alerts: z.array(ManagedAlert),
});
export type ManagedAlerts = z.infer<typeof ManagedAlerts>;

/** `POST /api/email/alerts`: one change to one alert of the address, or "stop-all" for every one. */
export const ManageAlertRequest = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("pause"), alertId: z.uuid({ error: "is not one of your alerts" }) }),
    z.object({ action: z.literal("resume"), alertId: z.uuid({ error: "is not one of your alerts" }) }),
    z.object({ action: z.literal("delete"), alertId: z.uuid({ error: "is not one of your alerts" }) }),
    z.object({
      action: z.literal("target"),
      alertId: z.uuid({ error: "is not one of your alerts" }),
      targetPrice: pounds("the target price"),
    }),
    /**
     * A finished alert (it fired, or it ran out) on again for another term, with a new target for
     * a target alert, checked as a new alert's is (issue 41); other kinds ignore a target sent.
     */
    z.object({
      action: z.literal("set-again"),
      alertId: z.uuid({ error: "is not one of your alerts" }),
      targetPrice: pounds("the target price").optional(),
    }),
    z.object({ action: z.literal("stop-all") }),
  ],
  { error: "must be one of pause, resume, delete, target, set-again, stop-all" },
);
export type ManageAlertRequest = z.input<typeof ManageAlertRequest>;

export const ManageAlertResult = z.object({ message: z.string() });
export type ManageAlertResult = z.infer<typeof ManageAlertResult>;
