import type { LoggerOptions } from "pino";

/** One logger configuration (pino) for every process; secrets never reach the logs. */
export function loggerOptions(level: string, name: string): LoggerOptions {
  return {
    level,
    // Both servers share one process under `npm start`; the name tells their lines apart.
    name,
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
