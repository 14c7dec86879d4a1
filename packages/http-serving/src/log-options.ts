import { type LogFormat, readableLogStream } from "./log-format.ts";
import { processLogDestination } from "./request-log.ts";

/*
 * What the servers' logs may hold (issue 12): both the API and the standalone web server build
 * their pino options here, so neither logs a visitor's personal data or a secret. This package is
 * what both servers share (the web server must not import the API, which opens the database).
 */

const REDACTED = "[redacted]";
const EMAIL_MASK = "[email]";

/** Query keys whose values are kinds or numbers, never personal data: logged as they are. */
const LOGGED_QUERY_VALUES = new Set(["page", "pageSize", "limit", "sort", "order", "status", "view"]);

/**
 * A path segment that is what a visitor typed: the search suggestions' term
 * (`GET /api/medications/search/:query`). Logged as [redacted], as a query value would be.
 */
const FREE_TEXT_SEGMENT = /^(\/api\/medications\/search\/)[^/?#]+/i;

/**
 * A request URL as logged: the path and the query's keys. Values are dropped unless the key is
 * known to hold no personal data (an email link's `token`, an alert's `email`, a search term).
 */
export function urlForLog(rawUrl: string): string {
  const url = rawUrl.replace(FREE_TEXT_SEGMENT, `$1${REDACTED}`);
  const mark = url.indexOf("?");
  if (mark < 0) return url;
  const query = url.slice(mark + 1).split("#")[0] ?? "";
  const parts = query
    .split("&")
    .filter((part) => part !== "")
    .map((part) => {
      const equals = part.indexOf("=");
      const key = equals < 0 ? part : part.slice(0, equals);
      if (equals < 0) return key;
      return LOGGED_QUERY_VALUES.has(key) ? part : `${key}=${REDACTED}`;
    });
  return parts.length === 0 ? url.slice(0, mark) : `${url.slice(0, mark)}?${parts.join("&")}`;
}

/** Keys whose values are secrets at any depth of a log line (compared without case, `-` or `_`). */
const SECRET_KEYS = new Set([
  "password",
  "currentpassword",
  "newpassword",
  "confirmpassword",
  "token",
  "accesstoken",
  "refreshtoken",
  "authorization",
  "cookie",
  "setcookie",
  "secret",
  "totp",
  "totpcode",
  "code",
  // The second factor (decision 022): a sign-in challenge, recovery codes, and the secret again
  // as an otpauth URI and as its QR code.
  "challenge",
  "recoverycode",
  "recoverycodes",
  "otpauthuri",
  "qrsvg",
  // A failed query's bound values (Drizzle, PGlite) and the failing row (PostgreSQL's detail).
  "params",
  "detail",
]);

const EMAIL = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** A cheap test that lets most lines (a request's summary) through without parsing them. */
const SUSPECT =
  /@|password|token|authori[sz]ation|cookie|secret|totp|"code"|challenge|recovery|otpauth|qrsvg|"params"|"detail"/i;

function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase().replace(/[-_]/g, ""));
}

/** Objects whose `code` says what failed (ECONNREFUSED, SQLSTATE 23505) and is kept. */
const DIAGNOSTIC_PARENTS = new Set(["err", "error", "cause", "db"]);

function isErrorObject(value: Record<string, unknown>): boolean {
  return (
    typeof value.stack === "string" || (typeof value.type === "string" && typeof value.message === "string")
  );
}

function clean(value: unknown, parent = ""): unknown {
  if (typeof value === "string") return value.replace(EMAIL, EMAIL_MASK);
  if (Array.isArray(value)) return value.map((item) => clean(item, parent));
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  const diagnostic = DIAGNOSTIC_PARENTS.has(parent) || isErrorObject(record);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(record)) {
    const keep = inner === undefined || !isSecretKey(key) || (diagnostic && key === "code");
    out[key] = keep ? clean(inner, key) : REDACTED;
  }
  return out;
}

/**
 * The last step before a log line is written (pino's `streamWrite` hook): secrets at any depth —
 * passwords, tokens, authorization and cookie headers, one-time codes — and every email address,
 * in messages and error texts too, are masked. Lines without a suspect word pass unparsed.
 */
export function redactLogLine(line: string): string {
  if (!SUSPECT.test(line)) return line;
  const newline = line.endsWith("\n") ? "\n" : "";
  try {
    return JSON.stringify(clean(JSON.parse(line))) + newline;
  } catch {
    // Not JSON (a pretty-printer's line): at least no email address.
    return line.replace(EMAIL, EMAIL_MASK);
  }
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The pino options both servers use. */
export interface LogOptions {
  level: string;
  name: string;
  serializers: { req: (request: LoggedRequest) => Record<string, unknown> };
  hooks: { streamWrite: (line: string) => string };
  /** Where the lines go: standard output, asynchronously, as JSON; or the readable form (`pretty`). */
  stream: { write(line: string): unknown };
}

/**
 * One logger configuration for every process. `name` tells the servers' lines apart when
 * `npm start` runs both in one process; `format` is `chooseLogFormat`'s answer for the process
 * (JSON unless told otherwise). A readable log goes to `output` (standard output), in colour on a
 * terminal; JSON goes to standard output through the process's asynchronous destination
 * (`processLogDestination`, decision 050) unless the caller sends it elsewhere (`stream`).
 */
export function logOptions(
  level: string,
  name: string,
  format: LogFormat = "json",
  output: { write(text: string): unknown; isTTY?: boolean } = process.stdout,
): LogOptions {
  return {
    stream: format === "pretty" ? readableLogStream(output, output.isTTY === true) : processLogDestination(),
    level,
    name,
    // Fastify's request summary: no headers, and the query's keys without their values.
    serializers: {
      req: (request) => ({
        method: request.method,
        url: request.url === undefined ? undefined : urlForLog(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    // Secrets at any depth and every email address are masked in the written line (`redactLogLine`);
    // pino's own path redaction is not used beside it: it cost a request's line about 2 µs, a fifth
    // of its logging (issue 33), for keys the hook masks anyway.
    hooks: { streamWrite: redactLogLine },
  };
}
