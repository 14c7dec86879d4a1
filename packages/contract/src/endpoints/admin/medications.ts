import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { LegalCategory, Medication, MedicationForm } from "../../entities.ts";
import { type MEDICATION_FORMS, UNKNOWN_LEGAL_CATEGORY } from "../../ids.ts";
import { NhsRouteFields, nhsRouteFields } from "../../nhs-route.ts";
import { IdParams } from "../../public-api.ts";
import { text } from "../../text.ts";
import {
  AcceptOffSiteLink,
  CATALOGUE_LIMITS,
  CatalogueId,
  optionalText,
  PoundsPrice,
  PriceLink,
  ReferenceId,
  requiredMessage,
  requiredText,
} from "./catalogue-fields.ts";
import { adminListPage, adminListQuery, listFilter } from "./list-convention.ts";
import { AdminPharmacy, CreatedCatalogueId, RemovedWithPrices } from "./pharmacies.ts";
import { AdminPrice } from "./prices.ts";

/**
 * The back-office's medications (back-office §2 Medication list and form, §3, §4, §5, §7, §9):
 * every medication, active or not, and the form's price grid.
 */

/** A medication as the back-office sees it: the public fields and how many price rows it has. */
export const AdminMedication = Medication.extend({
  /** Its price rows (the delete confirmation says how many go with it). */
  priceCount: z.number().int().nonnegative(),
  /** Its NHS route for its condition (issue 44, decision 056). */
  ...NhsRouteFields.shape,
});
export type AdminMedication = z.infer<typeof AdminMedication>;

/** The form's choice when none is sent: the first of the specification's list. */
export const DEFAULT_MEDICATION_FORM = "Tablets" satisfies (typeof MEDICATION_FORMS)[number];

/** The dosages list: trimmed, blank rows dropped (back-office §5), each listed once. */
export const DosageList = z
  .array(
    text({ error: "must be text" })
      .trim()
      .max(CATALOGUE_LIMITS.dosageMax, { error: `must be at most ${CATALOGUE_LIMITS.dosageMax} characters` }),
    { error: "must be a list of dosages" },
  )
  .max(CATALOGUE_LIMITS.dosagesMax, { error: `must have at most ${CATALOGUE_LIMITS.dosagesMax} dosages` })
  .transform((dosages) => dosages.filter((dosage) => dosage !== ""))
  .superRefine((dosages, context) => {
    const seen = new Set<string>();
    for (const dosage of dosages) {
      const key = dosage.toLowerCase().replace(/\s+/g, " ");
      if (seen.has(key)) {
        context.addIssue({ code: "custom", message: `lists "${dosage}" twice` });
        return;
      }
      seen.add(key);
    }
  });

/**
 * One cell of the form's price grid: a pharmacy's price for one of the medication's dosages.
 * `link`: a web address, or "" / null for none; left out, an existing row keeps its link.
 */
export const PriceGridCell = z.object({
  pharmacyId: ReferenceId,
  dosage: text({ error: requiredMessage })
    .trim()
    .min(1, { error: "is required" })
    .max(CATALOGUE_LIMITS.dosageMax, { error: `must be at most ${CATALOGUE_LIMITS.dosageMax} characters` }),
  price: PoundsPrice,
  link: PriceLink.optional(),
  acceptOffSiteLink: AcceptOffSiteLink,
});
export type PriceGridCell = z.input<typeof PriceGridCell>;

const PriceGrid = z
  .array(PriceGridCell, { error: "must be a list of price cells" })
  .max(CATALOGUE_LIMITS.bulkPricesMax, {
    error: `must have at most ${CATALOGUE_LIMITS.bulkPricesMax} cells`,
  });

