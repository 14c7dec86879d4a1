import { z } from "zod";
import { consultationUrlProblem } from "../../consultation-visits.ts";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import {
  ConsultationFeeBasis,
  CQC_NUMBER_PATTERN,
  DeliveryOption,
  GPHC_NUMBER_PATTERN,
  GphcNumber,
  Pharmacy,
} from "../../entities.ts";
import { DELIVERY_OPTIONS } from "../../ids.ts";
import { IdParams } from "../../public-api.ts";
import { REFERRAL_PARAMS_MAX, referralParamsProblem } from "../../referral-params.ts";
import { text } from "../../text.ts";
import { webAddressText } from "../../web-address-field.ts";
import {
  CATALOGUE_LIMITS,
  CatalogueId,
  fallbackNumber,
  OptionalWebAddress,
  optionalText,
  requiredMessage,
  requiredText,
  WebAddress,
} from "./catalogue-fields.ts";
import { adminListPage, adminListQuery } from "./list-convention.ts";

/**
 * The back-office's pharmacies (back-office §2 Pharmacy list and form, §3, §5, §7, §9). Every
 * pharmacy, active or not. Name and website are the minimum (back-office §5); a pharmacy is saved without its
 * GPhC registration number, but visitors see it only once it has one (decision 034).
 */

/** A pharmacy as the back-office sees it: the public fields, whether visitors see it and how many prices it has. */
export const AdminPharmacy = Pharmacy.extend({
  /** Null until staff add it; until then the pharmacy is not listed. */
  gphcNumber: GphcNumber.nullable(),
  /** Whether visitors see it and its prices now: active and registered (the API's one public rule). */
  listed: z.boolean(),
  /** Its price rows (the delete confirmation says how many go with it). */
  priceCount: z.number().int().nonnegative(),
  /** Query parameters appended to its links on redirect, "" for none (decision 044). */
  referralParams: z.string(),
  /**
   * Where a prescription-only visit starts (decision 058), "" for none; may hold `{medication}` in
   * its query. Visitors never see it: public reads carry only `startsAtConsultation`.
   */
  consultationUrl: z.string(),
});
export type AdminPharmacy = z.infer<typeof AdminPharmacy>;

/** The form's defaults (back-office §3, §9). */
export const PHARMACY_DEFAULTS = {
  rating: 4,
  deliveryOptions: ["standard"],
  deliveryTime: "",
  prescriptionRequired: true,
  active: true,
  description: "",
  trustpilotUrl: "",
  minOrderValue: 0,
  deliveryFee: 2.95,
  freeDeliveryThreshold: 0,
  consultationFee: 0,
  consultationFeeBasis: "per-order",
} as const satisfies Partial<Pharmacy>;

const RATING_RULE = "must be a number from 0 to 5 in steps of 0.1";
const MONEY_RULE = `must be an amount in pounds from 0 to ${CATALOGUE_LIMITS.poundsMax}, with at most 2 decimals`;
const money = () => fallbackNumber({ max: CATALOGUE_LIMITS.poundsMax, step: 0.01, rule: MONEY_RULE });
const GPHC_RULE = "must be the pharmacy's 7-digit GPhC registration number, starting with 1";
const CQC_RULE = "must be a CQC location id: 1- then 8 to 12 digits, as on the CQC register";

