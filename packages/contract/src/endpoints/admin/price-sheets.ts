import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { LegalCategory } from "../../entities.ts";
import { INTRODUCTORY_TERMS } from "../../ids.ts";
import { text } from "../../text.ts";
import { MessageResponse } from "./auth.ts";
import { PharmacyInput, RequiredGphcNumber } from "./pharmacies.ts";

/**
 * Price sheets (issue 13, decision 017): a workbook (.xlsx) or a .csv of prices in the public
 * site's §5 format is uploaded, previewed and then applied in one transaction through the
 * price-write path; the current prices are exported in the same format. The file travels as
 * base64 in JSON so the back-office's one API client carries it like any other body.
 */

export const PRICE_SHEET_LIMITS = {
  /** The largest file accepted, in bytes (10 MB). */
  maxBytes: 10 * 1024 * 1024,
  /** Rows over all sheets. */
  maxRows: 20_000,
  /** Characters in one cell. */
  maxCellChars: 2_000,
  /** A workbook's parts once unzipped, in bytes: more than that is treated as a zip bomb. */
  maxUnzippedBytes: 64 * 1024 * 1024,
  /** One part of a workbook once unzipped, in bytes (decision 029). */
  maxPartBytes: 32 * 1024 * 1024,
  /** Parts in a workbook's zip (a sheet is one or two). */
  maxZipEntries: 3_000,
  /** Sheets in a workbook: one per medication. */
  maxSheets: 1_000,
  /** Columns of a sheet (name, rating, dosages, link): a cell further right is refused. */
  maxColumns: 256,
  /** Entries in a workbook's table of shared text. */
  maxSharedStrings: 500_000,
  /** Characters in one line of a CSV (its cells together). */
  maxCsvLineChars: 32_000,
} as const;

/** base64 of at most maxBytes (4 characters per 3 bytes, padded). */
const MAX_BASE64 = Math.ceil(PRICE_SHEET_LIMITS.maxBytes / 3) * 4;

/** The request body of an upload (the JSON around it stays under 15 MB). */
export const PRICE_SHEET_BODY_LIMIT = MAX_BASE64 + 64 * 1024;

export const priceSheetMessages = {
  tooLarge: "The file is larger than 10 MB",
  wrongType: "Please choose an .xlsx workbook or a .csv file",
  noUpload: "There is no uploaded price file waiting to be applied; please upload it again",
} as const;

export const PriceSheetUpload = z.object({
  fileName: text({ error: "is required" }).trim().min(1, { error: "is required" }).max(255),
  content: z
    .string({ error: "is required" })
    .max(MAX_BASE64, { error: priceSheetMessages.tooLarge })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: "must be the file in base64" }),
});
export type PriceSheetUpload = z.input<typeof PriceSheetUpload>;

export const PriceSheetSkip = z.object({
  sheet: z.string(),
  row: z.number().int().optional(),
  column: z.number().int().optional(),
  reason: z.string(),
});

export const PriceSheetChangeStatus = z.enum(["new", "changed", "unchanged"]);

export const PriceSheetChange = z.object({
  medicationId: z.string(),
  medicationName: z.string(),
  pharmacyId: z.string(),
  pharmacyName: z.string(),
  dosage: z.string(),
  /** null when the pharmacy has no price for this dosage yet. */
  oldPrice: z.number().nullable(),
  newPrice: z.number(),
  /**
   * The introductory price and terms the row will have (decision 057), when the file has the
   * columns; left out when it has not (the stored ones are kept).
   */
  newIntroductoryPrice: z.number().nullable().optional(),
  newIntroductoryTerms: z.enum(INTRODUCTORY_TERMS).nullable().optional(),
  status: PriceSheetChangeStatus,
});
export type PriceSheetChange = z.infer<typeof PriceSheetChange>;

export const PriceSheetUnknownMedication = z.object({
  sheet: z.string(),
  name: z.string(),
  /** The condition's subcategory, by name: where the medication goes if it is created. */
  condition: z.string(),
  dosages: z.array(z.string()),
  /** The legal category it is created with: the sheet's, or POM when the sheet gives none (decision 035). */
  legalCategory: LegalCategory,
  /** The file's prices for it, written if it is created. */
  prices: z.number().int(),
});

/**
 * A catalogue medication whose sheet states another legal category (decision 035): Apply sets it.
 * A sheet that states none leaves the medication's as it is.
 */
export const PriceSheetLegalCategoryChange = z.object({
  medicationId: z.string(),
  medicationName: z.string(),
  from: LegalCategory,
  to: LegalCategory,
});
export type PriceSheetLegalCategoryChange = z.infer<typeof PriceSheetLegalCategoryChange>;

export const PriceSheetUnknownPharmacy = z.object({
  name: z.string(),
  sheets: z.array(z.string()),
  /** The site of its first link in the file, to start the new pharmacy's website from; null without one. */
  website: z.string().nullable(),
  /** The file's prices for it (at medications that exist or are created). */
  prices: z.number().int(),
});

/**
 * A price link the file adds or changes (decision 029), on a price Apply writes. `flagged`: the
 * link's registrable domain differs from the pharmacy's website (or the pharmacy has none), so it
 * is applied only when Apply's `acceptLinks` names its `id`; otherwise the price is written and
 * its link left as it is.
 */
