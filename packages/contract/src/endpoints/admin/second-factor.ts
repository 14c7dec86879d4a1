import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { text } from "../../text.ts";
import { BackOfficeSignIn, LoginResponse, MessageResponse, PASSWORD_MAX_LENGTH } from "./auth.ts";

/**
 * The staff second factor (issue 12, decision 022): TOTP (RFC 6238) codes from an authenticator
 * app, ten one-time recovery codes, and the sign-in step between a right password and a code.
 */

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** A challenge lives this long after the password was right… */
export const SECOND_FACTOR_CHALLENGE_MS = 5 * 60 * 1000;
/** …and takes at most this many wrong codes. */
export const SECOND_FACTOR_MAX_ATTEMPTS = 5;

export const secondFactorMessages = {
  codeRequired: "Authentication code is required",
  codeShape: "Enter the 6-digit code from your authenticator app, or one of your recovery codes",
  totpShape: "Enter the 6-digit code from your authenticator app",
  codeIncorrect: "Invalid authentication code",
  challengeExpired: "This sign-in has expired. Sign in again with your email and password.",
  alreadyEnabled: "Two-step verification is already on",
  notEnabled: "Two-step verification is not on",
  noPendingSetup: "Start setting up two-step verification first",
  passwordRequired: "Current password is required",
  passwordIncorrect: "Current password is incorrect",
  enabled: "Two-step verification is on",
  disabled: "Two-step verification is off",
} as const;

/** A code as typed: spaces and hyphens dropped, letters lower-cased. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

/** Whether a typed code has the shape of a 6-digit TOTP code. */
export function isTotpCode(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normaliseCode(code));
}

/** Recovery codes: 16 characters from an alphabet without look-alikes (0/o, 1/l/i), shown in fours. */
export const RECOVERY_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const RECOVERY_CODE_LENGTH = 16;

export function isRecoveryCode(code: string): boolean {
  const normalised = normaliseCode(code);
  return (
    normalised.length === RECOVERY_CODE_LENGTH &&
    [...normalised].every((character) => RECOVERY_CODE_ALPHABET.includes(character))
  );
}

export const SecondFactorLoginRequest = z.object({
  challenge: text().max(200).default(""),
  code: text().max(64).default(""),
});
export type SecondFactorLoginRequest = z.infer<typeof SecondFactorLoginRequest>;

export const SecondFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.iso.datetime({ offset: true }).nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatus>;

export const SecondFactorSetup = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The URI as a QR code: a standalone SVG document. */
  qrSvg: z.string(),
});
export type SecondFactorSetup = z.infer<typeof SecondFactorSetup>;

export const ConfirmSecondFactorRequest = z.object({ code: text().max(64).default("") });
export type ConfirmSecondFactorRequest = z.infer<typeof ConfirmSecondFactorRequest>;

/** Turning the factor off or replacing the recovery codes needs both things an attacker lacks. */
export const SecondFactorProofRequest = z.object({
  currentPassword: text().max(PASSWORD_MAX_LENGTH).default(""),
  code: text().max(64).default(""),
});
export type SecondFactorProofRequest = z.infer<typeof SecondFactorProofRequest>;

/** Shown once, never again: only their hashes are kept. */
export const RecoveryCodesResponse = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

export const loginSecondFactor = defineEndpoint({
  method: "POST",
  path: "/api/admin/auth/login/second-factor",
  // The second half of sign-in: the challenge, not a session, says who is asking.
  access: "public",
  tag: "admin auth",
  summary: "Complete a sign-in with an authentication or recovery code; answers a bearer token",
  description:
    "As sign-in: an API client gets `token`; the back-office page (its `Origin` and " +
    "`X-PharmaCompare-Request: 1`) gets the session cookie and an answer without it (decision 028).",
  body: SecondFactorLoginRequest,
  responses: { 200: z.union([LoginResponse, BackOfficeSignIn]), ...refusals(400, 401, 429) },
});

export const secondFactorStatus = defineEndpoint({
  method: "GET",
  path: "/api/admin/auth/second-factor",
  access: "admin",
  tag: "admin auth",
  summary: "Whether the signed-in administrator has two-step verification on",
  responses: { 200: SecondFactorStatus },
});

export const startSecondFactorSetup = defineEndpoint({
  method: "POST",
  path: "/api/admin/auth/second-factor/setup",
  access: "admin",
  tag: "admin auth",
  summary: "Start setting up two-step verification: a new secret, its otpauth URI and QR code",
  responses: { 200: SecondFactorSetup, ...refusals(409) },
});

export const confirmSecondFactorSetup = defineEndpoint({
  method: "POST",
  path: "/api/admin/auth/second-factor/setup/confirm",
  access: "admin",
  tag: "admin auth",
  summary: "Turn two-step verification on with a first code; answers ten recovery codes, once",
  body: ConfirmSecondFactorRequest,
  responses: { 200: RecoveryCodesResponse, ...refusals(400, 409, 429) },
});

export const disableSecondFactor = defineEndpoint({
  method: "POST",
  path: "/api/admin/auth/second-factor/disable",
  access: "admin",
  tag: "admin auth",
  summary: "Turn two-step verification off (current password and a code)",
  body: SecondFactorProofRequest,
  responses: { 200: MessageResponse, ...refusals(400, 409, 429) },
});

export const regenerateRecoveryCodes = defineEndpoint({
  method: "POST",
  path: "/api/admin/auth/second-factor/recovery-codes",
  access: "admin",
  tag: "admin auth",
  summary: "Replace the recovery codes (current password and a code); answers the new ones, once",
  body: SecondFactorProofRequest,
  responses: { 200: RecoveryCodesResponse, ...refusals(400, 409, 429) },
});
