import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { Price } from "../../entities.ts";
import { INTRODUCTORY_TERMS } from "../../ids.ts";
import { introductoryProblem } from "../../introductory-price.ts";
import { IdParams } from "../../public-api.ts";
import { text } from "../../text.ts";
import { MessageResponse } from "./auth.ts";
import {
  AcceptOffSiteLink,
  CATALOGUE_LIMITS,
  PackQuantity,
  PoundsPrice,
  PriceLink,
  ReferenceId,
  requiredMessage,
} from "./catalogue-fields.ts";
import { adminListPage, adminListQuery } from "./list-convention.ts";

/**
 * The back-office's prices (back-office §2 Price Management, §3, §5, §7). Every change to a price
 * goes through the API's one price-write path: the price history gets a row, and the price alerts
 * on that medication and dosage are re-evaluated in the same transaction (a confirmed alert whose
 * target is reached fires and its email is queued).
 */

/** A price row as the back-office sees it: every row, whatever the pharmacy's state. */
export const AdminPrice = Price.extend({
  /** False while the pharmacy is switched off: visitors do not see this price then. */
  pharmacyActive: z.boolean(),
});
export type AdminPrice = z.infer<typeof AdminPrice>;

const dosageText = text({ error: requiredMessage })
  .trim()
  .min(1, { error: "is required" })
  .max(CATALOGUE_LIMITS.dosageMax, { error: `must be at most ${CATALOGUE_LIMITS.dosageMax} characters` });

/**
 * An introductory price (decision 057): a price in pounds, or "" / null for none (stored as null).
 * Whether it goes with terms and stays below the ongoing price is the contract's
 * `introductoryProblem`, checked on the whole row.
 */
export const IntroductoryPriceField = z
  .union([z.null(), z.literal("")])
  .transform(() => null)
  .or(PoundsPrice);

/** An introductory price's terms: `first-order` or `first-month`, or "" / null for none. */
export const IntroductoryTermsField = z
  .union([z.null(), z.literal("")], { error: "must be first-order or first-month" })
  .transform(() => null)
  .or(z.enum(INTRODUCTORY_TERMS, { error: "must be first-order or first-month" }));

/**
 * A new price (the Price Management's "+ Add Price" form). `price` and `quantity` may be numbers
 * or their text ("12.50"). `link`: a web address, or "" / null for none.
 */
export const PriceInput = z
  .object({
    medicationId: ReferenceId,
    pharmacyId: ReferenceId,
    dosage: dosageText,
    price: PoundsPrice,
    quantity: PackQuantity.default(1),
    inStock: z.boolean({ error: "must be true or false" }).default(true),
    link: PriceLink.optional().transform((value) => value ?? null),
    acceptOffSiteLink: AcceptOffSiteLink,
    /** Both or neither, below `price` (decision 057); none when left out. */
    introductoryPrice: IntroductoryPriceField.optional().transform((value) => value ?? null),
    introductoryTerms: IntroductoryTermsField.optional().transform((value) => value ?? null),
  })
  .superRefine((row, context) => {
    const problem = introductoryProblem(row);
    if (problem) context.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });
export type PriceInput = z.input<typeof PriceInput>;

/**
 * An inline edit: the client may send the whole price object it shows; only `price`, `quantity`,
 * `inStock` and `link` are read, and those left out keep their values. The rest (`_id`,
 * `medicationId`, `pharmacyId`, `pharmacy`, `dosage`, `lastUpdated`, `pharmacyActive`) is ignored.
 */
export const PriceUpdate = z.object({
  price: PoundsPrice.optional(),
  quantity: PackQuantity.optional(),
  inStock: z.boolean({ error: "must be true or false" }).optional(),
  link: PriceLink.optional(),
  acceptOffSiteLink: AcceptOffSiteLink,
  /**
   * Left out: kept. The pair is checked with the stored values filled in (decision 057): a new
   * ongoing price at or below the stored introductory price is refused beside `price`.
   */
  introductoryPrice: IntroductoryPriceField.optional(),
  introductoryTerms: IntroductoryTermsField.optional(),
});
export type PriceUpdate = z.input<typeof PriceUpdate>;

/**
 * One row of a bulk write: the add form's fields. A row for an existing (medication, pharmacy,
 * dosage) updates it; `quantity`, `inStock` and `link` left out keep the stored values (a new row
 * gets 1, in stock, no link).
 */
export const BulkPriceRow = z.object({
  medicationId: ReferenceId,
  pharmacyId: ReferenceId,
  dosage: dosageText,
  price: PoundsPrice,
  quantity: PackQuantity.optional(),
  inStock: z.boolean({ error: "must be true or false" }).optional(),
  link: PriceLink.optional(),
  acceptOffSiteLink: AcceptOffSiteLink,
  /** Left out: kept (checked against the stored values as the inline edit is). */
  introductoryPrice: IntroductoryPriceField.optional(),
  introductoryTerms: IntroductoryTermsField.optional(),
});
export type BulkPriceRow = z.input<typeof BulkPriceRow>;

