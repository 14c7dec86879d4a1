import type { LoggerOptions } from "pino";

/** The secret of an email link in a logged URL (`?token=…`) is not logged. */
export function withoutTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/g, "$1[redacted]");
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * One logger configuration (pino) for every process; secrets never reach the logs. The API's error
 * handler logs a database failure as a summary without values; these paths catch the rest.
 */
export function loggerOptions(level: string, name: string): LoggerOptions {
  return {
    level,
    // Both servers share one process under `npm start`; the name tells their lines apart.
    name,
    // Fastify's own request summary, with link tokens masked (email links carry them in the query).
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url === undefined ? undefined : withoutTokens(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
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
