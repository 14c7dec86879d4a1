import { z } from "zod";
import { Slug } from "./entities.ts";
import { PRICE_INDEX_ATTRIBUTION, PRICE_INDEX_LICENCE, PRICE_INDEX_LICENCE_URL } from "./price-index.ts";
import { text } from "./text.ts";

/**
 * The open data and its keyed API (issue 45, decision 062): what every answer of `/api/open/`
 * says about its licence, the key's shape, and the quota words both tiers show.
 */

/**
 * Every open answer carries this: Creative Commons Attribution 4.0, in the same words as the index
 * pages and their files (decision 061).
 */
export const OPEN_DATA_LICENCE = {
  name: PRICE_INDEX_LICENCE,
  url: PRICE_INDEX_LICENCE_URL,
  attribution: PRICE_INDEX_ATTRIBUTION,
} as const;

export const OpenDataLicence = z.object({
  name: z.literal(OPEN_DATA_LICENCE.name),
  url: z.literal(OPEN_DATA_LICENCE.url),
  attribution: z.string(),
});

/**
 * An open-API key: the scheme, then 43 base64url characters (32 random bytes). Only its SHA-256 is
 * stored; the first {@link API_KEY_PREFIX_LENGTH} characters are kept to tell keys apart.
 */
export const API_KEY_SCHEME = "pcod_";
export const API_KEY_PREFIX_LENGTH = 12;

/** The bounds staff may set on a key's quotas; a day's quota is at least a minute's. */
export const API_KEY_QUOTA_LIMITS = {
  perMinute: { min: 1, max: 600, default: 60 },
  perDay: { min: 1, max: 100_000, default: 5_000 },
} as const;

/** How the open API names its two quotas in `RateLimit-Policy` and `RateLimit`. */
export const OPEN_API_POLICIES = { minute: "per-minute", day: "per-day" } as const;

/** A calendar month, "2026-10". */
export const OpenMonth = text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "must be a month, YYYY-MM" });

export const OpenPriceIndexParams = z.object({ month: OpenMonth });

export const OpenPriceIndexRow = z.object({
  medicationId: Slug,
  medicationName: z.string(),
  dosage: z.string(),
  subcategoryId: z.string(),
  /** The median of each day's lowest in-stock price over the month, in pounds. */
  medianLowest: z.number().positive(),
  /** Days of the month with a price. */
  days: z.number().int().positive(),
  /** Pharmacies that priced it during the month. */
  pharmacies: z.number().int().positive(),
});
export type OpenPriceIndexRow = z.infer<typeof OpenPriceIndexRow>;

export const OpenPriceIndex = z.object({
  licence: OpenDataLicence,
  month: z.string(),
  rows: z.array(OpenPriceIndexRow),
});
export type OpenPriceIndex = z.infer<typeof OpenPriceIndex>;

/** How far back the daily lowest prices reach (the price history's window). */
export const OPEN_DAILY_LOWEST_DAYS = 90;

const optionalDay = z.iso.date({ error: "must be a date, YYYY-MM-DD" }).optional();

export const OpenDailyLowestQuery = z.object({
  medication: text({ error: "is required" }).trim().min(1, { error: "is required" }).max(100),
  dosage: text({ error: "is required" }).trim().min(1, { error: "is required" }).max(200),
  from: optionalDay,
  to: optionalDay,
});
export type OpenDailyLowestQuery = z.input<typeof OpenDailyLowestQuery>;

export const OpenDailyLowest = z.object({
  licence: OpenDataLicence,
  medicationId: Slug,
  dosage: z.string(),
  from: z.string(),
  to: z.string(),
  /** Oldest first; a day with no pharmacy in stock is left out. */
  lowest: z.array(z.object({ date: z.string(), price: z.number().positive() })),
});
export type OpenDailyLowest = z.infer<typeof OpenDailyLowest>;
