import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

/**
 * What the API and the web server share about serving HTTP from memory (decision 027): the
 * encoding a cached answer is sent in, and answering before Fastify.
 */
export type Encoding = "br" | "gzip" | "identity";

/** Accept-Encoding values seen lately and the encoding each chose (a handful in practice). */
const chosen = new Map<string, Encoding>();

/**
 * The encoding to answer in, as the compression plugin negotiates it: the highest q of br and
 * gzip (br on a tie, `*` standing for either, `x-gzip` for gzip), identity when neither is
 * acceptable or the header is absent.
 */
export function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const known = chosen.get(header);
  if (known) return known;
  let best: Encoding = "identity";
  let bestQ = 0;
  const q: Record<string, number> = {};
  for (const part of header.toLowerCase().split(",")) {
    const [token = "", ...params] = part.trim().split(";");
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = weight ? Number(weight.slice(2)) : 1;
    q[token.trim() === "x-gzip" ? "gzip" : token.trim()] = Number.isFinite(value) ? value : 0;
  }
  for (const encoding of ["br", "gzip"] as const) {
    const value = q[encoding] ?? q["*"] ?? 0;
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  if (chosen.size >= 256) chosen.clear();
  chosen.set(header, best);
  return best;
}

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
