import { flushProcessLog } from "./request-log.ts";

/**
 * How long a graceful stop may wait (decision 021): Fastify finishes the requests in flight, and
 * a request whose body never arrives, or an answer its client never reads, would otherwise hold
 * the process for as long as the client likes.
 */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Called as a stop begins: once the grace has passed, says so in the log and exits with 1 with
 * requests unfinished. The timer does not keep the process alive, so a clean stop exits at once.
 */
export function limitShutdown(log: { error(fields: object, message: string): void }): void {
  setTimeout(() => {
    log.error({ graceMs: SHUTDOWN_GRACE_MS }, "shutdown took too long: exiting with requests unfinished");
    flushProcessLog();
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
}
