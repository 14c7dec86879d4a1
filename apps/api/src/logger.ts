import { type LogFormat, logOptions } from "@pharmacompare/http-serving";
import type { LoggerOptions } from "pino";

/** The secret of an email link in a URL (`?token=…`) masked; logged URLs go further (`urlForLog`). */
export function withoutTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/g, "$1[redacted]");
}

/**
 * One logger configuration (pino) for every process, shared with the web server through
 * `@pharmacompare/http-serving`: no secret, no visitor's email address and no query value that may
 * be personal reaches the logs. The API's error handler also logs a database failure as a summary
 * without values. `format`: JSON unless `chooseLogFormat` says a person is reading (decision 039).
 */
export function loggerOptions(
  level: string,
  name: string,
  format: LogFormat = "json",
  output?: Parameters<typeof logOptions>[3],
): LoggerOptions {
  return logOptions(level, name, format, output) as LoggerOptions;
}
