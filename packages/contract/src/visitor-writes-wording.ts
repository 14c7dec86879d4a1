import type { PriceAlertKind, SubscriptionPreferences } from "./entities.ts";
import { formatPounds, fromPence, toPence } from "./format.ts";

/*
 * The limits and wording of price alerts, subscriptions and email links, without their schemas:
 * the browser's first JavaScript shows these, and loads the schemas only when a form is sent
 * (decision 025).
 */

/** The consent wording a visitor agreed to, by version: stored with every alert and subscription. */
export const CONSENT_WORDING = {
  // An alert names a medication, which can say something about the visitor's health (UK GDPR
  // Art. 9): the wording asks for explicit consent to that use and no other (issue 32). Since alerts
  // watch more than a target (decision 043), its first sentence names each kind.
  priceAlert: {
    version: "price-alert-kinds-2026-11-26",
    text:
      "Email me when this price does what my alert watches for (drops to my target, falls at all, reaches " +
      "its lowest in 90 days, or is back in stock at a pharmacy), at most once a day. " +
      "My alert shows which medication I'm interested in: " +
      "PharmaCompare uses that only to send this alert. I can unsubscribe at any time with one click, and " +
      "the alert is then deleted within 30 days.",
  },
  subscription: {
    version: "subscription-2026-11",
    text: "Send me PharmaCompare price updates by email. I can unsubscribe at any time with one click.",
  },
  // Conditions followed say something about the subscriber's health, as an alert's medication does
  // (UK GDPR Art. 9, decision 036): where they can be chosen, this sentence asks for explicit
  // consent to that use, and a subscription following some is stored under this version.
  subscriptionConditions: {
    version: "subscription-conditions-2026-11-26",
    text:
      "The conditions I tick show which treatments interest me: PharmaCompare uses them only to choose " +
      "which price updates to send me, and deletes them within 30 days of my unsubscribing.",
  },
} as const;

/** The wording a subscription request agreed to: with conditions chosen, the sentence about them too. */
export function subscriptionConsentVersion(conditions: readonly unknown[] | undefined): string {
  return conditions && conditions.length > 0
    ? CONSENT_WORDING.subscriptionConditions.version
    : CONSENT_WORDING.subscription.version;
}

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

/**
 * What each kind of alert watches (decision 043), in the words of the form's choices, the emails'
 * "What this alert watches" line and the back-office. The target kind is the specification's alert.
 */
export const PRICE_ALERT_KIND_WORDS: Record<
  PriceAlertKind,
  { choice: string; hint: string; confirmed: string }
> = {
  target: {
    choice: "My target price",
    hint: "Once, when the lowest price reaches the target you set.",
    confirmed: "Your price alert is confirmed. We'll email you when the price drops to your target.",
  },
  "any-fall": {
    choice: "Any fall in price",
    hint: "Whenever the lowest in-stock price falls, at most once a day.",
    confirmed:
      "Your price alert is confirmed. We'll email you when the lowest price falls, at most once a day.",
  },
  "low-90-days": {
    choice: "The lowest price in 90 days",
    hint: "When the lowest price goes below every price of the last 90 days, at most once a day.",
    confirmed:
      "Your price alert is confirmed. We'll email you when the price is the lowest in 90 days, at most once a day.",
  },
  "back-in-stock": {
    choice: "A pharmacy back in stock",
    hint: "When a pharmacy that was out of stock has it again, at most once a day.",
    confirmed:
      "Your price alert is confirmed. We'll email you when a pharmacy has it back in stock, at most once a day.",
  },
};

/** "What this alert watches", as the emails, the manage page and the back-office say it. */
export function alertWatches(kind: PriceAlertKind, targetPrice: number | null): string {
  switch (kind) {
    case "target":
      return targetPrice === null
        ? "The lowest price reaching your target"
        : `The lowest price reaching your target of ${formatPounds(targetPrice)}`;
    case "any-fall":
      return "Any fall in the lowest in-stock price";
    case "low-90-days":
      return "The lowest in-stock price in 90 days";
    default:
      return "A pharmacy back in stock";
  }
}

/** The manage page's answers (decision 043). */
export const manageAlertsMessages = {
  paused: "Your alert is paused. We won't email you about it until you resume it.",
  resumed: "Your alert is back on.",
  deleted: "Your alert is deleted.",
  targetChanged: "Your target price is changed.",
  stoppedAll: "All your price alerts are stopped. We won't email you about any of them.",
  notYours: "This alert is not one of the alerts of this address.",
  ended: "This alert has ended: set a new one on the condition page.",
  /** A finished alert (it fired, or it ran out) set again from the manage page (issue 41). */
  setAgain: "Your alert is set again.",
  stillOn: "This alert is still on: there is nothing to set again.",
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
  return fromPence(Math.floor(toPence(lowest) * PRICE_ALERT_RULES.suggestedRatio));
}

export const SUBSCRIPTION_POPUP = {
  /** Shown this long after a page loads (public site §4, §9)… */
  delayMs: 30_000,
  /** …when never seen, or last shown longer ago than this (3 days). */
  repeatMs: 259_200_000,
  /** A success closes the pop-up after this long. */
  successCloseMs: 3_000,
} as const;

/** The manage-my-emails page's answers (issue 28, decision 038). */
export const manageEmailsMessages = {
  applied: "Your email choices are saved.",
  confirmationSent:
    "We've emailed you a link to confirm this change. Nothing new is sent to you until you confirm it.",
  unchanged: "These are your choices already: nothing has changed.",
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

/**
 * The one limit on public writes (contact, price alert, subscribe): WRITE_RATE_LIMIT a minute per
 * client network and a fixed number an hour per email address, answered 429 with Retry-After.
 * The contact form keeps its own sentence for the first (contactMessages.tooMany).
 */
export const writeLimitMessages = {
  network: "Too many requests from your connection. Please wait a minute and try again.",
  email: "Too many requests for this email address. Please try again later.",
} as const;

export const emailLinkMessages = {
  alertConfirmed: "Your price alert is confirmed. We'll email you when the price drops to your target.",
  subscriptionConfirmed: "Your subscription is confirmed. Price updates will arrive in your inbox.",
  /** A change to an alert the address had already confirmed, held until now (decision 031). */
  alertChangeConfirmed:
    "Your change to this price alert is confirmed. We'll email you when the price drops to your target.",
  /** A change to a subscription the address had already confirmed, held until now (decision 031). */
  subscriptionChangeConfirmed:
    "Your change to your price updates is confirmed. We'll email you about the interests you chose.",
  alertUnsubscribed: "You won't get any more emails about this price alert.",
  subscriptionUnsubscribed: "You're unsubscribed. We won't send you price updates any more.",
  addressUnsubscribed:
    "You're unsubscribed. We won't send any more emails to this address unless you ask us for them again.",
  unknownLink: "This link is not valid any more. It may have been used already or have expired.",
  /** An email of one kind's link stopped that kind only (decision 041). */
  kindUnsubscribed: {
    priceDrops: "You won't get price-drop emails any more. Any other emails you chose will still come.",
    newMedications:
      "You won't get emails about new medications any more. Any other emails you chose will still come.",
    promotions: "You won't get our newsletters any more. Any other emails you chose will still come.",
    weeklyDigest: "You won't get the weekly digest any more. Any other emails you chose will still come.",
  },
} as const;
