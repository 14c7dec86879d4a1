import { LogController } from "fastify";
import { pino } from "pino";

/*
 * How both servers write their log while serving (decision 050): one line per request, written
 * without blocking the event loop, and nothing lost when the process stops.
 */

/**
 * Fastify's request log as one line per request: its "incoming request" line is left out and
 * "request completed" (or "request errored") carries the request's summary beside the status
 * and the time taken, as an early answer's line does (`logEarlyAnswer`). Half the lines of
 * Fastify's default pair, and a line is whole when it is read.
 */
class OneLinePerRequest extends LogController {
  private readonly quiet: (url: string) => boolean;

  constructor(quiet: (url: string) => boolean) {
    super();
    this.quiet = quiet;
  }

  override incomingRequest(): void {}

  override requestCompleted(...[error, request, reply]: Parameters<LogController["requestCompleted"]>): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
    // A static file served as asked is at debug: a page's dozen of them would push what start-up
    // printed (the one-time password) off a newcomer's terminal (issue 41). A failure stays at info.
    else if (reply.statusCode < 400 && this.quiet(request.url)) reply.log.debug(fields, "request completed");
    else reply.log.info(fields, "request completed");
  }

  /**
   * A visitor who left before the answer was ready (a closed tab, a navigation that replaced the
   * one under way) makes the answer's stream fail with a premature close. Fastify's default
   * logged that as a failure with status 500, although nothing failed and nobody was sent a 500:
   * it is an ordinary line at info, saying what happened.
   */
  override defaultErrorLog(...args: Parameters<LogController["defaultErrorLog"]>): void {
    const [error, request, reply] = args;
    if (!visitorLeft(error, request.raw)) {
      super.defaultErrorLog(...args);
    } else if (!this.isLogDisabled(request)) {
      reply.log.info({ req: request }, "the visitor closed the connection before the answer was sent");
    }
  }
}

function visitorLeft(
  error: unknown,
  request: { destroyed?: boolean; socket?: { destroyed?: boolean } | null },
) {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === "ERR_STREAM_PREMATURE_CLOSE" &&
    (request.destroyed === true || request.socket?.destroyed === true)
  );
}

/** A file's extension among those the web serves as static files (scripts, styles, fonts, images). */
const STATIC_FILE = /\.(?:js|mjs|css|map|woff2?|ttf|otf|eot|svg|png|jpe?g|gif|webp|avif|ico)$/i;

/**
 * A request for a static file: the web's build output (`/assets/…`), the favicon, fonts and
 * images, by path (the query is ignored). Pages, data requests and the API's routes have no such
 * extension.
 */
export function isStaticAssetRequest(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  return path.startsWith("/assets/") || path.startsWith("/favicon") || STATIC_FILE.test(path);
}

/**
 * Fastify's `logController` option for both servers. `quiet` names requests whose successful
 * answers are logged at debug rather than info (the web's static files: `isStaticAssetRequest`).
 */
export function oneLinePerRequest(options: { quiet?: (url: string) => boolean } = {}): LogController {
  return new OneLinePerRequest(options.quiet ?? (() => false));
}

type Destination = ReturnType<typeof pino.destination>;
let processLog: Destination | undefined;

/**
 * Standard output through pino's asynchronous destination (sonic-boom, `sync: false`): a line is
 * appended to a buffer and written by a later `fs.write`, so a slow reader or disk never holds up
 * a request; lines written while a write is under way go out together in the next one. One per
 * process, shared by both servers under `npm start`, so their lines never interleave mid-line.
 */
export function processLogDestination(): Destination {
  processLog ??= pino.destination({ dest: 1, sync: false });
  return processLog;
}

/**
 * Writes out what the asynchronous destination still holds, synchronously: called on shutdown
 * before `process.exit` (pino also does this on the process's `exit` event; saying it here keeps
 * the guarantee from resting on that).
 */
export function flushProcessLog(): void {
  try {
    processLog?.flushSync();
  } catch {
    // Nothing to flush into (standard output closed): the lines cannot be saved.
  }
}
