import type { LoggerOptions } from "pino";

/** One logger configuration (pino) for every process; secrets never reach the logs. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        "*.password",
        "*.currentPassword",
        "*.newPassword",
        "*.confirmPassword",
        "*.token",
      ],
      censor: "[redacted]",
    },
  };
}
