import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { SUPPLY_NOTICE_STATUSES, SupplyNotice, SupplyNoticeInput } from "../../supply.ts";
import { MessageResponse } from "./auth.ts";
import { adminListPage, adminListQuery, listFilter } from "./list-convention.ts";

/**
 * The back-office's supply notices (issue 45, decision 060): a message about a medication's (or one
 * dosage's) supply, the https page it came from and that page's date, shown on the condition page
 * and in alert emails from its start until staff end it. Every write is audited in its transaction.
 */

export const SUPPLY_NOTICE_PAGE_LIMITS = { default: 50, max: 100 } as const;

/** A notice as the list shows it: with its medication's name and where it is in its life now. */
export const AdminSupplyNotice = SupplyNotice.extend({
  medicationName: z.string(),
  status: z.enum(SUPPLY_NOTICE_STATUSES),
  updatedAt: z.string(),
});
export type AdminSupplyNotice = z.infer<typeof AdminSupplyNotice>;

/** `search`: a substring of the message or the medication's name; `status`, `medicationId`: exact. */
export const SupplyNoticeListQuery = adminListQuery(SUPPLY_NOTICE_PAGE_LIMITS).extend({
  status: z.enum(SUPPLY_NOTICE_STATUSES, { error: "must be active, scheduled or ended" }).optional(),
  medicationId: listFilter(200),
});
export type SupplyNoticeListQuery = z.input<typeof SupplyNoticeListQuery>;

export const SupplyNoticeList = adminListPage("notices", AdminSupplyNotice);
export type SupplyNoticeList = z.infer<typeof SupplyNoticeList>;

export const SupplyNoticeIdParams = z.object({ id: z.uuid({ error: "must be a notice id" }) });

const TAG = "admin supply notices";

export const listSupplyNotices = defineEndpoint({
  method: "GET",
  path: "/api/admin/supply-notices",
  access: "admin",
  tag: TAG,
  summary: "Supply notices, latest start first: paged, optionally by status or medication",
  query: SupplyNoticeListQuery,
  responses: { 200: SupplyNoticeList, ...refusals(400) },
});

export const createSupplyNotice = defineEndpoint({
  method: "POST",
  path: "/api/admin/supply-notices",
  access: "admin",
  tag: TAG,
  summary: "Add a supply notice for a medication, or one of its dosages",
  description:
    "`medicationId` a medication; `dosage` one of its dosages, or null for all; `message` up to 400 " +
    "characters; `sourceUrl` an https:// page; `sourceDate` YYYY-MM-DD, the day that page said so; " +
    "`startsAt` (ISO 8601, now when omitted) and `endsAt` (null: until ended) bound when it shows.",
  body: SupplyNoticeInput,
  responses: { 201: AdminSupplyNotice, ...refusals(400) },
});

export const updateSupplyNotice = defineEndpoint({
  method: "PUT",
  path: "/api/admin/supply-notices/:id",
  access: "admin",
  tag: TAG,
  summary: "Replace a supply notice's fields",
  description: "As adding one, except that no `startsAt` keeps the notice's start.",
  params: SupplyNoticeIdParams,
  body: SupplyNoticeInput,
  responses: { 200: AdminSupplyNotice, ...refusals(400, 404) },
});

export const endSupplyNotice = defineEndpoint({
  method: "POST",
  path: "/api/admin/supply-notices/:id/end",
  access: "admin",
  tag: TAG,
  summary: "End an active supply notice now (it stays in the list as ended)",
  description: "A notice that has not started or has already ended answers 409.",
  params: SupplyNoticeIdParams,
  responses: { 200: AdminSupplyNotice, ...refusals(400, 404, 409) },
});

export const deleteSupplyNotice = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/supply-notices/:id",
  access: "admin",
  tag: TAG,
  summary: "Delete a supply notice (one entered by mistake)",
  params: SupplyNoticeIdParams,
  responses: { 200: MessageResponse, ...refusals(400, 404) },
});
