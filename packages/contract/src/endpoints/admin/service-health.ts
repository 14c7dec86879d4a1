import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";

/**
 * The dashboard's "is everything working?" (issue 31, decision 044): the last 30 UK days of
 * click-outs, alerts, subscriptions and email, with what waits now, in one read; and the monthly
 * click-outs by pharmacy that invoices are made from.
 */

/** The window the dashboard shows: today and the 29 UK days before it. */
export const SERVICE_HEALTH_DAYS = 30;
/** The medications with the most stale prices the dashboard names. */
export const STALE_MEDICATIONS_SHOWN = 5;

const ukDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a day as YYYY-MM-DD" });
const count = z.number().int().nonnegative();

/** A pharmacy feed failing now (decision 047): three failed runs in a row, or silent for two days. */
export const FailingFeed = z.object({
  pharmacyId: z.string(),
  name: z.string(),
  reason: z.string(),
  /** When its first failed run of the streak started. */
  since: z.iso.datetime({ offset: true }),
});
export type FailingFeed = z.infer<typeof FailingFeed>;

/**
 * A scheduled job whose latest run failed its last try (issue 46, decision 066): nothing will try
 * that run again; its next scheduled run goes ahead.
 */
export const FailedJob = z.object({
  job: z.string(),
  /** The run's scheduled moment. */
  scheduledFor: z.iso.datetime({ offset: true }),
  attempts: count,
  /** Why its last try failed (no addresses: the scheduler keeps only a database error's code and message). */
  error: z.string(),
});
export type FailedJob = z.infer<typeof FailedJob>;

export const ServiceHealth = z.object({
  /** When the figures were read. */
  asOf: z.iso.datetime({ offset: true }),
  /** The first and last UK day of the window (inclusive). */
  from: ukDay,
  to: ukDay,
  clickOuts: z.object({
    total: count,
    /** Every day of the window, oldest first, 0 where none. */
    byDay: z.array(z.object({ day: ukDay, count })),
    /** Most first; a pharmacy deleted since keeps its id as its name. */
    byPharmacy: z.array(z.object({ pharmacyId: z.string(), name: z.string(), count })),
  }),
  /** By UK week (its Monday), oldest first: the window's weeks, the first one partly. */
  alerts: z.array(z.object({ week: ukDay, set: count, confirmed: count, fired: count })),
  subscriptions: z.array(z.object({ week: ukDay, gained: count, lost: count, bounced: count })),
  emails: z.object({
    /** Accepted by the mail server (sent) and given up as failed, each day of the window. */
    byDay: z.array(z.object({ day: ukDay, accepted: count, failed: count })),
    /** Waiting to be sent now, and since when the oldest of them has waited. */
    backlog: count,
    oldestWaitingSince: z.iso.datetime({ offset: true }).nullable(),
  }),
  /**
   * Prices not confirmed for the API's stale limit (PRICE_STALE_DAYS, decision 048): the rows the
   * public pages say "may be out of date" about, with those already past PRICE_HIDE_DAYS (gone from
   * the comparison) counted in `hidden`, and the medications with most.
   */
  stalePrices: z.object({
    /** The configured limits the figures were counted with, for the dashboard's words. */
    staleDays: z.number().int().positive(),
    hideDays: z.number().int().positive(),
    total: count,
    hidden: count,
    byMedication: z
      .array(z.object({ medicationId: z.string(), name: z.string(), count }))
      .max(STALE_MEDICATIONS_SHOWN),
  }),
  /** Contact messages still "new". */
  contactsWaiting: count,
  /** Price feeds failing now, oldest incident first. */
  failingFeeds: z.array(FailingFeed),
  /** Scheduled jobs whose latest run failed for good, oldest first (feeds and newsletters say so themselves). */
  failedJobs: z.array(FailedJob),
  /**
   * Tag purges owed to the shared caches in front (PURGE_URLS, decision 064) and not yet taken:
   * none normally; some while a cache is down, and it may serve old prices until they are sent.
   */
  cachePurges: z.object({ waiting: count, oldestWaitingSince: z.iso.datetime({ offset: true }).nullable() }),
});
export type ServiceHealth = z.infer<typeof ServiceHealth>;

export const serviceHealth = defineEndpoint({
  method: "GET",
  path: "/api/admin/service-health",
  access: "admin",
  tag: "admin dashboard",
  summary: "The last 30 days of click-outs, alerts, subscriptions and email, and what waits now",
  description:
    "Days and weeks are the UK's (a week starts on Monday). A failed email is dated by its last attempt; " +
    "a bounce by the subscription's last change. Click-outs are written in batches, so the last few " +
    "seconds' may not be in yet.",
  responses: { 200: ServiceHealth },
});

const ukMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "must be a month as YYYY-MM" });

/** At most two years of months in one answer. */
export const CLICK_OUT_MONTHS_MAX = 24;

export const ClickOutMonthsQuery = z
  .object({
    /** First and last month, inclusive; by default the last 12 months, this one included. */
    from: ukMonth.optional(),
    to: ukMonth.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: "must not be after `to`",
    path: ["from"],
  });
export type ClickOutMonthsQuery = z.input<typeof ClickOutMonthsQuery>;

export const ClickOutMonths = z.object({
  from: ukMonth,
  to: ukMonth,
  /** One row per month and pharmacy with any click-out, by month then pharmacy name. */
  rows: z.array(z.object({ month: ukMonth, pharmacyId: z.string(), name: z.string(), count: count })),
});
export type ClickOutMonths = z.infer<typeof ClickOutMonths>;

export const clickOutMonths = defineEndpoint({
  method: "GET",
  path: "/api/admin/click-outs/monthly",
  access: "admin",
  tag: "admin dashboard",
  summary: "Click-outs by pharmacy and UK month, for invoicing",
  description:
    "Months are `YYYY-MM` on the UK's calendar; without `from` and `to`, the last 12 months. At most 24 " +
    "months at once (400 naming `from`). Bots and prefetches were never counted.",
  query: ClickOutMonthsQuery,
  responses: { 200: ClickOutMonths, ...refusals(400) },
});
