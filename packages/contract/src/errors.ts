import { z } from "zod";

/**
 * What a refusal is about, for programs; people read `error`. Validation and database rules map
 * onto these in the API's one error handler.
 */
export const ERROR_CODES = [
  "invalid_request",
  "unauthenticated",
  "session_expired",
  "password_change_required",
  /** REQUIRE_SECOND_FACTOR is on and the account has not enrolled yet: enrolment comes first. */
  "second_factor_required",
  /** A cookie-authenticated write without the back-office's Origin and request header (decision 028). */
  "csrf",
  "not_found",
  "conflict",
  "still_referenced",
  "rule_violated",
  /** The request needs the caller's explicit confirmation field (a newsletter's close matches, decision 040). */
  "confirmation_required",
  "too_many_requests",
  "payload_too_large",
  "unsupported_media_type",
  "internal",
  "unavailable",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Every refusal the API sends. `error` is the sentence a person reads (the specifications'
 * screens show it as it is); `code` is for programs; `fields` maps a request field (dotted path,
 * e.g. "email" or "prices.3.price") to what is wrong with it, so forms never parse sentences.
 */
export const ErrorBody = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODES).optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
