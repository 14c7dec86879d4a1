import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { AuditAction, AuditEntityType, AuditEntry } from "../../entities.ts";
import { pageQuery } from "../../query.ts";
import { text } from "../../text.ts";
import { adminListPage } from "./list-convention.ts";

/** Years PostgreSQL compares safely, with margin (there is no year 0, and 9999 plus a day overflows). */
export const AUDIT_YEARS = { min: 1900, max: 9998 } as const;

const isoDateOrDateTime = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: "must be a date (YYYY-MM-DD) or a date and time with its offset",
  })
  .refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= AUDIT_YEARS.min && year <= AUDIT_YEARS.max;
    },
    { error: `the year must be between ${AUDIT_YEARS.min} and ${AUDIT_YEARS.max}` },
  );

/**
 * Filters of GET /api/admin/audit. `from`/`to` take a date (a calendar day in London, `to`
 * inclusive of that whole day) or a date-time; `actorEmail` matches case-insensitively.
 */
export const AUDIT_PAGE_LIMITS = { default: 20, max: 100 } as const;

export const AuditQuery = pageQuery(AUDIT_PAGE_LIMITS)
  .extend({
    entityType: AuditEntityType.optional(),
    action: AuditAction.optional(),
    actorEmail: text().trim().min(1).max(320).optional(),
    actorId: z.uuid().optional(),
    from: isoDateOrDateTime.optional(),
    to: isoDateOrDateTime.optional(),
  })
  .refine((q) => !q.from || !q.to || auditRangeStart(q.from) < auditRangeEnd(q.to), {
    error: "from must not be after to",
    path: ["from"],
  });
export type AuditQuery = z.infer<typeof AuditQuery>;
export type AuditQueryInput = z.input<typeof AuditQuery>;

/** The back office works in UK time: a bare date means that calendar day in London. */
const AUDIT_TIME_ZONE = "Europe/London";
const londonClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: AUDIT_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** How far London's wall clock is ahead of UTC at `instant` (ms since the epoch, whole seconds). */
function londonOffsetMs(instant: number): number {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(londonClock.formatToParts(instant).find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - instant;
}

/** The instant London's calendar day `date` (YYYY-MM-DD), moved on by `days`, begins. */
function londonMidnight(date: string, days = 0): Date {
  const midnightUtc = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)) + days,
  );
  // The offset at UTC midnight, then again at the instant that gives, in case a clock change lies between.
  const guess = midnightUtc - londonOffsetMs(midnightUtc);
  return new Date(midnightUtc - londonOffsetMs(guess));
}

const isBareDate = (value: string) => value.length === 10;

/** Inclusive start of an audit range bound: a bare date starts at midnight in London. */
export function auditRangeStart(value: string): Date {
  return isBareDate(value) ? londonMidnight(value) : new Date(value);
}

/** Exclusive end of an audit range bound: a bare date covers that whole London day. */
export function auditRangeEnd(value: string): Date {
  return isBareDate(value) ? londonMidnight(value, 1) : new Date(new Date(value).getTime() + 1);
}

/** Newest first. `totalPages` is at least 1 so a pager can always say "Page 1 of 1". */
export const AuditPage = adminListPage("entries", AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

export const listAuditEntries = defineEndpoint({
  method: "GET",
  path: "/api/admin/audit",
  access: "admin",
  tag: "admin audit",
  summary: "Audit log, newest first, filtered by entity type, action, actor and date range",
  query: AuditQuery,
  responses: { 200: AuditPage, ...refusals(400) },
});
