import {
  AdminUser,
  adminEndpoints,
  type LoginRequest,
  type LoginResponse,
  type SecondFactorChallenge,
  type SecondFactorLoginRequest,
} from "@pharmacompare/contract";
import { redirect } from "react-router";
import { type ApiClient, ApiError, type CallArguments, createApiClient } from "./api-client.ts";
import { readBrowserApiUrl } from "./browser-env.ts";

/**
 * The back-office session in the browser (back-office §4, §7): the bearer token and the signed-in
 * user live in localStorage, as the specification and DESIGN.md say, so the admin is a client app.
 * Every admin call goes through {@link AdminSession.api}, which attaches the token and turns any
 * 401 into "signed out": storage cleared and, on an admin page other than sign-in, a redirect to
 * the sign-in page that returns here afterwards.
 */

export const ADMIN_TOKEN_KEY = "pc.adminToken";
export const ADMIN_USER_KEY = "pc.adminUser";
export const ADMIN_LOGIN_PATH = "/admin/login";
export const ADMIN_HOME_PATH = "/admin/dashboard";
/** Where an account that must replace a generated password is sent (issue 12). */
export const ADMIN_PROFILE_PATH = "/admin/profile";
export const REDIRECT_PARAM = "redirectTo";

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

function isLoginPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, "") === ADMIN_LOGIN_PATH;
}

// Any origin works: it only anchors relative paths so that the URL parser can normalise them.
const ANCHOR_ORIGIN = "http://pharmacompare.invalid";

/**
 * The page to return to after signing in, taken from an untrusted `redirectTo`: a path of this
 * site under /admin other than the sign-in page, normalised, or null. Never another origin.
 */
export function safeRedirectTo(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  // "//host" and "/\host" name another origin to a browser; control characters can hide either.
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\p{Cc}]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ANCHOR_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ANCHOR_ORIGIN || !isAdminPath(url.pathname) || isLoginPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, remembering where to come back to when that is a safe admin page. */
export function loginPath(returnTo?: string | null): string {
  const safe = safeRedirectTo(returnTo);
  return safe ? `${ADMIN_LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: safe })}` : ADMIN_LOGIN_PATH;
}

/** Where a successful sign-in leads: the remembered admin page, else the dashboard. */
export function afterLoginPath(redirectTo: string | null | undefined): string {
  return safeRedirectTo(redirectTo) ?? ADMIN_HOME_PATH;
}

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface StoredSession {
  token: string;
  /** Null when the stored copy is missing or unreadable; GET /me restores it. */
  user: AdminUser | null;
}

export interface AdminSession {
  /** The stored session, read afresh each time (another tab may have signed out). */
  current(): StoredSession | null;
  /**
   * The API client for a loader's or action's request: each call carries the stored bearer token
   * and the request's signal, and a 401 signs out (and, on an admin page, redirects to sign-in).
   */
  api(request: Request): ApiClient;
  /**
   * Signs in and stores the token and user; for an account with a second factor, answers the
   * challenge to complete with {@link AdminSession.completeSecondFactor} instead.
   */
  login(request: Request, credentials: LoginRequest): Promise<AdminUser | SecondFactorChallenge>;
  /** The second half of such a sign-in: stores the token and user once a code is accepted. */
  completeSecondFactor(request: Request, input: SecondFactorLoginRequest): Promise<AdminUser>;
  /**
   * Confirms the stored token with GET /me (once per token while the page lives) and refreshes
   * the stored user; null when there is no token.
   */
  verify(request: Request): Promise<AdminUser | null>;
  /** After a successful password change: the account is no longer held to Profile Settings. */
  passwordChanged(): void;
  /** Revokes the session on the API, then forgets it here whatever the API answered. */
  logout(): Promise<void>;
  clear(): void;
}

export interface AdminSessionOptions {
  /** Null where there is no storage (the server, or a browser that refuses it). */
  storage: () => KeyValueStorage | null;
  apiUrl: () => string;
  fetch?: typeof globalThis.fetch;
}

