import { chooseLogFormat, logOptions } from "@pharmacompare/http-serving";
import { type BaseLogger, type LoggerOptions, pino } from "pino";
import { webConfig } from "../config.server.ts";
import { ApiError } from "./api-client.ts";

/**
 * The one way the web app's server code (loaders, actions, the render) logs (issue 25, decision
 * 032): through the web server's pino logger, built from `logOptions` (http-serving), so every
 * line passes the shared redaction (no email address, secret or query value). Never `console.*`.
 */
export type ServerLogger = Pick<BaseLogger, "info" | "warn" | "error">;

/**
 * The web server (`server/web-server.ts`) and the app's server build are separate module graphs
 * in one process, so the server hands its logger over in this process-wide slot (as
 * `api-health.ts` shares its count).
 */
const SLOT = Symbol.for("pharmacompare.web.serverLog");
const shared = globalThis as typeof globalThis & { [SLOT]?: ServerLogger };

let fallback: ServerLogger | undefined;

/** Makes `logger` the app's server log; the returned function takes it back (if still current). */
export function handOverServerLog(logger: ServerLogger): () => void {
  shared[SLOT] = logger;
  return () => {
    if (shared[SLOT] === logger) delete shared[SLOT];
  };
}

/**
 * The web server's logger; without a web server (Vite's dev server, unit tests), pino to stdout
 * with the same options, readable in a developer's terminal (decision 039).
 */
export function serverLog(): ServerLogger {
  const handed = shared[SLOT];
  if (handed) return handed;
  if (!fallback) {
    const { stream, ...options } = logOptions(
      "info",
      "web",
      chooseLogFormat(process.stdout, webConfig().nodeEnv),
    );
    fallback = pino(options as LoggerOptions, stream);
  }
  return fallback;
}

/**
 * Logs a failure at `error`: what failed, and the error as an object (pino's `err`), whose API
 * client message names the endpoint's path template, never the values sent (api-client.ts).
 */
export function logServerError(message: string, error?: unknown): void {
  if (error === undefined) serverLog().error(message);
  else serverLog().error({ err: error }, message);
}

/**
 * Logs why a form's action did not do what was asked: at `info` when the visitor's request was
 * the cause — the API refused what was sent (a 4xx) or the visitor left before the answer —
 * (or the action itself refused the form: `cause` "refused"), and at `error` for anything else,
 * ours to fix (issue 42: a refusal is not a failure, decision 033).
 * Only the message, as before: it names the endpoint's path template, never the values sent.
 */
export function logFormOutcome(message: string, cause?: unknown): void {
  const visitors =
    cause === "refused" ||
    (cause instanceof ApiError &&
      (cause.kind === "aborted" || (cause.kind === "http" && cause.status >= 400 && cause.status < 500)));
  if (visitors) serverLog().info(message);
  else serverLog().error(message);
}