/** The form's fields, each without its default (create adds them, update does not). */
const medicationFields = {
  name: requiredText(CATALOGUE_LIMITS.nameMax),
  category: ReferenceId,
  subcategory: ReferenceId,
  form: MedicationForm,
  legalCategory: LegalCategory,
  description: optionalText(CATALOGUE_LIMITS.descriptionMax),
  genericName: optionalText(CATALOGUE_LIMITS.nameMax),
  active: z.boolean({ error: "must be true or false" }),
  dosage: DosageList,
  prices: PriceGrid,
  /** The NHS route group (decision 056): availability, sentence, NHS link, item charge, checked on. */
  ...nhsRouteFields,
};

/**
 * A new medication (the add form). Required: `name`, `category`, `subcategory` (each missing one is
 * named in `fields`); the subcategory must belong to the category. `id` is optional: when absent it
 * is made from the name, with -2, -3… if taken. `form` is one of {@link MEDICATION_FORMS} (default
 * "Tablets"; "other" means the description says what it is). `dosage`: blank rows dropped, each
 * trimmed, a repeat refused. `prices`: the grid's cells above 0, each for one of `dosage`.
 * `legalCategory`: "POM", "P" or "GSL" (default "POM", the safe reading: decision 035).
 */
export const MedicationInput = z.object({
  id: CatalogueId.optional(),
  name: medicationFields.name,
  category: medicationFields.category,
  subcategory: medicationFields.subcategory,
  form: medicationFields.form.default(DEFAULT_MEDICATION_FORM),
  legalCategory: medicationFields.legalCategory.default(UNKNOWN_LEGAL_CATEGORY),
  description: medicationFields.description.default(""),
  genericName: medicationFields.genericName.default(""),
  active: medicationFields.active.default(true),
  dosage: medicationFields.dosage.default([]),
  prices: medicationFields.prices.optional(),
  nhsAvailability: medicationFields.nhsAvailability.default(null),
  nhsNote: medicationFields.nhsNote.default(""),
  nhsUrl: medicationFields.nhsUrl.default(""),
  nhsItemCharge: medicationFields.nhsItemCharge.default(true),
  nhsCheckedOn: medicationFields.nhsCheckedOn.default(null),
});
export type MedicationInput = z.input<typeof MedicationInput>;

/**
 * A change to a medication: any of the form's fields, the others kept (the list's switch sends
 * only `active`). The read-only fields sent back (`_id`, `priceCount`) are ignored; `id` may be
 * sent but not changed. `prices`, when sent, is the whole grid (see the endpoint).
 */
export const MedicationUpdate = z.object({ id: CatalogueId, ...medicationFields }).partial();
export type MedicationUpdate = z.input<typeof MedicationUpdate>;

/**
 * Without `limit`, a page holds as many as the dropdowns fetch (back-office §7, §9: limit 1000);
 * the Medication list asks for its own page size.
 */
export const MEDICATION_PAGE_LIMITS = {
  default: CATALOGUE_LIMITS.medicationListMax,
  max: CATALOGUE_LIMITS.medicationListMax,
} as const;

/** `search`: a case-insensitive substring of the name or id; `category`: the category id exactly. */
export const AdminMedicationListQuery = adminListQuery(MEDICATION_PAGE_LIMITS).extend({
  category: listFilter(CATALOGUE_LIMITS.idMax),
});
export type AdminMedicationListQuery = z.input<typeof AdminMedicationListQuery>;

export const MedicationListResponse = adminListPage("medications", AdminMedication);
export type AdminMedicationList = z.infer<typeof MedicationListResponse>;
export const MedicationFormData = z.object({
  medication: AdminMedication,
  /** Its price rows, by pharmacy name then dosage. */
  prices: z.array(AdminPrice),
  /** Every pharmacy, active or not, by name: the rows of the price grid. */
  pharmacies: z.array(AdminPharmacy),
});
export type MedicationFormData = z.infer<typeof MedicationFormData>;
export const MedicationResponse = z.object({ medication: AdminMedication });
export const RemovedMedication = RemovedWithPrices.extend({
  /** Visitors' price alerts on it, deleted with it (unsent emails about them are cancelled). */
  removedAlerts: z.number().int().nonnegative(),
  /** Admin messages on its page, deleted with it. */
  removedMessages: z.number().int().nonnegative(),
});