export function createAdminSession(options: AdminSessionOptions): AdminSession {
  let verifiedToken: string | null = null;

  // Storage can throw (quota, privacy modes): the session then behaves as signed out.
  function attempt<T>(fallback: T, action: (storage: KeyValueStorage) => T): T {
    const storage = options.storage();
    if (!storage) return fallback;
    try {
      return action(storage);
    } catch {
      return fallback;
    }
  }

  function current(): StoredSession | null {
    return attempt(null, (storage) => {
      const token = storage.getItem(ADMIN_TOKEN_KEY);
      if (!token) return null;
      return { token, user: parseUser(storage.getItem(ADMIN_USER_KEY)) };
    });
  }

  function save(token: string, user: AdminUser) {
    attempt(undefined, (storage) => {
      storage.setItem(ADMIN_TOKEN_KEY, token);
      storage.setItem(ADMIN_USER_KEY, JSON.stringify(user));
    });
  }

  function clear() {
    verifiedToken = null;
    attempt(undefined, (storage) => {
      storage.removeItem(ADMIN_TOKEN_KEY);
      storage.removeItem(ADMIN_USER_KEY);
    });
  }

  function start({ token, user }: LoginResponse): AdminUser {
    save(token, user);
    verifiedToken = token;
    return user;
  }

  /** Keeps the stored user's flag in step with the API, without another call to /me. */
  function mustChangePassword(value: boolean) {
    const session = current();
    if (session?.user) save(session.token, { ...session.user, mustChangePassword: value });
  }

  function client(token: string | null | undefined): ApiClient {
    return createApiClient({ baseUrl: options.apiUrl(), token, fetch: options.fetch });
  }

  function api(request: Request): ApiClient {
    const page = new URL(request.url);
    // A submission to an index route carries `?index`; it is not part of the page's address.
    page.searchParams.delete("index");

    return {
      async call(endpoint, ...[input, init]) {
        // The token is read at call time: another tab may have signed in or out since.
        const args = [input, { signal: request.signal, ...init }] as CallArguments<typeof endpoint>;
        try {
          return await client(current()?.token).call(endpoint, ...args);
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) {
            clear();
            if (isAdminPath(page.pathname) && !isLoginPath(page.pathname)) {
              throw redirect(loginPath(`${page.pathname}${page.search}`));
            }
          }
          // The account still has a generated password: remember so, and go where it is changed.
          if (error instanceof ApiError && error.code === "password_change_required") {
            mustChangePassword(true);
            if (isAdminPath(page.pathname) && page.pathname !== ADMIN_PROFILE_PATH) {
              throw redirect(ADMIN_PROFILE_PATH);
            }
          }
          throw error;
        }
      },
    };
  }

  return {
    current,
    api,
    clear,

    async login(request, credentials) {
      const answer = await api(request).call(adminEndpoints.login, { body: credentials });
      return "challenge" in answer ? answer : start(answer);
    },

    async completeSecondFactor(request, input) {
      return start(await api(request).call(adminEndpoints.loginSecondFactor, { body: input }));
    },

    async verify(request) {
      const session = current();
      if (!session) return null;
      if (session.user && verifiedToken === session.token) return session.user;
      const { user } = await api(request).call(adminEndpoints.currentAdmin);
      // Only keep the answer if nobody signed out or in meanwhile.
      if (current()?.token !== session.token) return null;
      save(session.token, user);
      verifiedToken = session.token;
      return user;
    },

    passwordChanged() {
      mustChangePassword(false);
    },

    async logout() {
      const session = current();
      try {
        if (session) await client(session.token).call(adminEndpoints.logout);
      } catch {
        // Already expired, revoked or unreachable: forgetting the token here is all that is left to do.
      } finally {
        clear();
      }
    },
  };
}

function parseUser(raw: string | null): AdminUser | null {
  if (!raw) return null;
  try {
    const parsed = AdminUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

let browserSession: AdminSession | undefined;

/** The browser's admin session (created on first use, so importing this module has no effects). */
export function adminSession(): AdminSession {
  browserSession ??= createAdminSession({ storage: browserStorage, apiUrl: () => readBrowserApiUrl() });
  return browserSession;
}
