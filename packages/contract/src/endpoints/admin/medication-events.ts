import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { MedicationEvent, MedicationEventInput, MedicationEventKind } from "../../price-context.ts";
import { MessageResponse } from "./auth.ts";
import { adminListPage, adminListQuery, listFilter } from "./list-convention.ts";

/**
 * The back-office's price events (issue 45, decision 059): dated events on a medication's price
 * history (a manufacturer's list-price change, a supply disruption, a new strength), each with the
 * https page that says so. The condition page marks them on its history chart.
 */

export const MEDICATION_EVENT_PAGE_LIMITS = { default: 50, max: 100 } as const;

/** An event as the list shows it: with its medication's id and name. */
export const AdminMedicationEvent = MedicationEvent.extend({
  medicationId: z.string(),
  medicationName: z.string(),
  updatedAt: z.string(),
});
export type AdminMedicationEvent = z.infer<typeof AdminMedicationEvent>;

/** `search`: a substring of the summary or the medication's name; `kind` and `medication` exactly. */
export const MedicationEventListQuery = adminListQuery(MEDICATION_EVENT_PAGE_LIMITS).extend({
  kind: MedicationEventKind.optional(),
  medication: listFilter(120),
});
export type MedicationEventListQuery = z.input<typeof MedicationEventListQuery>;

export const MedicationEventList = adminListPage("events", AdminMedicationEvent);
export type MedicationEventList = z.infer<typeof MedicationEventList>;

export const MedicationEventIdParams = z.object({ id: z.uuid({ error: "must be an event id" }) });

export const listMedicationEvents = defineEndpoint({
  method: "GET",
  path: "/api/admin/medication-events",
  access: "admin",
  tag: "admin price events",
  summary: "Price events, latest day first: paged, optionally of one kind or one medication",
  query: MedicationEventListQuery,
  responses: { 200: MedicationEventList, ...refusals(400) },
});

const INPUT_RULES =
  "`medicationId` an existing medication; `dosage` one of its dosages, or empty for all of them; " +
  "`kind` one of list-price-change, supply-disruption, new-strength, other; `happenedOn` YYYY-MM-DD; " +
  "`summary` 1 to 280 characters; `sourceUrl` an https:// page that says so.";

export const createMedicationEvent = defineEndpoint({
  method: "POST",
  path: "/api/admin/medication-events",
  access: "admin",
  tag: "admin price events",
  summary: "Record a dated event on a medication's price history, with its source",
  description: INPUT_RULES,
  body: MedicationEventInput,
  responses: { 201: AdminMedicationEvent, ...refusals(400) },
});

export const updateMedicationEvent = defineEndpoint({
  method: "PUT",
  path: "/api/admin/medication-events/:id",
  access: "admin",
  tag: "admin price events",
  summary: "Replace a price event's fields",
  description: INPUT_RULES,
  params: MedicationEventIdParams,
  body: MedicationEventInput,
  responses: { 200: AdminMedicationEvent, ...refusals(400, 404) },
});

export const deleteMedicationEvent = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/medication-events/:id",
  access: "admin",
  tag: "admin price events",
  summary: "Delete a price event",
  params: MedicationEventIdParams,
  responses: { 200: MessageResponse, ...refusals(400, 404) },
});
