import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";

/**
 * The largest request body the web server takes: its forms (contact, price alert, subscribe) are
 * a few kilobytes, and everything large (price sheets) goes from the browser to the API, which has
 * its own limits.
 */
export const WEB_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * How long a request body may take to arrive once its headers have: a form of a few kilobytes
 * takes milliseconds even on a poor mobile connection. Fastify sets no request timeout of its own,
 * so a body shorter than its Content-Length held the request open for as long as the client
 * kept the connection (issue 42).
 */
export const WEB_BODY_TIMEOUT_MS = 15_000;

class BodyTooLarge extends Error {
  readonly statusCode = 413;
  constructor(limit: number) {
    super(`The request body is larger than ${Math.round(limit / 1024)} KB`);
  }
}

class BodyTooSlow extends Error {
  readonly statusCode = 408;
  constructor(ms: number) {
    super(`The request body did not arrive within ${Math.round(ms / 1000)} s`);
  }
}

/** The client went away before its body had arrived: nobody is left to answer, and no fault of ours. */
class BodyAborted extends Error {
  readonly statusCode = 400;
  constructor() {
    super("The request body ended before its declared length");
  }
}

/**
 * Refuses an over-long body with 413 before any route or action sees it. React Router's adapter
 * passes bodies on as streams, so Fastify's own bodyLimit never applies: a declared
 * Content-Length over the limit is refused at once, and any other body is read here, up to the
 * limit, and handed on as the same bytes. A body that has not all arrived within `timeoutMs` is
 * answered 408 and its connection closed; one whose client hung up is a 4xx, never a 500 with a
 * stack trace (issue 42).
 */
export function limitRequestBodies(
  app: FastifyInstance,
  limit = WEB_BODY_LIMIT_BYTES,
  timeoutMs = WEB_BODY_TIMEOUT_MS,
): void {
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
  app.addHook("preParsing", async (request, reply, payload) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new BodyTooSlow(timeoutMs)), timeoutMs);
    });
    late.catch(() => {});
    const read = async () => {
      for await (const chunk of payload) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        size += bytes.length;
        if (size > limit) throw new BodyTooLarge(limit);
        chunks.push(bytes);
      }
    };
    const reading = read();
    // After a timeout the read is abandoned; its end (the connection closing) must not be unhandled.
    reading.catch(() => {});
    try {
      await Promise.race([reading, late]);
    } catch (error) {
      if (error instanceof BodyTooSlow) reply.header("connection", "close");
      if (error instanceof BodyTooLarge || error instanceof BodyTooSlow) throw error;
      if (request.raw.aborted || request.raw.destroyed || request.raw.socket?.destroyed)
        throw new BodyAborted();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    return Readable.from(chunks.length > 0 ? [Buffer.concat(chunks)] : []);
  });
}
