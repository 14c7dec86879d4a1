import { defineEndpoint, refusals } from "../../endpoint.ts";
import {
  EmailLinkResult,
  EmailTokenQuery,
  ManageAlertRequest,
  ManageAlertResult,
  ManagedAlerts,
  ManagedSubscription,
  ManageEmailsRequest,
  ManageEmailsResult,
  PriceAlertRequest,
  SubscribeRequest,
  UnsubscribeQuery,
} from "../../visitor-writes.ts";
import { MessageResponse } from "../admin/auth.ts";

export const createPriceAlert = defineEndpoint({
  method: "POST",
  path: "/api/price-alerts",
  access: "public",
  tag: "price alerts",
  summary:
    "Set an email alert for a target price, any fall, a 90-day low or back in stock (confirmed by email first)",
  description:
    "`kind` (default `target`) says what the alert watches. A target must be above £0 and below the " +
    "current lowest in-stock price, which the server looks up itself; the other kinds take none. A " +
    "repeat for the same email, medication and dosage updates the existing alert. Nothing but the " +
    "confirmation email is sent until the address is confirmed.",
  body: PriceAlertRequest,
  responses: { 201: MessageResponse, ...refusals(400, 404, 429) },
});

/** No /api prefix: the specification's path (public site §7). */
export const subscribe = defineEndpoint({
  method: "POST",
  path: "/subscriptions/subscribe",
  access: "public",
  tag: "subscriptions",
  summary: "Subscribe an email address to price updates (confirmed by email first)",
  description: "A repeat for the same address updates its interests; it never makes a second subscription.",
  body: SubscribeRequest,
  responses: { 201: MessageResponse, ...refusals(400, 429) },
});

export const confirmEmail = defineEndpoint({
  method: "POST",
  path: "/api/email/confirm",
  access: "public",
  tag: "email links",
  summary: "Confirm the address of a price alert or subscription (the link in the confirmation email)",
  query: EmailTokenQuery,
  cache: "no-store",
  responses: { 200: EmailLinkResult, ...refusals(400, 404) },
});

export const unsubscribe = defineEndpoint({
  method: "POST",
  path: "/api/email/unsubscribe",
  access: "public",
  tag: "email links",
  summary: "Stop a price alert or subscription: the one-click unsubscribe of every email (RFC 8058)",
  description:
    "Mail clients post `List-Unsubscribe=One-Click` as a form to the address in the List-Unsubscribe " +
    "header; the web's /unsubscribe page posts here too. Repeating it is harmless. The link of a " +
    "price-news email stops that kind of email only (`stopped` names it) unless `everything=true`.",
  query: UnsubscribeQuery,
  cache: "no-store",
  responses: { 200: EmailLinkResult, ...refusals(400, 404) },
});

/** The manage-my-emails page's read (issue 28): every price-news email links to it. Never cached. */
export const managedSubscription = defineEndpoint({
  method: "GET",
  path: "/api/email/manage",
  access: "public",
  tag: "email links",
  summary: "What the subscription an email came in follows and receives (the link in every price-news email)",
  query: EmailTokenQuery,
  cache: "no-store",
  responses: { 200: ManagedSubscription, ...refusals(400, 404) },
});

export const manageEmails = defineEndpoint({
  method: "POST",
  path: "/api/email/manage",
  access: "public",
  tag: "email links",
  summary: "Change what a subscription receives, from the link in its emails",
  description:
    "Fewer interests or conditions apply at once; more wait for the address to confirm them by email " +
    "(decision 031). Unsubscribing from everything is the unsubscribe link's POST.",
  query: EmailTokenQuery,
  cache: "no-store",
  body: ManageEmailsRequest,
  responses: { 200: ManageEmailsResult, ...refusals(400, 404) },
});

/** The manage page's alerts section (issue 30, decision 043): every alert email links to it. Never cached. */
export const managedAlerts = defineEndpoint({
  method: "GET",
  path: "/api/email/alerts",
  access: "public",
  tag: "email links",
  summary: "Every price alert of the address an email went to (the manage link in every alert email)",
  query: EmailTokenQuery,
  cache: "no-store",
  responses: { 200: ManagedAlerts, ...refusals(400, 404) },
});

export const manageAlert = defineEndpoint({
  method: "POST",
  path: "/api/email/alerts",
  access: "public",
  tag: "email links",
  summary: "Pause, resume, re-target or delete one alert of the address, or stop them all",
  description:
    "Applies at once: the link came to the address's inbox. A new target must be below the current " +
    "lowest in-stock price, as the form asks.",
  query: EmailTokenQuery,
  cache: "no-store",
  body: ManageAlertRequest,
  responses: { 200: ManageAlertResult, ...refusals(400, 404, 409) },
});
