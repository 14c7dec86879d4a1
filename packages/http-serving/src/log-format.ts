import { prettyFactory } from "pino-pretty";

/**
 * How a server writes its log (decision 039): `json`, one object a line, for log collectors, files
 * and tests; `pretty`, one readable line a request, for a person watching `npm start` or
 * `npm run dev` in a terminal.
 */
export type LogFormat = "json" | "pretty";

/**
 * Readable lines only for a person at a terminal while developing: standard output is a TTY and
 * the mode is development (unset counts as development, as both configurations default it).
 * Piped into anything, in production or under test, the lines stay JSON.
 */
export function chooseLogFormat(stdout: { isTTY?: boolean }, nodeEnv: string | undefined): LogFormat {
  return stdout.isTTY === true && (nodeEnv ?? "development") === "development" ? "pretty" : "json";
}

/**
 * The fields of a request's lines: Fastify's "incoming request" holds `req`, its "request
 * completed" `res` and `responseTime` (an early answer's one line holds all of them).
 */
interface RequestLine {
  msg?: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  cache?: string;
}

/** "GET /api/medications?page=2 200 4 ms" (plus "cache hit" when answered from memory). */
export function requestSummary(line: RequestLine): string {
  const time = typeof line.responseTime === "number" ? ` ${Math.round(line.responseTime)} ms` : "";
  const hit = line.cache === "hit" ? " cache hit" : "";
  return `${line.req?.method ?? "?"} ${line.req?.url ?? "?"} ${line.res?.statusCode ?? "?"}${time}${hit}`;
}

/** Fields a readable line leaves out: the request's are in its summary, the rest are noise there. */
const LEFT_OUT = "pid,hostname,reqId,req,res,responseTime,cache";

/** Requests begun but not yet completed, by Fastify's request id: a few at a time in practice. */
const MAX_OPEN_REQUESTS = 1000;

/**
 * A pino destination that writes each line readably to `output`: time, level, the server's name
 * and the message, a request as one summary line. Fastify's "incoming request" line is held back
 * and its method and address joined to the "request completed" line, so a request is one line.
 * Lines reach it already redacted (`logOptions`' `streamWrite`).
 */
export function readableLogStream(
  output: { write(text: string): unknown },
  colorize: boolean,
): { write(line: string): void } {
  const prettify = prettyFactory({
    colorize,
    translateTime: "SYS:HH:MM:ss",
    ignore: LEFT_OUT,
    messageFormat: (log) =>
      log.msg === "request completed" ? requestSummary(log as RequestLine) : String(log.msg ?? ""),
  });
  const open = new Map<unknown, RequestLine["req"]>();
  return {
    write(line: string) {
      let entry: RequestLine & { reqId?: unknown };
      try {
        entry = JSON.parse(line) as RequestLine & { reqId?: unknown };
      } catch {
        output.write(line);
        return;
      }
      if (entry.msg === "incoming request") {
        if (open.size >= MAX_OPEN_REQUESTS) open.clear();
        open.set(entry.reqId, entry.req);
        return;
      }
      if (entry.msg === "request completed" && entry.req === undefined) {
        entry.req = open.get(entry.reqId);
        open.delete(entry.reqId);
      }
      output.write(prettify(entry));
    },
  };
}
