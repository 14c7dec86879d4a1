import type { ErrorCode } from "@pharmacompare/contract";
import { DrizzleQueryError } from "drizzle-orm";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { codeForStatus, Refusal, refuse } from "../domain/refusal.ts";
import { constraintRefusal } from "./constraint-refusal.ts";
import { DATABASE_UNAVAILABLE } from "./database-availability.ts";

/**
 * Errors the router raises before any route runs (a path parameter over 100 characters, a
 * malformed percent-encoding) answer `{ error, code }` like everything else, not Fastify's own shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? "A path parameter is longer than 100 characters"
      : "Malformed URL";
  const status = error.statusCode ?? 400;
  reply.code(status).send({ error: message, code: codeForStatus(status) });
}

/** What may be logged of a failed query: never its parameters, the row's values or the query text. */
export interface DatabaseFailure {
  code?: string;
  message: string;
  table?: string;
  constraint?: string;
}

/**
 * The database is unreachable or going away, not wrong: class 08 (connection exception), 57P01–03
 * (the server shutting down or starting up), 53300 (too many connections), 57014 (the statement
 * timeout fired). The client may retry, so these answer 503 rather than 500.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300|57014)$/;
/** What node-postgres and Node's sockets throw when no server answers (no SQLSTATE, no severity). */
const UNAVAILABLE_MESSAGES =
  /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i;

/** Whether an error means the database could not be reached (retryable: 503). */
export function databaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = stringField(current, "code");
    if (code && UNAVAILABLE_STATES.test(code)) return true;
    if (code && /^E[A-Z]+$/.test(code) && UNAVAILABLE_MESSAGES.test(code)) return true;
    // Drizzle's own message lists the bound values: a visitor's text must not decide this.
    if (!(current instanceof DrizzleQueryError) && UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** SQLSTATEs of text PostgreSQL cannot store (U+0000, or a character the encoding lacks). */
const UNSTORABLE_TEXT = new Set(["22021", "22P05"]);

const stringField = (value: object, key: string): string | undefined => {
  const field: unknown = Reflect.get(value, key);
  return typeof field === "string" ? field : undefined;
};

/** A PostgreSQL error as node-postgres and PGlite raise it: a SQLSTATE code and a severity. */
function isDriverError(value: unknown): value is Error {
  return (
    value instanceof Error &&
    /^[0-9A-Z]{5}$/.test(stringField(value, "code") ?? "") &&
    stringField(value, "severity") !== undefined
  );
}

/** The DrizzleQueryError thrown, or one it was rethrown as the cause of (a logger prints causes). */
function queryErrorIn(error: unknown): DrizzleQueryError | undefined {
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof DrizzleQueryError) return current;
    current = current.cause;
  }
  return undefined;
}

/** The driver's own error behind a failed query, if the server answered one. */
function driverErrorIn(error: unknown): Error | undefined {
  const queryError = queryErrorIn(error);
  const driver = queryError ? queryError.cause : error;
  return isDriverError(driver) ? driver : undefined;
}

/**
 * The loggable summary of a database failure, or undefined for any other error. Drizzle wraps the
 * driver's error in a DrizzleQueryError (`cause`) whose message lists every bound value; both
 * drivers also hang the parameters (PGlite) and the failing row (`detail`) on their own error.
 */
export function databaseFailure(error: unknown): DatabaseFailure | undefined {
  const queryError = queryErrorIn(error);
  const driver = queryError ? queryError.cause : error;
  if (!isDriverError(driver)) {
    if (!queryError) return undefined;
    // Not a server answer (a closed database, a dropped connection): its message holds no values.
    return { message: driver instanceof Error ? driver.message : "Database query failed" };
  }
  const failure: DatabaseFailure = { message: driver.message };
  for (const key of ["code", "table", "constraint"] as const) {
    const value = stringField(driver, key);
    if (value !== undefined) failure[key] = value;
  }
  return failure;
}

const contextNames: Record<string, string> = {
  body: "body field",
  querystring: "query parameter",
  params: "path parameter",
  headers: "header",
};

/** Fastify's own refusals (bad JSON, body too large, unsupported media type) by their codes. */
const frameworkCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "payload_too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "invalid_request",
  FST_ERR_CTP_EMPTY_JSON_BODY: "invalid_request",
  FST_ERR_CTP_INVALID_JSON_BODY: "invalid_request",
};

/**
 * A schema validation failure as one refusal: the sentence names every problem (as it always
 * has), and `fields` maps each field's dotted path (a parameter's name for params and query) to
 * its first problem.
 */
function validationRefusal(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
) {
  const context = contextNames[error.validationContext ?? "body"] ?? "field";
  const fields: Record<string, string> = {};
  const messages = error.validation.map((issue) => {
    const name = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
    const message = issue.message ?? "is invalid";
    if (name && !(name in fields)) fields[name] = message;
    return name ? `${context} "${name}": ${message}` : `${context}s: ${message}`;
  });
  return refuse(400, `Invalid ${messages.join("; ")}`, {
    code: "invalid_request",
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
  });
}

/** The driver's detail and column of a failed statement: parsed for names, never logged. */
function constraintDetail(error: unknown): { detail?: string; column?: string } {
  const driver = driverErrorIn(error);
  if (!driver) return {};
  const detail = stringField(driver, "detail");
  const column = stringField(driver, "column");
  return { ...(detail !== undefined ? { detail } : {}), ...(column !== undefined ? { column } : {}) };
}

function send(reply: FastifyReply, refusal: Refusal) {
  return reply.code(refusal.statusCode).headers(refusal.headers).send(refusal.body());
}

/**
 * The one error handler: every refusal is `{ error, code, fields? }` naming the problem; a 5xx
 * never leaks internals (they go to the log with the request id instead), unless it is a Refusal,
 * whose message is written for the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refusal) return send(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) return send(reply, validationRefusal(error));
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response did not match its schema");
      return send(reply, refuse(500, "Internal server error"));
    }
    if (databaseUnavailable(error)) {
      request.log.error(
        { db: databaseFailure(error) ?? { message: error.message } },
        "request failed: database unavailable",
      );
      return send(
        reply,
        refuse(503, DATABASE_UNAVAILABLE, {
          headers: { "Retry-After": "1" },
        }),
      );
    }
    const database = databaseFailure(error);
    if (database) {
      // A backstop: the contract refuses such text first wherever it can.
      if (database.code && UNSTORABLE_TEXT.has(database.code)) {
        request.log.info({ db: database }, "request refused: text the database cannot store");
        return send(reply, refuse(400, "Invalid text: it contains characters that cannot be stored"));
      }
      const refusal = constraintRefusal({ ...database, ...constraintDetail(error) }, request.method);
      if (refusal) {
        request.log.info({ db: database }, "request refused: a database constraint");
        return send(reply, refusal);
      }
      request.log.error({ db: database }, "request failed: database error");
      return send(reply, refuse(500, "Internal server error"));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return send(reply, refuse(status, status === 503 ? "Service unavailable" : "Internal server error"));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type) carry safe messages.
    const code = (error.code && frameworkCodes[error.code]) || codeForStatus(status);
    return send(reply, refuse(status, error.message, { code }));
  });

  app.setNotFoundHandler((request, reply) => {
    send(reply, refuse(404, `No route for ${request.method} ${request.url.split("?")[0]}`));
  });
}
