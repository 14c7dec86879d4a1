import { DrizzleQueryError } from "drizzle-orm";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

/** An error a route throws on purpose: its message is safe to show the client. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusCode;
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);

/**
 * Errors the router raises before any route runs (a path parameter over 100 characters, a
 * malformed percent-encoding) answer `{ error }` like everything else, not Fastify's own shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? "A path parameter is longer than 100 characters"
      : "Malformed URL";
  reply.code(error.statusCode ?? 400).send({ error: message });
}

/** What may be logged of a failed query: never its parameters, the row's values or the query text. */
export interface DatabaseFailure {
  code?: string;
  message: string;
  table?: string;
  constraint?: string;
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

/**
 * The one error handler: every refusal is `{ error }` naming the problem; a 5xx never leaks
 * internals (they go to the log with the request id instead).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = contextNames[error.validationContext ?? "body"] ?? "field";
      const messages = error.validation.map((issue) => {
        const name = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        return name ? `${context} "${name}": ${issue.message}` : `${context}s: ${issue.message}`;
      });
      return reply.code(400).send({ error: `Invalid ${messages.join("; ")}` });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response did not match its schema");
      return reply.code(500).send({ error: "Internal server error" });
    }
    const database = databaseFailure(error);
    if (database) {
      // A backstop: the contract refuses such text first wherever it can.
      if (database.code && UNSTORABLE_TEXT.has(database.code)) {
        request.log.info({ db: database }, "request refused: text the database cannot store");
        return reply.code(400).send({ error: "Invalid text: it contains characters that cannot be stored" });
      }
      request.log.error({ db: database }, "request failed: database error");
      return reply.code(500).send({ error: "Internal server error" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply
        .code(status)
        .send({ error: status === 503 ? "Service unavailable" : "Internal server error" });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type) carry safe messages.
    return reply.code(status).send({ error: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: `No route for ${request.method} ${request.url.split("?")[0]}` });
  });
}
