import type { ErrorBody, ErrorCode } from "@pharmacompare/contract";

const defaultCodes: Record<number, ErrorCode> = {
  500: "internal",
  400: "invalid_request",
  401: "unauthenticated",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "too_many_requests",
  503: "unavailable",
};

/** The code a refusal with this status carries unless it names its own. */
export function codeForStatus(statusCode: number): ErrorCode {
  return defaultCodes[statusCode] ?? (statusCode >= 500 ? "internal" : "invalid_request");
}

export interface RefusalOptions {
  code?: ErrorCode;
  /** Field (dotted path) → what is wrong with it, for forms. */
  fields?: Record<string, string>;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
}

/**
 * The one way a handler or service refuses a request: throw it, and the error handler answers
 * `{ error, code, fields }` with its status. Its message is for the client, so it must be safe to show.
 */
export class Refusal extends Error {
  override name = "Refusal";
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, options: RefusalOptions = {}) {
    super(message);
    this.statusCode = statusCode;
    this.code = options.code ?? codeForStatus(statusCode);
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }

  body(): ErrorBody {
    return this.fields
      ? { error: this.message, code: this.code, fields: this.fields }
      : { error: this.message, code: this.code };
  }
}

export function refuse(statusCode: number, message: string, options?: RefusalOptions): Refusal {
  return new Refusal(statusCode, message, options);
}

export const notFound = (message: string) => refuse(404, message);

/** A 400; name the field when one field is at fault, so a form can show the message beside it. */
export const badRequest = (message: string, field?: string) =>
  refuse(400, message, field ? { fields: { [field]: message } } : undefined);

/** A 429 with Retry-After in whole seconds. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  refuse(429, message, { headers: { "Retry-After": String(retryAfterSeconds) } });
