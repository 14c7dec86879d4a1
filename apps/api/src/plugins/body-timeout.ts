import type { FastifyInstance } from "fastify";

/**
 * How long a request body may take to arrive once its headers have: the largest price sheet
 * allowed arrives well within it on a slow line. Fastify sets no request timeout of its own, so a
 * body shorter than its Content-Length held its connection for as long as the client kept it
 * open (issue 42).
 */
const API_BODY_TIMEOUT_MS = 120_000;

class BodyTooSlow extends Error {
  readonly statusCode = 408;
  constructor(ms: number) {
    super(`The request body did not arrive within ${Math.round(ms / 1000)} s`);
  }
}

/**
 * A body still arriving after `ms` is refused with 408 and its connection closed: the error goes
 * to the body's reader (Fastify's parser), which answers it like any other refusal, at info.
 */
export function limitBodyTime(app: FastifyInstance, ms = API_BODY_TIMEOUT_MS): void {
  app.addHook("preParsing", async (request, reply, payload) => {
    if (request.method === "GET" || request.method === "HEAD") return payload;
    const timer = setTimeout(() => {
      if (reply.sent || payload.readableEnded || payload.destroyed) return;
      reply.header("connection", "close");
      // `done` below listens for errors too, so this one never goes unhandled.
      payload.emit("error", new BodyTooSlow(ms));
    }, ms);
    // A timer per request must neither outlive it nor keep a closing process alive.
    timer.unref();
    const done = () => clearTimeout(timer);
    payload.once("end", done);
    payload.once("close", done);
    payload.once("error", done);
    reply.raw.once("close", done);
    return payload;
  });
}