/** The fields of the pharmacy form, each without its default (create adds them, update does not). */
const pharmacyFields = {
  name: requiredText(CATALOGUE_LIMITS.nameMax),
  website: WebAddress,
  /**
   * General Pharmaceutical Council premises number: 7 digits starting with 1, unique. "" or null
   * for none yet (stored as null): the pharmacy is then saved but not listed (decision 034).
   */
  gphcNumber: text({ error: "must be text" })
    .trim()
    .max(20, { error: GPHC_RULE })
    .nullable()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || new RegExp(GPHC_NUMBER_PATTERN).test(value), { error: GPHC_RULE }),
  /** Care Quality Commission location id where it has one: "" or null for none (stored as null). */
  cqcNumber: text({ error: "must be text" })
    .trim()
    .max(20, { error: CQC_RULE })
    .nullable()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || new RegExp(CQC_NUMBER_PATTERN).test(value), { error: CQC_RULE }),
  rating: fallbackNumber({ max: 5, step: 0.1, rule: RATING_RULE }),
  deliveryOptions: z
    .array(DeliveryOption, { error: `must be a list of: ${DELIVERY_OPTIONS.join(", ")}` })
    .max(DELIVERY_OPTIONS.length * 2)
    // Each once, in the contract's order.
    .transform((options) => DELIVERY_OPTIONS.filter((option) => options.includes(option))),
  deliveryTime: optionalText(CATALOGUE_LIMITS.deliveryTimeMax),
  prescriptionRequired: z.boolean({ error: "must be true or false" }),
  active: z.boolean({ error: "must be true or false" }),
  description: optionalText(CATALOGUE_LIMITS.descriptionMax),
  trustpilotUrl: OptionalWebAddress,
  minOrderValue: money(),
  deliveryFee: money(),
  freeDeliveryThreshold: money(),
  /**
   * Its referral template (decision 044): query parameters appended to every link to it, e.g.
   * `utm_source=pharmacompare&ref=abc`; "" or null for none. A leading "?" is dropped.
   */
  referralParams: text({ error: "must be text" })
    .trim()
    .max(REFERRAL_PARAMS_MAX, { error: `must be at most ${REFERRAL_PARAMS_MAX} characters` })
    .nullable()
    .transform((value) => (value ?? "").replace(/^\?/, ""))
    .superRefine((value, context) => {
      const problem = referralParamsProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  /**
   * Its consultation address (decision 058): where a click-out for a prescription-only medicine
   * goes. "" or null for none; https only, `{medication}` only in the query. The API also refuses
   * one off the pharmacy website's site (decision 029's registrable-domain rule).
   */
  consultationUrl: webAddressText({ max: CATALOGUE_LIMITS.urlMax, optional: true }).superRefine(
    (value, context) => {
      const problem = consultationUrlProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    },
  ),
  /** Consultation or prescribing fee (decision 042): every total visitors see includes it. */
  consultationFee: money(),
  consultationFeeBasis: ConsultationFeeBasis,
};

/**
 * A new pharmacy. Required: name and website (http or https). gphcNumber (7 digits starting with
 * 1, unique: a taken one answers 409 naming it) and cqcNumber are optional. `id` is optional: when
 * absent it is made from the name, with -2, -3… if taken. Numeric fields follow the specification's fall-back: "", null or text that is
 * not a number become 0; a negative, out-of-range or off-step number is refused. Omitted fields
 * take the form's defaults ({@link PHARMACY_DEFAULTS}).
 */
export const PharmacyInput = z.object({
  id: CatalogueId.optional(),
  name: pharmacyFields.name,
  website: pharmacyFields.website,
  gphcNumber: pharmacyFields.gphcNumber.default(null),
  cqcNumber: pharmacyFields.cqcNumber.default(null),
  rating: pharmacyFields.rating.default(PHARMACY_DEFAULTS.rating),
  deliveryOptions: pharmacyFields.deliveryOptions.default([...PHARMACY_DEFAULTS.deliveryOptions]),
  deliveryTime: pharmacyFields.deliveryTime.default(PHARMACY_DEFAULTS.deliveryTime),
  prescriptionRequired: pharmacyFields.prescriptionRequired.default(PHARMACY_DEFAULTS.prescriptionRequired),
  active: pharmacyFields.active.default(PHARMACY_DEFAULTS.active),
  description: pharmacyFields.description.default(PHARMACY_DEFAULTS.description),
  trustpilotUrl: pharmacyFields.trustpilotUrl.default(PHARMACY_DEFAULTS.trustpilotUrl),
  minOrderValue: pharmacyFields.minOrderValue.default(PHARMACY_DEFAULTS.minOrderValue),
  deliveryFee: pharmacyFields.deliveryFee.default(PHARMACY_DEFAULTS.deliveryFee),
  freeDeliveryThreshold: pharmacyFields.freeDeliveryThreshold.default(
    PHARMACY_DEFAULTS.freeDeliveryThreshold,
  ),
  referralParams: pharmacyFields.referralParams.default(""),
  consultationUrl: pharmacyFields.consultationUrl.default(""),
  consultationFee: pharmacyFields.consultationFee.default(PHARMACY_DEFAULTS.consultationFee),
  consultationFeeBasis: pharmacyFields.consultationFeeBasis.default(PHARMACY_DEFAULTS.consultationFeeBasis),
});
export type PharmacyInput = z.input<typeof PharmacyInput>;

/**
 * A change to a pharmacy: any of the form's fields, the others kept (the list's switch sends only
 * `active`). The read-only fields of a pharmacy sent back (`_id`, `listed`, `priceCount`) are
 * ignored; `id` may be sent but not changed.
 */
export const PharmacyUpdate = z.object({ id: CatalogueId, ...pharmacyFields }).partial();
export type PharmacyUpdate = z.input<typeof PharmacyUpdate>;

/**
 * The GPhC number a pharmacy created from a price sheet must have: Apply creates it to publish the
 * sheet's prices at once, which an unregistered pharmacy could not (decision 034).
 */
export const RequiredGphcNumber = text({ error: requiredMessage })
  .trim()
  .min(1, { error: "is required" })
  .regex(new RegExp(GPHC_NUMBER_PATTERN), { error: GPHC_RULE });

/**
 * Without `limit`, a page holds every pharmacy a dropdown can offer (back-office §7: the pharmacy
 * selects fetch with no query); the Pharmacy list asks for its own page size.
 */
export const PHARMACY_PAGE_LIMITS = { default: 1000, max: 1000 } as const;

/** `search`: a case-insensitive substring of the name or id. */
export const AdminPharmacyListQuery = adminListQuery(PHARMACY_PAGE_LIMITS);
export type AdminPharmacyListQuery = z.input<typeof AdminPharmacyListQuery>;

export const PharmacyListResponse = adminListPage("pharmacies", AdminPharmacy);
export const PharmacyResponse = z.object({ pharmacy: AdminPharmacy });
export const CreatedCatalogueId = z.object({ id: z.string() });
export const RemovedWithPrices = z.object({
  message: z.string(),
  /** How many price rows went with it. */
  removedPrices: z.number().int().nonnegative(),
});

export const listAdminPharmacies = defineEndpoint({
  method: "GET",
  path: "/api/admin/pharmacies",
  access: "admin",
  tag: "admin pharmacies",
  summary:
    "Pharmacies, active or not, by name, with GPhC number, whether listed and price count: paged, searched by name or id",
  query: AdminPharmacyListQuery,
  responses: { 200: PharmacyListResponse, ...refusals(400) },
});

export const getAdminPharmacy = defineEndpoint({
  method: "GET",
  path: "/api/admin/pharmacies/:id",
  access: "admin",
  tag: "admin pharmacies",
  summary: "One pharmacy, active or not",
  params: IdParams,
  responses: { 200: PharmacyResponse, ...refusals(400, 404) },
});

export const createPharmacy = defineEndpoint({
  method: "POST",
  path: "/api/admin/pharmacies",
  access: "admin",
  tag: "admin pharmacies",
  summary: "Add a pharmacy; answers its id",
  description:
    "Required: `name` and `website` (http or https). `gphcNumber` (7 digits starting with 1; a taken number " +
    'answers 409 with `fields.gphcNumber`) is optional: "" or null for none, and a pharmacy without one is ' +
    "saved but shown on no public page, list, comparison, sitemap or figure until it has one. `cqcNumber` " +
    '(a CQC location id: `1-` then 8 to 12 digits) is optional: "" or null for none. Without `id` one is ' +
    "made from the name (`-2`, `-3`… when taken); a given " +
    "`id` that is taken answers 409. Omitted fields take the form's defaults: rating 4, deliveryOptions " +
    '["standard"], prescriptionRequired true, active true, minOrderValue 0, deliveryFee 2.95, ' +
    'freeDeliveryThreshold 0, consultationFee 0, consultationFeeBasis "per-order" (or "one-off": charged on ' +
    'the first order only). Numeric fields fall back to 0 when "", null or not a number; a negative ' +
    "or out-of-range value, a rating off its 0.1 steps or an amount with more than 2 decimals is " +
    'refused (400, `fields` naming each). `referralParams` (optional, "" for none) are query parameters ' +
    "appended to every link to the pharmacy (`utm_source=pharmacompare&ref=abc`); anything that could " +
    "change a link's scheme, host or path is refused (400 `fields.referralParams`, decision 044). " +
    '`consultationUrl` (optional, "" for none) is where a click-out for a prescription-only medicine goes ' +
    "(decision 058): an https address on the same site (registrable domain) as `website`, which may hold " +
    "`{medication}` in its query (replaced by the medication's URL-encoded name); anything else is refused " +
    "(400 `fields.consultationUrl`).",
  body: PharmacyInput,
  responses: { 201: CreatedCatalogueId, ...refusals(400, 409) },
});

export const updatePharmacy = defineEndpoint({
  method: "PUT",
  path: "/api/admin/pharmacies/:id",
  access: "admin",
  tag: "admin pharmacies",
  summary: "Change some or all of a pharmacy's fields (the list's switch sends only `active`)",
  description:
    "Fields left out keep their values; the same rules as creating apply to those sent. `id` cannot " +
    "change (400 `fields.id`). Switching a pharmacy off, or clearing its `gphcNumber`, removes it and its " +
    "prices from every public read; they come back when it is active and registered again.",
  params: IdParams,
  body: PharmacyUpdate,
  responses: { 200: PharmacyResponse, ...refusals(400, 404, 409) },
});

export const deletePharmacy = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/pharmacies/:id",
  access: "admin",
  tag: "admin pharmacies",
  summary: "Delete a pharmacy with its prices and its admin messages",
  description:
    "Its prices are removed through the price-write path (price alerts on the affected medications " +
    "are re-evaluated), and the admin messages shown in its price rows are deleted with it. " +
    "`removedPrices` says how many prices went.",
  params: IdParams,
  responses: { 200: RemovedWithPrices, ...refusals(400, 404) },
});
