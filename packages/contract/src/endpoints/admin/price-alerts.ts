import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { AdminPriceAlert } from "../../entities.ts";
import { PRICE_ALERT_STATUSES } from "../../ids.ts";
import { MessageResponse } from "./auth.ts";
import { adminListPage, adminListQuery } from "./list-convention.ts";

/**
 * The back-office's view of visitors' price alerts (back-office §2 Price Alerts, §3, §4, §7, §9).
 */

export const PRICE_ALERT_PAGE_LIMITS = { default: 10, max: 100 } as const;

const alertStatus = z.enum(PRICE_ALERT_STATUSES, {
  error: `must be one of: ${PRICE_ALERT_STATUSES.join(", ")}`,
});

/**
 * `GET /api/admin/price-alerts`: newest first, 10 a page; `search` is a case-insensitive
 * substring of the email address or the medication's name; `status` one of the four.
 */
export const PriceAlertListQuery = adminListQuery(PRICE_ALERT_PAGE_LIMITS).extend({
  status: alertStatus.optional(),
});
export type PriceAlertListQuery = z.input<typeof PriceAlertListQuery>;

/** How many alerts have each status, over every alert (not the page, not the search). */
export const PriceAlertTotals = z.object({
  active: z.number().int().nonnegative(),
  triggered: z.number().int().nonnegative(),
  cancelled: z.number().int().nonnegative(),
  expired: z.number().int().nonnegative(),
});
export type PriceAlertTotals = z.infer<typeof PriceAlertTotals>;

export const PriceAlertPage = adminListPage("alerts", AdminPriceAlert).extend({
  totals: PriceAlertTotals,
});
export type PriceAlertPage = z.infer<typeof PriceAlertPage>;

export const PriceAlertIdParams = z.object({ id: z.uuid({ error: "must be a price alert id" }) });

/**
 * Any status may be set directly (back-office §4). Setting `active` means watching prices again:
 * an expiry already past is renewed (ALERT_TTL_DAYS from now) and the alert is checked against
 * the current price at once; a cancelled alert set active again waits for its visitor to confirm
 * it (they had stopped it). Setting any other status cancels its unsent emails.
 */
export const PriceAlertStatusInput = z.object({ status: alertStatus });
export type PriceAlertStatusInput = z.input<typeof PriceAlertStatusInput>;

export const AdminPriceAlertResponse = z.object({ alert: AdminPriceAlert });
export type AdminPriceAlertResponse = z.infer<typeof AdminPriceAlertResponse>;

export const listPriceAlerts = defineEndpoint({
  method: "GET",
  path: "/api/admin/price-alerts",
  access: "admin",
  tag: "price alerts",
  summary: "Price alerts, newest first, paged, searched and filtered by status, with totals by status",
  query: PriceAlertListQuery,
  responses: { 200: PriceAlertPage, ...refusals(400) },
});

export const updatePriceAlertStatus = defineEndpoint({
  method: "PUT",
  path: "/api/admin/price-alerts/:id/status",
  access: "admin",
  tag: "price alerts",
  summary: "Set a price alert's status (active, triggered, cancelled or expired)",
  params: PriceAlertIdParams,
  body: PriceAlertStatusInput,
  responses: { 200: AdminPriceAlertResponse, ...refusals(400, 404) },
});

export const deletePriceAlert = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/price-alerts/:id",
  access: "admin",
  tag: "price alerts",
  summary: "Delete a price alert (its unsent emails are cancelled)",
  params: PriceAlertIdParams,
  responses: { 200: MessageResponse, ...refusals(400, 404) },
});
