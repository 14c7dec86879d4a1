import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { NhsCharge, NhsChargeInput, NhsChargeKind } from "../../nhs-route.ts";
import { MessageResponse } from "./auth.ts";
import { adminListPage, adminListQuery } from "./list-convention.ts";

/**
 * The back-office's NHS charges (issue 44, decision 056): England's item charge and prepayment
 * certificates, each with the day it takes effect and the page it was taken from. The one in
 * force for a kind is the latest whose day has come, so next April's figure can be entered ahead.
 */

export const NHS_CHARGE_PAGE_LIMITS = { default: 50, max: 100 } as const;

/** A charge as the list shows it: whether it is the one in force today, or still to come. */
export const AdminNhsCharge = NhsCharge.extend({
  status: z.enum(["in-force", "scheduled", "superseded"]),
  updatedAt: z.string(),
});
export type AdminNhsCharge = z.infer<typeof AdminNhsCharge>;

/** `search`: a substring of the source address; `kind`: one kind exactly. */
export const NhsChargeListQuery = adminListQuery(NHS_CHARGE_PAGE_LIMITS).extend({
  kind: NhsChargeKind.optional(),
});
export type NhsChargeListQuery = z.input<typeof NhsChargeListQuery>;

export const NhsChargeList = adminListPage("charges", AdminNhsCharge);
export type NhsChargeList = z.infer<typeof NhsChargeList>;

export const NhsChargeIdParams = z.object({ id: z.uuid({ error: "must be a charge id" }) });

export const listNhsCharges = defineEndpoint({
  method: "GET",
  path: "/api/admin/nhs-charges",
  access: "admin",
  tag: "admin NHS charges",
  summary: "NHS charges, newest day first within each kind: paged, optionally of one kind",
  query: NhsChargeListQuery,
  responses: { 200: NhsChargeList, ...refusals(400) },
});

export const createNhsCharge = defineEndpoint({
  method: "POST",
  path: "/api/admin/nhs-charges",
  access: "admin",
  tag: "admin NHS charges",
  summary: "Add an NHS charge with the day it takes effect and its source",
  description:
    "`kind` is one of item, ppc-3-months, ppc-12-months, hrt-ppc; `amount` pounds (0 or more, 2 " +
    "decimals); `effectiveFrom` YYYY-MM-DD (a future day is kept until it comes); `sourceUrl` an " +
    "https:// page on nhs.uk or gov.uk. A second charge of the same kind on the same day is 409.",
  body: NhsChargeInput,
  responses: { 201: AdminNhsCharge, ...refusals(400, 409) },
});

export const updateNhsCharge = defineEndpoint({
  method: "PUT",
  path: "/api/admin/nhs-charges/:id",
  access: "admin",
  tag: "admin NHS charges",
  summary: "Replace an NHS charge's fields",
  params: NhsChargeIdParams,
  body: NhsChargeInput,
  responses: { 200: AdminNhsCharge, ...refusals(400, 404, 409) },
});

export const deleteNhsCharge = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/nhs-charges/:id",
  access: "admin",
  tag: "admin NHS charges",
  summary: "Delete an NHS charge (the one before it of its kind is then in force again)",
  params: NhsChargeIdParams,
  responses: { 200: MessageResponse, ...refusals(400, 404) },
});
