import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { AdminMessage, AdminMessageCategory } from "../../entities.ts";
import { text } from "../../text.ts";
import { MessageResponse } from "./auth.ts";
import { adminListPage, adminListQuery } from "./list-convention.ts";

/**
 * The back-office's notices on medication pages (back-office §2 Admin Messages, §5, §7, §9). The
 * paths have no /api prefix: the specification's. Visitors see a message only while it is active
 * and between its start and end dates (the public read).
 */

export const ADMIN_MESSAGE_LIMITS = { titleMax: 200, messageMax: 2000, priorityMax: 10 } as const;

const isoDateTime = z.iso.datetime({ offset: true, error: "must be a date and time with its offset" });
const requiredText = (issue: { input: unknown }) =>
  issue.input === undefined ? "is required" : "must be text";

/**
 * A message as the add/edit dialog sends it. Defaults (back-office §9): category information,
 * priority 0, start date now; an empty pharmacy (all pharmacies) or end date is null.
 */
export const AdminMessageInput = z
  .object({
    medicationId: text({ error: requiredText }).trim().min(1, { error: "is required" }).max(100),
    pharmacyId: text()
      .trim()
      .max(100)
      .nullable()
      .optional()
      .transform((value) => value || null),
    category: AdminMessageCategory.default("information"),
    title: text({ error: requiredText })
      .trim()
      .min(1, { error: "is required" })
      .max(ADMIN_MESSAGE_LIMITS.titleMax, {
        error: `must be at most ${ADMIN_MESSAGE_LIMITS.titleMax} characters`,
      }),
    message: text({ error: requiredText })
      .trim()
      .min(1, { error: "is required" })
      .max(ADMIN_MESSAGE_LIMITS.messageMax, {
        error: `must be at most ${ADMIN_MESSAGE_LIMITS.messageMax} characters`,
      }),
    startDate: isoDateTime.optional(),
    endDate: isoDateTime
      .nullable()
      .optional()
      .or(z.literal("").transform(() => null)),
    priority: z
      .number({ error: "must be a whole number from 0 to 10" })
      .int({ error: "must be a whole number from 0 to 10" })
      .min(0, { error: "must be a whole number from 0 to 10" })
      .max(ADMIN_MESSAGE_LIMITS.priorityMax, { error: "must be a whole number from 0 to 10" })
      .default(0),
    active: z.boolean().default(true),
  })
  .refine((input) => !input.endDate || !input.startDate || input.endDate >= input.startDate, {
    error: "must not be before the start date",
    path: ["endDate"],
  });
export type AdminMessageInput = z.input<typeof AdminMessageInput>;

export const ADMIN_MESSAGE_PAGE_LIMITS = { default: 20, max: 100 } as const;

/** `search`: a case-insensitive substring of the medication's name, the title or the message. */
export const AdminMessageListQuery = adminListQuery(ADMIN_MESSAGE_PAGE_LIMITS).extend({
  category: AdminMessageCategory.optional(),
});
export type AdminMessageListQuery = z.input<typeof AdminMessageListQuery>;

export const AdminMessageList = adminListPage("messages", AdminMessage);
export type AdminMessageList = z.infer<typeof AdminMessageList>;

export const AdminMessageIdParams = z.object({ id: z.uuid({ error: "must be a message id" }) });

export const listAdminMessages = defineEndpoint({
  method: "GET",
  path: "/admin/admin-messages",
  access: "admin",
  tag: "admin messages",
  summary: "Admin messages, active or not, newest first: paged, searched, optionally of one category",
  query: AdminMessageListQuery,
  responses: { 200: AdminMessageList, ...refusals(400) },
});

export const createAdminMessage = defineEndpoint({
  method: "POST",
  path: "/admin/admin-messages",
  access: "admin",
  tag: "admin messages",
  summary: "Post a message on a medication's page (one pharmacy's row, or a page banner)",
  body: AdminMessageInput,
  responses: { 201: AdminMessage, ...refusals(400) },
});

export const updateAdminMessage = defineEndpoint({
  method: "PUT",
  path: "/admin/admin-messages/:id",
  access: "admin",
  tag: "admin messages",
  summary: "Replace a message's fields",
  params: AdminMessageIdParams,
  body: AdminMessageInput,
  responses: { 200: AdminMessage, ...refusals(400, 404) },
});

export const toggleAdminMessage = defineEndpoint({
  method: "PATCH",
  path: "/admin/admin-messages/:id/toggle",
  access: "admin",
  tag: "admin messages",
  summary: "Switch a message on or off",
  params: AdminMessageIdParams,
  responses: { 200: AdminMessage, ...refusals(400, 404) },
});

export const deleteAdminMessage = defineEndpoint({
  method: "DELETE",
  path: "/admin/admin-messages/:id",
  access: "admin",
  tag: "admin messages",
  summary: "Delete a message",
  params: AdminMessageIdParams,
  responses: { 200: MessageResponse, ...refusals(400, 404) },
});
