import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

/*
 * Answering a request before Fastify sees it (decision 027), as both servers' caches do for a hit,
 * and logging such an answer as Fastify would have.
 */

/**
 * Lets `answer` see each request before the server's one listener (Fastify's): when it answers
 * (returns true) Fastify never sees the request. False, and nothing changed, when the server has
 * not exactly one listener.
 *
 * Total (issue 25): an exception in a `request` listener is uncaught and ends the process, so
 * whatever `answer` throws is reported to `failed` and the request goes to the framework, which
 * answers or refuses it as it would any other; if the answer had already begun, its socket is
 * closed instead (a half-sent answer cannot be taken back).
 */
export function answerBeforeFramework(
  server: Server,
  answer: (request: IncomingMessage, response: ServerResponse) => boolean,
  failed: (error: unknown) => void = () => {},
): boolean {
  const [framework, ...others] = server.listeners("request") as RequestListener[];
  if (!framework || others.length > 0) return false;
  server.removeListener("request", framework);
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    let answered: boolean;
    try {
      answered = answer(request, response);
    } catch (error) {
      try {
        failed(error);
      } catch {
        // A failing report must not turn a handled request into a crash.
      }
      if (response.headersSent) {
        response.destroy();
        return;
      }
      answered = false;
    }
    if (!answered) framework.call(server, request, response);
  });
  return true;
}

/** The levels at which Fastify logs each request it completes. */
const LOGS_REQUESTS = new Set(["trace", "debug", "info"]);

/**
 * Logs a request answered before Fastify as Fastify's "request completed" line, marked as a
 * cache hit (the `req` serializer of logOptions drops query values, as for every line). Behind a
 * proxy the address is the proxy's, since Fastify's trust-proxy rules are not run; the proxy's
 * own log names the visitor.
 */
export function logEarlyAnswer(
  log: { level: string; info(fields: object, message: string): void },
  request: IncomingMessage,
  response: ServerResponse,
  startedAt: number,
): void {
  if (!LOGS_REQUESTS.has(log.level)) return;
  log.info(
    {
      req: {
        method: request.method,
        url: request.url,
        host: request.headers.host,
        ip: request.socket.remoteAddress,
        socket: request.socket,
      },
      res: response,
      responseTime: performance.now() - startedAt,
      cache: "hit",
    },
    "request completed",
  );
}
