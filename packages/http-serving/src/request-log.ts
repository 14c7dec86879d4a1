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
  override incomingRequest(): void {}

  override requestCompleted(...[error, request, reply]: Parameters<LogController["requestCompleted"]>): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
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

/** Fastify's `logController` option for both servers. */
export function oneLinePerRequest(): LogController {
  return new OneLinePerRequest();
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
