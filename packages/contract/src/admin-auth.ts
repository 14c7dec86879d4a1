import { z } from "zod";
import { AdminUser, AuditEntry } from "./entities.ts";

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
  email: z.string().trim().max(320).default(""),
  password: z.string().max(PASSWORD_MAX_LENGTH).default(""),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ token: z.string(), user: AdminUser });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const MeResponse = z.object({ user: AdminUser });
export type MeResponse = z.infer<typeof MeResponse>;

export const ChangePasswordRequest = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).default(""),
  newPassword: z.string().max(PASSWORD_MAX_LENGTH).default(""),
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).default(""),
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

const isoDateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * Filters of GET /api/admin/audit. `from`/`to` take a date (UTC day, `to` inclusive of that
 * whole day) or a date-time; `actorEmail` matches case-insensitively.
 */
export const AuditQuery = z
  .object({
    entityType: z.string().trim().min(1).max(100).optional(),
    action: z.string().trim().min(1).max(100).optional(),
    actorEmail: z.string().trim().min(1).max(320).optional(),
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

/** Inclusive start of an audit range bound. */
export function auditRangeStart(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
}

/** Exclusive end of an audit range bound: a bare date covers that whole UTC day. */
export function auditRangeEnd(value: string): Date {
  if (value.length !== 10) return new Date(new Date(value).getTime() + 1);
  const start = new Date(`${value}T00:00:00Z`);
  return new Date(start.getTime() + 24 * 60 * 60 * 1000);
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
