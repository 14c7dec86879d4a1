import type { LoggerOptions } from "pino";

/**
 * One logger configuration (pino) for every process; secrets never reach the logs. The API's error
 * handler logs a database failure as a summary without values; these paths catch the rest.
 */
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
        // A failed query's bound values (Drizzle, PGlite) and the failing row (PostgreSQL's detail).
        "err.params",
        "err.detail",
      ],
      censor: "[redacted]",
    },
  };
}
