import { z } from "zod";
import { AdminUser, AuditEntry } from "./entities.ts";
import { text } from "./text.ts";

/** Back-office sign-in, session, password, audit and dashboard calls (back-office §2, §5, §7). */
export const adminAuthPaths = {
  login: "/api/admin/auth/login",
  logout: "/api/admin/auth/logout",
  me: "/api/admin/auth/me",
  changePassword: "/api/admin/auth/change-password",
  audit: "/api/admin/audit",
  stats: "/api/admin/stats",
} as const;

/**
 * The account the first start-up creates when ADMIN_EMAIL is not set. The back-office warns
 * whoever signs in with it to change its password (back-office §2 Profile Settings).
 */
export const DEFAULT_ADMIN_EMAIL = "admin@pharmacompare.local";

export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound so nobody can make the server hash a megabyte. */
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * Missing fields arrive as "" so the API can answer with the specification's own sentences
 * rather than a generic validation error.
 */
export const LoginRequest = z.object({
  email: text().trim().max(320).default(""),
  password: text().max(PASSWORD_MAX_LENGTH).default(""),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ token: z.string(), user: AdminUser });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const MeResponse = z.object({ user: AdminUser });
export type MeResponse = z.infer<typeof MeResponse>;

export const ChangePasswordRequest = z.object({
  currentPassword: text().max(PASSWORD_MAX_LENGTH).default(""),
  newPassword: text().max(PASSWORD_MAX_LENGTH).default(""),
  confirmPassword: text().max(PASSWORD_MAX_LENGTH).default(""),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const passwordChangeMessages = {
  currentRequired: "Current password is required",
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  mismatch: "New passwords do not match",
  currentIncorrect: "Current password is incorrect",
  changed: "Password changed successfully",
} as const;

/**
 * The first rule a password change breaks (back-office §5), or null. Shared so the form and the
 * API say the same thing; checking the current password itself is the API's job.
 */
export function passwordChangeProblem(input: ChangePasswordRequest): string | null {
  if (input.currentPassword === "") return passwordChangeMessages.currentRequired;
  if (input.newPassword.length < PASSWORD_MIN_LENGTH) return passwordChangeMessages.tooShort;
  if (input.newPassword !== input.confirmPassword) return passwordChangeMessages.mismatch;
  return null;
}

/** Years PostgreSQL compares safely, with margin (there is no year 0, and 9999 plus a day overflows). */
export const AUDIT_YEARS = { min: 1900, max: 9998 } as const;

const isoDateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).refine(
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
export const AuditQuery = z
  .object({
    entityType: text().trim().min(1).max(100).optional(),
    action: text().trim().min(1).max(100).optional(),
    actorEmail: text().trim().min(1).max(320).optional(),
    actorId: z.uuid().optional(),
    from: isoDateOrDateTime.optional(),
    to: isoDateOrDateTime.optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.from || !q.to || auditRangeStart(q.from) <= auditRangeEnd(q.to), {
    error: "from must not be after to",
    path: ["from"],
  });
export type AuditQuery = z.infer<typeof AuditQuery>;

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
export const AuditPage = z.object({
  entries: z.array(AuditEntry),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().min(1),
});
export type AuditPage = z.infer<typeof AuditPage>;

/** Real row counts for the dashboard's cards (all rows, active or not). */
export const AdminStats = z.object({
  medications: z.number().int().nonnegative(),
  pharmacies: z.number().int().nonnegative(),
  prices: z.number().int().nonnegative(),
  categories: z.number().int().nonnegative(),
});
export type AdminStats = z.infer<typeof AdminStats>;
