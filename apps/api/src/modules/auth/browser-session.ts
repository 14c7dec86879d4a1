import { BACK_OFFICE_REQUEST_HEADER, BACK_OFFICE_REQUEST_VALUE } from "@pharmacompare/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_ABSOLUTE_MS } from "./auth-service.ts";
import { hasTokenShape } from "./tokens.ts";

/**
 * The back-office's session in the browser (decision 028, ASVS 3.2.3 / 3.4.x): the session token
 * in an HttpOnly, SameSite=Strict cookie on the API's own origin, which page script cannot read.
 * Over https the cookie is Secure and named with the `__Host-` prefix, so no other host and no
 * plain-http page can set or shadow it. Path=/ because the admin routes live under several
 * prefixes (`/api/admin`, `/api/blog/admin`, `/admin/…`).
 */
export interface BrowserSession {
  readonly cookieName: string;
  /** The token in the request's session cookie, or null when there is none of a token's shape. */
  tokenFrom(request: FastifyRequest): string | null;
  /** Sets the cookie for a session just opened. */
  open(reply: FastifyReply, token: string): void;
  /** Tells the browser to forget the cookie (sign-out, or a cookie the API no longer accepts). */
  close(reply: FastifyReply): void;
  /**
   * Whether the request proves it was made by the back-office page: an `Origin` in the WEB_ORIGIN
   * allow-list and the back-office request header. A cross-site form can send neither; a foreign
   * page's script cannot send the header without a CORS preflight that only those origins pass.
   */
  fromBackOffice(request: FastifyRequest): boolean;
}

const SESSION_COOKIE_NAME = "pc_admin_session";

/** `Origin` values as browsers send them: scheme and host in lower case, no default port. */
export function normaliseOrigin(origin: string): string | null {
  try {
    const { origin: normalised } = new URL(origin);
    return normalised === "null" ? null : normalised;
  } catch {
    return null;
  }
}

export function createBrowserSession(
  parseCookie: (header: string) => Record<string, string | undefined>,
  options: { apiUrl: string; webOrigins: readonly string[] },
): BrowserSession {
  const secure = new URL(options.apiUrl).protocol === "https:";
  const cookieName = secure ? `__Host-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME;
  const allowedOrigins = new Set(options.webOrigins.map(normaliseOrigin).filter((origin) => origin !== null));
  const attributes = { httpOnly: true, sameSite: "strict", path: "/", secure } as const;

  return {
    cookieName,
    tokenFrom(request) {
      const header = request.headers.cookie;
      if (!header) return null;
      const token = parseCookie(header)[cookieName];
      return hasTokenShape(token) ? token : null;
    },
    open(reply, token) {
      // Never outlives the session's absolute lifetime (decision 006); the idle limit is the API's.
      reply.setCookie(cookieName, token, { ...attributes, maxAge: SESSION_ABSOLUTE_MS / 1000 });
    },
    close(reply) {
      reply.clearCookie(cookieName, attributes);
    },
    fromBackOffice(request) {
      const origin = request.headers.origin;
      return (
        origin !== undefined &&
        allowedOrigins.has(origin) &&
        request.headers[BACK_OFFICE_REQUEST_HEADER.toLowerCase()] === BACK_OFFICE_REQUEST_VALUE
      );
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The back-office session cookie and the CSRF proof of its writes (modules/auth/browser-session.ts). */
    browserSession: BrowserSession;
  }
}
