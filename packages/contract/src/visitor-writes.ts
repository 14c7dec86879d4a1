import { z } from "zod";
import { CONTACT_LIMITS } from "./contact-api.ts";
import { SubscriptionPreferences } from "./entities.ts";
import { formatPounds } from "./format.ts";
import { SUBSCRIPTION_SOURCES } from "./ids.ts";
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

/** The consent wording a visitor agreed to, by version: stored with every alert and subscription. */
export const CONSENT_WORDING = {
  priceAlert: {
    version: "price-alert-2026-11",
    text: "Email me when this price drops to my target. I can unsubscribe at any time with one click.",
  },
  subscription: {
    version: "subscription-2026-11",
    text: "Send me PharmaCompare price updates by email. I can unsubscribe at any time with one click.",
  },
} as const;

// ---------------------------------------------------------------- price alerts

export const PRICE_ALERT_RULES = {
  /** The suggested target: 90 % of the current lowest price (public site §5). */
  suggestedRatio: 0.9,
  step: 0.01,
  min: 0.01,
  /** How long the success notice stays (public site §9). */
  successMs: 5000,
  /** Default life of an alert, in days (ALERT_TTL_DAYS). */
  defaultTtlDays: 90,
} as const;

export const priceAlertMessages = {
  missing: "Please fill all fields and consent to receive emails",
  failure: "Failed to set price alert. Please try again.",
  submitting: "Setting Alert...",
  success: "Price alert set! Check your inbox and confirm your email address to start it.",
  /** The API could not be reached: kept on this device and sent when it answers. */
  savedForLater:
    "We couldn't reach PharmaCompare just now, so your alert is saved on this device and will be sent automatically when we're back.",
  noPrice: "Price alerts need a current price: this dosage has none in stock right now.",
} as const;

/** Public site §5: "Target price must be less than current price (£X.XX)". */
export function targetTooHighMessage(lowest: number): string {
  return `Target price must be less than current price (${formatPounds(lowest)})`;
}

/** The suggested target for a lowest price, rounded down to whole pence. */
export function suggestedTarget(lowest: number): number {
  return Math.floor(Math.round(lowest * 100) * PRICE_ALERT_RULES.suggestedRatio) / 100;
}

const pounds = (what: string) =>
  z
    .number({ error: `must be a number of pounds` })
    .positive({ error: `must be more than £0` })
    .max(100_000, { error: `must be at most £100,000` })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: `${what} must be in whole pence`,
    });

/**
 * `POST /api/price-alerts` (public site §3, §7). The server looks the current lowest price up
 * itself: `currentPrice` and `lowestPharmacy` are accepted as the specification sends them but
 * never trusted. `consent` must be true: we keep proof of what the visitor agreed to.
 */
export const PriceAlertRequest = z.object({
  email: emailAddress(),
  medicationId: text({ error: requiredText }).trim().min(1, { error: "is required" }).max(100),
  medicationName: text().max(200).optional(),
  dosage: text({ error: requiredText }).trim().min(1, { error: "is required" }).max(200),
  targetPrice: pounds("the target price"),
  currentPrice: z.number().optional(),
  lowestPharmacy: z
    .union([text().max(200), z.object({ name: text().max(200), price: z.number() })])
    .nullable()
    .optional(),
  consent: z.literal(true, { error: "must be given: tick the box to agree to alert emails" }),
});
export type PriceAlertRequest = z.input<typeof PriceAlertRequest>;

// ---------------------------------------------------------------- subscriptions

export const SUBSCRIPTION_POPUP = {
  /** Shown this long after a page loads (public site §4, §9)… */
  delayMs: 30_000,
  /** …when never seen, or last shown longer ago than this (3 days). */
  repeatMs: 259_200_000,
  /** A success closes the pop-up after this long. */
  successCloseMs: 3_000,
} as const;

export const subscriptionMessages = {
  heading: "Stay Updated!",
  submitting: "Subscribing...",
  /** Public site §8: shown when the server's answer carries no message. */
  successFallback: "Successfully subscribed to price updates!",
  failure: "Error subscribing. Please try again.",
  success: "Thanks! Check your inbox and confirm your email address to start receiving price updates.",
} as const;

/** The interests a new subscription starts with (public site §5). */
export const DEFAULT_SUBSCRIPTION_PREFERENCES: SubscriptionPreferences = {
  priceDrops: true,
  newMedications: true,
  promotions: true,
  weeklyDigest: false,
};

/** `POST /subscriptions/subscribe` (public site §3, §7). */
export const SubscribeRequest = z.object({
  email: emailAddress(),
  source: z.enum(SUBSCRIPTION_SOURCES, { error: `must be one of ${SUBSCRIPTION_SOURCES.join(", ")}` }),
  preferences: SubscriptionPreferences.partial().optional(),
});
export type SubscribeRequest = z.input<typeof SubscribeRequest>;

// ---------------------------------------------------------------- the write limit

/**
 * The one limit on public writes (contact, price alert, subscribe): WRITE_RATE_LIMIT a minute per
 * client network and a fixed number an hour per email address, answered 429 with Retry-After.
 * The contact form keeps its own sentence for the first (contactMessages.tooMany).
 */
export const writeLimitMessages = {
  network: "Too many requests from your connection. Please wait a minute and try again.",
  email: "Too many requests for this email address. Please try again later.",
} as const;

// ---------------------------------------------------------------- email links

/** The secret in a confirm or unsubscribe link (URL-safe, 32+ characters). */
export const EmailTokenQuery = z.object({
  token: text({ error: "is required" })
    .trim()
    .min(32, { error: "is not a valid link" })
    .max(200, { error: "is not a valid link" })
    .regex(/^[A-Za-z0-9_-]+$/, { error: "is not a valid link" }),
});

export const EmailLinkResult = z.object({
  message: z.string(),
  /**
   * What the link was for: a price alert, a subscription, or (the unsubscribe link of an email that
   * belongs to neither, such as a contact acknowledgement) the whole address.
   */
  kind: z.enum(["price-alert", "subscription", "address"]),
});
export type EmailLinkResult = z.infer<typeof EmailLinkResult>;

export const emailLinkMessages = {
  alertConfirmed: "Your price alert is confirmed. We'll email you when the price drops to your target.",
  subscriptionConfirmed: "Your subscription is confirmed. Price updates will arrive in your inbox.",
  alertUnsubscribed: "You won't get any more emails about this price alert.",
  subscriptionUnsubscribed: "You're unsubscribed. We won't send you price updates any more.",
  addressUnsubscribed:
    "You're unsubscribed. We won't send any more emails to this address unless you ask us for them again.",
  unknownLink: "This link is not valid any more. It may have been used already or have expired.",
} as const;
