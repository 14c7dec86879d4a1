import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { INTRODUCTORY_TERMS } from "../../ids.ts";
import { text } from "../../text.ts";
import { webAddressText } from "../../web-address-field.ts";
import { MessageResponse } from "./auth.ts";
import { adminListPage, adminListQuery } from "./list-convention.ts";

/**
 * Pharmacy price feeds (issue 29, decision 045): each pharmacy may have one feed, an address the
 * API fetches on a schedule and applies through the one price-write path; rows that look wrong are
 * held for staff to accept or reject.
 */

/** What a feed's file is: the price-sheet workbook or CSV staff upload, or one row per price. */
export const FEED_FORMATS = ["price-sheet", "flat-csv"] as const;
/** How often a feed runs, spread across the day from the pharmacy's own minute. */
export const FEED_RUNS_PER_DAY = [1, 2, 4, 6, 12, 24] as const;

/**
 * Rows a feed file may hold: a pharmacy's whole catalogue, made by a machine, where a sheet staff
 * upload stops at PRICE_SHEET_LIMITS.maxRows (20,000). The feed's size limit (FEED_MAX_MB) and the
 * reader's heap bound it too; issue 29's bench applies 30,000.
 */
export const FEED_MAX_ROWS = 100_000;
/** Who last confirmed a price (feed, price sheet or staff), kept on every price. */
export const PRICE_SOURCES = ["feed", "sheet", "staff"] as const;
/** A held row waits for staff; accepted ones were written, rejected ones never are. */
export const FEED_HELD_STATUSES = ["held", "accepted", "rejected", "superseded"] as const;

/** The header names a feed's credential may travel in (no hop-by-hop or framing header). */
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
const FORBIDDEN_HEADERS = new Set([
  "host",
  "connection",
  "content-length",
  "transfer-encoding",
  "te",
  "upgrade",
  "cookie",
  "if-none-match",
  "if-modified-since",
]);

export const FeedParams = z.object({ id: text().min(1).max(120) });

export const FeedInput = z.object({
  /** The one URL rule (web-address.ts), stored as its `href`; https and a public host are the API's check. */
  url: webAddressText({ max: 2000, optional: false }),
  format: z.enum(FEED_FORMATS, { error: `must be one of: ${FEED_FORMATS.join(", ")}` }),
  runsPerDay: z
    .number({ error: `must be one of: ${FEED_RUNS_PER_DAY.join(", ")}` })
    .refine((n) => (FEED_RUNS_PER_DAY as readonly number[]).includes(n), {
      error: `must be one of: ${FEED_RUNS_PER_DAY.join(", ")}`,
    })
    .default(1),
  active: z.boolean().default(true),
  /**
   * The pharmacy's credential, sent as this header: null removes it, omitted keeps the stored one.
   * Stored encrypted (decision 030's key); never answered back.
   */
  header: z
    .object({
      name: text()
        .trim()
        .regex(HEADER_NAME, { error: "must be a header name such as Authorization" })
        .refine((name) => !FORBIDDEN_HEADERS.has(name.toLowerCase()), {
          error: "cannot be a header the fetch sets itself",
        }),
      value: text()
        .min(1, { error: "is required" })
        .max(2000)
        .regex(/^[\t\x20-\x7e]+$/, { error: "must be printable ASCII on one line" }),
    })
    .nullable()
    .optional(),
});
export type FeedInput = z.input<typeof FeedInput>;

export const FeedRunCounts = z.object({
  read: z.number().int(),
  changed: z.number().int(),
  confirmed: z.number().int(),
  held: z.number().int(),
  refused: z.number().int(),
  /** Why rows were refused (at most 50 listed). */
  refusals: z.array(z.object({ row: z.number().int().nullable(), reason: z.string() })),
  notModified: z.boolean(),
  triggeredAlerts: z.number().int(),
});
export type FeedRunCounts = z.infer<typeof FeedRunCounts>;

export const FeedRun = z.object({
  id: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: z.enum(["running", "succeeded", "failed"]),
  manual: z.boolean(),
  /** The counts of a finished run; null while it runs or when it failed. */
  counts: FeedRunCounts.nullable(),
  /** Why a failed run failed. */
  error: z.string().nullable(),
});
export type FeedRun = z.infer<typeof FeedRun>;

export const Feed = z.object({
  pharmacyId: z.string(),
  url: z.string(),
  format: z.enum(FEED_FORMATS),
  runsPerDay: z.number().int(),
  active: z.boolean(),
  /** The credential's header name; its value is never answered. */
  headerName: z.string().nullable(),
  /** The UK-clock schedule the scheduler runs it on ("every 6 hours from 03:17 Europe/London"). */
  schedule: z.string(),
  nextRunAt: z.string().nullable(),
  lastRun: FeedRun.nullable(),
});
export type Feed = z.infer<typeof Feed>;

/** The Feeds screen's rows: a feed and the pharmacy it belongs to. */
export const FeedListRow = Feed.extend({ pharmacyName: z.string() });
export type FeedListRow = z.infer<typeof FeedListRow>;

export const FEED_PAGE_LIMITS = { default: 20, max: 100 } as const;

export const FEED_STATES = ["on", "off"] as const;

/** `search`: a case-insensitive substring of the pharmacy's name or the feed's address; `state`: on or off. */
export const FeedListQuery = adminListQuery(FEED_PAGE_LIMITS).extend({
  state: z.enum(FEED_STATES, { error: `must be one of: ${FEED_STATES.join(", ")}` }).optional(),
});
export type FeedListQuery = z.input<typeof FeedListQuery>;

export const FeedList = adminListPage("feeds", FeedListRow);
export type FeedList = z.infer<typeof FeedList>;