export const PriceSheetLinkChange = z.object({
  id: z.string(),
  medicationName: z.string(),
  pharmacyName: z.string(),
  dosage: z.string(),
  oldLink: z.string().nullable(),
  newLink: z.string(),
  /** The old link's host, null when the price had no link. */
  oldHost: z.string().nullable(),
  newHost: z.string(),
  /** The website the link was compared with (for a pharmacy the file would create, the one offered). */
  website: z.string().nullable(),
  flagged: z.boolean(),
});
export type PriceSheetLinkChange = z.infer<typeof PriceSheetLinkChange>;

export const PriceSheetPreview = z.object({
  fileName: z.string(),
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    skipped: z.number().int(),
  }),
  changes: z.array(PriceSheetChange),
  /**
   * Sheets whose name matches no medication (decision 017): skipped, unless Apply is asked to
   * create them (in the sheet's condition, with its dosages and prices).
   */
  unknownMedications: z.array(PriceSheetUnknownMedication),
  /**
   * Pharmacy names matching no pharmacy: skipped, unless Apply is asked to create them with the
   * website and GPhC number the administrator gives (a sheet carries no GPhC number).
   */
  unknownPharmacies: z.array(PriceSheetUnknownPharmacy),
  /** Every link the file adds or changes, old host → new host; flagged ones wait for a tick. */
  linkChanges: z.array(PriceSheetLinkChange),
  /** Catalogue medications whose legal category the file changes (each audited as its update). */
  legalCategoryChanges: z.array(PriceSheetLegalCategoryChange),
  skipped: z.array(PriceSheetSkip),
});
export type PriceSheetPreview = z.infer<typeof PriceSheetPreview>;

/** A pharmacy to create from the file: its name as in the file, and what the file cannot say. */
export const PriceSheetNewPharmacy = z.object({
  name: text({ error: "is required" }).trim().min(1, { error: "is required" }).max(200),
  website: PharmacyInput.shape.website,
  gphcNumber: RequiredGphcNumber,
});
export type PriceSheetNewPharmacy = z.input<typeof PriceSheetNewPharmacy>;

/** Which of the preview's unknown medications (by sheet) and pharmacies to create; the rest are skipped. */
export const PriceSheetApplyChoices = z.object({
  createMedications: z
    .array(text({ error: "must be a sheet name" }).trim().min(1).max(200), {
      error: "must be a list of sheet names",
    })
    .max(1000)
    .default([]),
  createPharmacies: z
    .array(PriceSheetNewPharmacy, { error: "must be a list of pharmacies" })
    .max(1000)
    .default([]),
  /** The ids of the preview's flagged link changes to apply; a flagged link not named is not applied. */
  acceptLinks: z
    .array(text({ error: "must be a link change's id" }).trim().min(1).max(40), {
      error: "must be a list of link change ids",
    })
    .max(20_000)
    .default([]),
});
export type PriceSheetApplyChoices = z.input<typeof PriceSheetApplyChoices>;

export const PriceSheetApplied = z.object({
  written: z.number().int(),
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  triggeredAlerts: z.number().int(),
  createdMedications: z.number().int(),
  createdPharmacies: z.number().int(),
  /** Catalogue medications whose legal category the file changed. */
  changedLegalCategories: z.number().int(),
});
export type PriceSheetApplied = z.infer<typeof PriceSheetApplied>;

export const PriceSheetExportQuery = z.object({
  medicationId: text().trim().min(1).max(120).optional(),
});

export const PriceSheetFile = z.object({ fileName: z.string(), content: z.string() });

export const previewPriceSheet = defineEndpoint({
  method: "POST",
  path: "/api/admin/price-sheets/preview",
  access: "admin",
  tag: "price sheets",
  summary:
    "Reads an uploaded .xlsx or .csv of prices by the public site §5 rules and answers what applying it would change; " +
    "changes nothing, and holds the file for this administrator (one at a time)",
  body: PriceSheetUpload,
  bodyLimit: PRICE_SHEET_BODY_LIMIT,
  responses: { 200: PriceSheetPreview, ...refusals(400, 413, 415, 429) },
});

export const applyPriceSheet = defineEndpoint({
  method: "POST",
  path: "/api/admin/price-sheets/apply",
  access: "admin",
  tag: "price sheets",
  summary:
    "Applies the administrator's previewed file: every new and changed price in one transaction through " +
    "the price-write path (history, alerts), with one audit entry of the counts. The body names the " +
    "preview's unknown medications and pharmacies to create in the same transaction (the rest are skipped)",
  body: PriceSheetApplyChoices,
  responses: { 200: PriceSheetApplied, ...refusals(400, 404, 409) },
});

export const discardPriceSheet = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/price-sheets/current",
  access: "admin",
  tag: "price sheets",
  summary: "Forgets the administrator's previewed file",
  responses: { 200: MessageResponse },
});

export const exportPriceSheet = defineEndpoint({
  method: "GET",
  path: "/api/admin/price-sheets/export",
  access: "admin",
  tag: "price sheets",
  summary:
    "The current prices of one medication, or of all, as an .xlsx workbook in the public site §5 format (base64)",
  query: PriceSheetExportQuery,
  responses: { 200: PriceSheetFile, ...refusals(400, 404) },
});