const GRID_RULES =
  "`prices` is the form's price grid: one cell per pharmacy and dosage with a price above 0 (at " +
  "most 2 decimals), for one of the medication's dosages, each pharmacy and dosage once. A cell " +
  'with `link` sets that row\'s link ("" or null clears it); without, an existing row keeps its ' +
  "link. All of it is written through the price-write path in the same transaction as the " +
  "medication (price history, price alerts fired), and a refused cell (`fields` keyed " +
  "`prices.<index>.<field>`) writes nothing at all.";

export const listAdminMedications = defineEndpoint({
  method: "GET",
  path: "/api/admin/medications",
  access: "admin",
  tag: "admin medications",
  summary:
    "Medications, active or not, by name, with their price counts: paged, searched by name or id, filtered by category",
  description: `\`limit\` 1–${CATALOGUE_LIMITS.medicationListMax}, default ${CATALOGUE_LIMITS.medicationListMax} (the dropdowns' fetch).`,
  query: AdminMedicationListQuery,
  responses: { 200: MedicationListResponse, ...refusals(400) },
});

export const getAdminMedication = defineEndpoint({
  method: "GET",
  path: "/api/admin/medications/:id",
  access: "admin",
  tag: "admin medications",
  summary: "One medication with its prices and every pharmacy: what the edit form needs",
  params: IdParams,
  responses: { 200: MedicationFormData, ...refusals(400, 404) },
});

export const createMedication = defineEndpoint({
  method: "POST",
  path: "/api/admin/medications",
  access: "admin",
  tag: "admin medications",
  summary: "Add a medication, with its price grid; answers its id",
  description:
    "Required: `name`, `category`, `subcategory` (400 with `fields` naming each missing one); the " +
    "subcategory must belong to the category (400 `fields.subcategory`), an unknown category is " +
    "`fields.category`. Without `id` one is made from the name (`-2`, `-3`… when taken); a given `id` " +
    "that is taken answers 409. `legalCategory` is POM, P or GSL (default POM; anything else is 400 " +
    "`fields.legalCategory`). `dosage`: blank rows are dropped, a repeated dosage refused. New price " +
    `rows are 1 pack, in stock. ${GRID_RULES}`,
  body: MedicationInput,
  responses: { 201: CreatedCatalogueId, ...refusals(400, 409) },
});

export const updateMedication = defineEndpoint({
  method: "PUT",
  path: "/api/admin/medications/:id",
  access: "admin",
  tag: "admin medications",
  summary: "Change some or all of a medication's fields (the list's switch sends only `active`)",
  description:
    "Fields left out keep their values; those sent follow the create rules (a category change needs a " +
    "subcategory of the new category). `id` cannot change (400 `fields.id`). When `dosage` changes, " +
    "price rows for a dosage no longer listed are removed. When `prices` is sent it is the whole grid: " +
    "its cells are set (an existing row keeps its stock and pack quantity; a new one is 1 pack, in " +
    `stock) and the medication's other price rows are removed. ${GRID_RULES}`,
  params: IdParams,
  body: MedicationUpdate,
  responses: { 200: MedicationResponse, ...refusals(400, 404, 409) },
});

export const deleteMedication = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/medications/:id",
  access: "admin",
  tag: "admin medications",
  summary: "Delete a medication with its prices, its price alerts and its admin messages",
  description:
    "Its prices are removed through the price-write path; visitors' price alerts on it can never " +
    "fire again, so they are deleted (and emails about them not yet sent are cancelled); the admin " +
    "messages on its page are deleted. The answer counts each.",
  params: IdParams,
  responses: { 200: RemovedMedication, ...refusals(400, 404) },
});