export const FeedHeldRow = z.object({
  id: z.string(),
  pharmacyId: z.string(),
  pharmacyName: z.string(),
  runId: z.string().nullable(),
  heldAt: z.string(),
  row: z.number().int().nullable(),
  medicationId: z.string().nullable(),
  medicationName: z.string(),
  dosage: z.string(),
  oldPrice: z.number().nullable(),
  newPrice: z.number(),
  oldLinkHost: z.string().nullable(),
  newLinkHost: z.string().nullable(),
  /** Null when the feed did not say. */
  /** The feed's introductory price and terms when it sent them (decision 057); null otherwise. */
  newIntroductoryPrice: z.number().nullable(),
  newIntroductoryTerms: z.enum(INTRODUCTORY_TERMS).nullable(),
  inStock: z.boolean().nullable(),
  reasons: z.array(z.string()),
  status: z.enum(FEED_HELD_STATUSES),
});
export type FeedHeldRow = z.infer<typeof FeedHeldRow>;

export const HELD_ROW_PAGE_LIMITS = { default: 100, max: 500 } as const;

/** The Feed review queue, oldest first: one pharmacy's or all, of one status; `search` a medication or pharmacy name. */
export const HeldRowsQuery = adminListQuery(HELD_ROW_PAGE_LIMITS).extend({
  pharmacyId: text().max(120).optional(),
  status: z.enum(FEED_HELD_STATUSES).default("held"),
});
export type HeldRowsQuery = z.input<typeof HeldRowsQuery>;

export const HeldRowList = adminListPage("rows", FeedHeldRow);
export type HeldRowList = z.infer<typeof HeldRowList>;

export const HeldRowsDecision = z.object({
  ids: z
    .array(z.uuid({ error: "must be held row ids" }))
    .min(1, { error: "name at least one row" })
    .max(500),
  decision: z.enum(["accept", "reject"], { error: "must be accept or reject" }),
});

export const HeldRowsDecided = z.object({
  accepted: z.number().int(),
  rejected: z.number().int(),
  triggeredAlerts: z.number().int(),
});

/**
 * A pharmacy's feed, or `feed: null` for a pharmacy without one: a normal state, not a refusal, so
 * the pharmacy form's read of it logs no 404 in the browser's console (issue 41).
 */
export const PharmacyFeedAnswer = z.object({ feed: Feed.nullable() });
export type PharmacyFeedAnswer = z.infer<typeof PharmacyFeedAnswer>;

export const getPharmacyFeed = defineEndpoint({
  method: "GET",
  path: "/api/admin/pharmacies/:id/feed",
  access: "admin",
  tag: "price feeds",
  summary: "A pharmacy's price feed, its schedule and its last run; feed null when it has none",
  description: "404 only for a pharmacy that does not exist.",
  params: FeedParams,
  responses: { 200: PharmacyFeedAnswer, ...refusals(404) },
});

export const setPharmacyFeed = defineEndpoint({
  method: "PUT",
  path: "/api/admin/pharmacies/:id/feed",
  access: "admin",
  tag: "price feeds",
  summary: "Set a pharmacy's price feed (address, format, how often, credential header)",
  description:
    "https only unless FEEDS_ALLOW_INSECURE is on (never in production). The header value is stored " +
    "encrypted and never answered back.",
  params: FeedParams,
  body: FeedInput,
  responses: { 200: Feed, ...refusals(400, 404) },
});

export const deletePharmacyFeed = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/pharmacies/:id/feed",
  access: "admin",
  tag: "price feeds",
  summary: "Remove a pharmacy's price feed (its runs and held rows stay)",
  params: FeedParams,
  responses: { 200: MessageResponse, ...refusals(404) },
});

export const runPharmacyFeed = defineEndpoint({
  method: "POST",
  path: "/api/admin/pharmacies/:id/feed/run",
  access: "admin",
  tag: "price feeds",
  summary: "Run a pharmacy's feed now",
  params: FeedParams,
  responses: { 200: FeedRun, ...refusals(404, 409) },
});

export const listPharmacyFeedRuns = defineEndpoint({
  method: "GET",
  path: "/api/admin/pharmacies/:id/feed/runs",
  access: "admin",
  tag: "price feeds",
  summary: "A pharmacy feed's latest runs, newest first",
  params: FeedParams,
  responses: { 200: z.object({ runs: z.array(FeedRun) }), ...refusals(404) },
});

export const listFeedHeldRows = defineEndpoint({
  method: "GET",
  path: "/api/admin/feed-review",
  access: "admin",
  tag: "price feeds",
  summary: "Rows feeds held for review (oldest first), with old and new price and link host",
  query: HeldRowsQuery,
  responses: { 200: HeldRowList, ...refusals(400) },
});

export const decideFeedHeldRows = defineEndpoint({
  method: "POST",
  path: "/api/admin/feed-review",
  access: "admin",
  tag: "price feeds",
  summary: "Accept or reject held feed rows, one or many, in one transaction",
  description:
    "Accepting writes each row through the price-write path (history, alerts). A row no longer held, " +
    "or whose medication or dosage is still unknown, refuses the whole request.",
  body: HeldRowsDecision,
  responses: { 200: HeldRowsDecided, ...refusals(400, 404, 409) },
});

export const listFeeds = defineEndpoint({
  method: "GET",
  path: "/api/admin/feeds",
  access: "admin",
  tag: "price feeds",
  summary:
    "Pharmacies' feeds with their schedule, next run and last run, by pharmacy name (the Feeds screen): paged, searched",
  query: FeedListQuery,
  responses: { 200: FeedList, ...refusals(400) },
});
