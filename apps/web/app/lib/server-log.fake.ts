import { logOptions } from "@pharmacompare/http-serving";
import { type LoggerOptions, pino } from "pino";
import { handOverServerLog } from "./server-log.server.ts";

/**
 * Tests only: the app's server log, as the web server configures it, kept in memory. Each line is
 * the redacted text a log would hold; `release` gives the slot back.
 */
export function captureServerLog(): { lines: string[]; release: () => void } {
  const lines: string[] = [];
  // The lines go to `lines`, not to the options' standard output.
  const { stream: _stdout, ...options } = logOptions("info", "web");
  const logger = pino(options as LoggerOptions, {
    write: (line: string) => lines.push(line),
  });
  return { lines, release: handOverServerLog(logger) };
}
