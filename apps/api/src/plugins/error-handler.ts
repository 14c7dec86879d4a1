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
