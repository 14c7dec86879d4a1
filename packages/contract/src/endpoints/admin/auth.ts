import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { AdminUser } from "../../entities.ts";
import { text } from "../../text.ts";

/** Back-office sign-in, session and password calls (back-office §2, §5, §7). */

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

/** A session just opened, for an API client: the bearer token for the other admin calls (back-office §7). */
export const LoginResponse = z.object({ token: z.string(), user: AdminUser });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** What a right password answers for an account with a second factor (second-factor.ts). */
export const SecondFactorChallenge = z.object({
  secondFactorRequired: z.literal(true),
  /** Opaque and single-use: "this account's password was just given"; complete it with a code. */
  challenge: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallenge>;

/**
 * A session just opened by the back-office page (its Origin and request header, decision 028): the
 * HttpOnly cookie is its session, so the answer carries no token a page script could read (issue 42).
 */
export const BackOfficeSignIn = z.object({ user: AdminUser });
export type BackOfficeSignIn = z.infer<typeof BackOfficeSignIn>;

/**
 * A right password answers a session (with its token for an API client, without for the
 * back-office), or a challenge when the account has a second factor.
 */
export const LoginAnswer = z.union([LoginResponse, SecondFactorChallenge, BackOfficeSignIn]);
export type LoginAnswer = z.infer<typeof LoginAnswer>;

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
  /** A new password found in the bundled list of common breached passwords (checked by the API). */
  tooCommon: "This password is too common. Choose one that is harder to guess.",
  changed: "Password changed successfully",
} as const;

/**
 * The 403 (code `password_change_required`) for any other admin call while a generated password is
 * still in use; the back-office shows it on Profile Settings.
 */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = "Change your password before continuing";

/**
 * The 403 (code `second_factor_required`) for any other admin call while the installation requires
 * a second factor and the account has none (decision 030); the back-office shows Profile Settings.
 */
export const SECOND_FACTOR_REQUIRED_MESSAGE = "Set up two-step verification before continuing";

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

export const login = defineEndpoint({
  method: "POST",
  path: "/api/admin/auth/login",
  // The one admin path outside the guard: it is how a token is had.
  access: "public",
  tag: "admin auth",
  summary: "Sign in; answers a bearer token for the other admin calls, or a second-factor challenge",
  description:
    "An API client asks for a bearer token by signing in as itself: without the back-office page's " +
    "`Origin` and `X-PharmaCompare-Request: 1`. A sign-in that carries both is the back-office's: it " +
    "gets the HttpOnly session cookie and an answer without `token` (decision 028).",
  body: LoginRequest,
  responses: { 200: LoginAnswer, ...refusals(400, 401, 429) },
});

export const currentAdmin = defineEndpoint({
  method: "GET",
  path: "/api/admin/auth/me",
  access: "admin",
  tag: "admin auth",
  summary: "The signed-in administrator",
  responses: { 200: MeResponse },
});

export const logout = defineEndpoint({
  method: "POST",
  path: "/api/admin/auth/logout",
  access: "admin",
  tag: "admin auth",
  summary: "Sign out: revokes the presented session",
  responses: { 200: MessageResponse },
});

export const changePassword = defineEndpoint({
  method: "POST",
  path: "/api/admin/auth/change-password",
  access: "admin",
  tag: "admin auth",
  summary: "Change the signed-in administrator's password; signs out their other sessions",
  body: ChangePasswordRequest,
  responses: { 200: MessageResponse, ...refusals(400, 429) },
});
