import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";

/**
 * The largest request body the web server takes: its forms (contact, price alert, subscribe) are
 * a few kilobytes, and everything large (price sheets) goes from the browser to the API, which has
 * its own limits.
 */
export const WEB_BODY_LIMIT_BYTES = 64 * 1024;

class BodyTooLarge extends Error {
  readonly statusCode = 413;
  constructor(limit: number) {
    super(`The request body is larger than ${Math.round(limit / 1024)} KB`);
  }
}

/**
 * Refuses an over-long body with 413 before any route or action sees it. React Router's adapter
 * passes bodies on as streams, so Fastify's own bodyLimit never applies: a declared
 * Content-Length over the limit is refused at once, and any other body is read here, up to the
 * limit, and handed on as the same bytes.
 */
export function limitRequestBodies(app: FastifyInstance, limit = WEB_BODY_LIMIT_BYTES): void {
  app.addHook("onRequest", async (request) => {
    const declared = Number(request.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge(limit);
  });
  // A write with no body at all (neither Content-Length nor Transfer-Encoding) reaches no parser,
  // and React Router's adapter then reads the raw request stream, whose end it never sees: the
  // request was never answered (the raw-socket fuzzer, issue 25). It is handed on as empty.
  app.addHook("preHandler", async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD" && request.body === undefined)
      request.body = "";
  });
  app.addHook("preParsing", async (_request, _reply, payload) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += bytes.length;
      if (size > limit) throw new BodyTooLarge(limit);
      chunks.push(bytes);
    }
    return Readable.from(chunks.length > 0 ? [Buffer.concat(chunks)] : []);
  });
}