export const BulkPriceRequest = z.object({
  prices: z
    .array(BulkPriceRow, { error: "must be a list of prices" })
    .min(1, { error: "must have at least one row" })
    .max(CATALOGUE_LIMITS.bulkPricesMax, {
      error: `must have at most ${CATALOGUE_LIMITS.bulkPricesMax} rows`,
    }),
});
export type BulkPriceRequest = z.input<typeof BulkPriceRequest>;

export const BulkPriceResult = z.object({
  /** Rows inserted or updated: all of them. */
  written: z.number().int().nonnegative(),
  /** Price alerts the new prices fired (their emails are queued). */
  triggeredAlerts: z.number().int().nonnegative(),
});
export type BulkPriceResult = z.infer<typeof BulkPriceResult>;

/** Without `limit`, every row the medication can have in practice; Price Management asks for its page size. */
export const PRICE_PAGE_LIMITS = { default: 1000, max: 1000 } as const;

/** `search`: a case-insensitive substring of the pharmacy's name or the dosage. */
export const AdminPriceListQuery = adminListQuery(PRICE_PAGE_LIMITS);
export type AdminPriceListQuery = z.input<typeof AdminPriceListQuery>;

export const AdminPriceList = adminListPage("prices", AdminPrice);
export type AdminPriceList = z.infer<typeof AdminPriceList>;

export const PriceIdParams = z.object({ id: z.uuid({ error: "must be a price id" }) });

export const listAdminPricesForMedication = defineEndpoint({
  method: "GET",
  path: "/api/admin/medications/:id/prices",
  access: "admin",
  tag: "admin prices",
  summary:
    "A medication's price rows, whatever the pharmacy's state, by pharmacy name then dosage: paged, searched by pharmacy or dosage",
  description:
    "Dosages follow the medication's own order. `pharmacyActive` is false for a pharmacy that is " +
    "switched off (visitors do not see its prices). An unknown medication answers 404.",
  params: IdParams,
  query: AdminPriceListQuery,
  responses: { 200: AdminPriceList, ...refusals(400, 404) },
});

export const createPrice = defineEndpoint({
  method: "POST",
  path: "/api/admin/prices",
  access: "admin",
  tag: "admin prices",
  summary: "Add one price of a medication and dosage at a pharmacy",
  description:
    "`price` above 0 with at most 2 decimals; `quantity` a whole number from 1 (default 1); `inStock` " +
    "default true; `link` a web address or empty; `introductoryPrice` and `introductoryTerms` " +
    "(`first-order` or `first-month`) both or neither, the introductory price below `price` " +
    "(decision 057; refused beside the field). Refusals (400 unless said): an unknown medication or " +
    "pharmacy (`fields.medicationId` / `fields.pharmacyId`); a dosage the medication does not list " +
    "(`fields.dosage`, the sentence names its dosages); 409 when that medication, pharmacy and dosage " +
    "already has a price (edit that one instead); a `link` whose registrable domain is not the " +
    "pharmacy website's (`fields.link`, `fields.acceptOffSiteLink`) unless `acceptOffSiteLink` is " +
    "true, which the audit entry records (decision 029). Fires the alerts the new price reaches.",
  body: PriceInput,
  responses: { 201: AdminPrice, ...refusals(400, 409) },
});

export const updatePrice = defineEndpoint({
  method: "PUT",
  path: "/api/admin/prices/:id",
  access: "admin",
  tag: "admin prices",
  summary: "Change a price's amount, pack quantity, stock or link (inline edit)",
  description:
    "Send the edited price object as shown: only `price`, `quantity`, `inStock`, `link`, " +
    "`introductoryPrice` and `introductoryTerms` are read (the two both or neither, the introductory " +
    'price below the ongoing `price`, stored values filled in; null or "" clears them), ' +
    "those left out keep their values, the read-only fields are ignored. Fires the alerts the new " +
    "price reaches.",
  params: PriceIdParams,
  body: PriceUpdate,
  responses: { 200: AdminPrice, ...refusals(400, 404) },
});

export const deletePrice = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/prices/:id",
  access: "admin",
  tag: "admin prices",
  summary: "Delete a price row",
  params: PriceIdParams,
  responses: { 200: MessageResponse, ...refusals(400, 404) },
});

export const bulkWritePrices = defineEndpoint({
  method: "POST",
  path: "/api/admin/prices/bulk",
  access: "admin",
  tag: "admin prices",
  summary: `Set up to ${CATALOGUE_LIMITS.bulkPricesMax} prices at once, all or nothing`,
  description:
    "Each row is added, or updates the row of its medication, pharmacy and dosage (`quantity`, " +
    "`inStock` and `link` left out keep their stored values; a new row is 1, in stock, no link). " +
    "All or nothing: when any row is refused nothing is written, and the 400 names every refused " +
    "row's problems in `fields`, keyed `prices.<index>.<field>` (index from 0), with an `error` such as " +
    '"2 of 40 rows were refused; no price was changed." A row is refused for a field that breaks ' +
    "its rule, an unknown medication or pharmacy, a dosage the medication does not list, or repeating " +
    "an earlier row's medication, pharmacy and dosage. Answers how many rows were written and how many " +
    "price alerts fired.",
  body: BulkPriceRequest,
  responses: { 200: BulkPriceResult, ...refusals(400) },
});
