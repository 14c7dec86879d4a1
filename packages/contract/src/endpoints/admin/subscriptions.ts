import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { AdminSubscription } from "../../entities.ts";
import { SUBSCRIPTION_SOURCES, SUBSCRIPTION_STATUSES } from "../../ids.ts";
import { MessageResponse } from "./auth.ts";
import { adminListPage, adminListQuery } from "./list-convention.ts";

/**
 * The back-office's email subscriptions (back-office §2 Email Subscriptions, §3, §4, §7, §9). The
 * paths have no /api prefix: the specification's. Admins can only read and delete.
 */

/** Recent subscriptions the stats carry (back-office §9). */
export const RECENT_SUBSCRIPTIONS = 5;

export const SUBSCRIPTION_PAGE_LIMITS = { default: 20, max: 1000 } as const;

/**
 * `search`: a case-insensitive substring of the address. The CSV export asks for the active ones
 * a page of `max` at a time.
 */
export const SubscriptionListQuery = adminListQuery(SUBSCRIPTION_PAGE_LIMITS).extend({
  status: z
    .enum(SUBSCRIPTION_STATUSES, { error: `must be one of: ${SUBSCRIPTION_STATUSES.join(", ")}` })
    .optional(),
  source: z
    .enum(SUBSCRIPTION_SOURCES, { error: `must be one of: ${SUBSCRIPTION_SOURCES.join(", ")}` })
    .optional(),
});
export type SubscriptionListQuery = z.input<typeof SubscriptionListQuery>;

/**
 * Over every subscription, whatever the list's filters. `bySource` lists each source that has
 * any, most first. `unconfirmed`: active subscriptions whose address has not been confirmed yet
 * (counted in `active` too); they have not consented, so an export for mailing leaves them out.
 */
export const SubscriptionStats = z.object({
  total: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
  unsubscribed: z.number().int().nonnegative(),
  bounced: z.number().int().nonnegative(),
  unconfirmed: z.number().int().nonnegative(),
  bySource: z.array(z.object({ _id: z.enum(SUBSCRIPTION_SOURCES), count: z.number().int().positive() })),
  recentSubscriptions: z.array(AdminSubscription).max(RECENT_SUBSCRIPTIONS),
});
export type SubscriptionStats = z.infer<typeof SubscriptionStats>;

export const SubscriptionList = adminListPage("subscriptions", AdminSubscription).extend({
  stats: SubscriptionStats,
});
export type SubscriptionList = z.infer<typeof SubscriptionList>;

export const SubscriptionIdParams = z.object({ id: z.uuid({ error: "must be a subscription id" }) });

export const listSubscriptions = defineEndpoint({
  method: "GET",
  path: "/admin/subscriptions",
  access: "admin",
  tag: "subscriptions",
  summary:
    "Subscriptions, newest first, with the stats: paged, searched by address, optionally of one status and source",
  query: SubscriptionListQuery,
  responses: { 200: SubscriptionList, ...refusals(400) },
});

export const subscriptionStats = defineEndpoint({
  method: "GET",
  path: "/admin/subscriptions/stats",
  access: "admin",
  tag: "subscriptions",
  summary: "Counts by status and source, and the five newest subscriptions",
  responses: { 200: SubscriptionStats },
});

export const deleteSubscription = defineEndpoint({
  method: "DELETE",
  path: "/admin/subscriptions/:id",
  access: "admin",
  tag: "subscriptions",
  summary: "Delete a subscription for good (its unsent emails are cancelled)",
  params: SubscriptionIdParams,
  responses: { 200: MessageResponse, ...refusals(400, 404) },
});
