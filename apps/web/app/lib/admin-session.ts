import {
  type AdminUser,
  adminEndpoints,
  type LoginRequest,
  type SecondFactorChallenge,
  type SecondFactorLoginRequest,
} from "@pharmacompare/contract";
import { type ApiClient, ApiError, type CallArguments, createApiClient } from "./api-client.ts";
import { readBrowserApiUrl } from "./browser-env.ts";

/**
 * The back-office session in the browser (back-office §4, §7, as amended by decision 028): the
 * session itself is the API's HttpOnly cookie, which no script of this page can read, so an
 * injected script cannot carry it away. Every admin call goes through {@link AdminSession.api},
 * which sends the cookie (`credentials: "include"`, and the back-office request header on writes)
 * and turns any 401 into "signed out": the page forgets the user and, on an admin page other than
 * sign-in, goes to the sign-in page that returns here afterwards. That happens here and only here
 * (decision 037): the call then never answers, so no loader, action or handler sees it, and none
 * catches and re-throws it. The token that sign-in
 * still answers (for API clients) is dropped here, never stored. What the page shows of the user
 * is the API's answer, kept in memory for the page's life.
 */

/** Where earlier versions kept the bearer token and the user (localStorage); removed on first load. */
export const LEGACY_TOKEN_KEY = "pc.adminToken";
export const LEGACY_USER_KEY = "pc.adminUser";
export const ADMIN_LOGIN_PATH = "/admin/login";
const ADMIN_HOME_PATH = "/admin/dashboard";
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

export type KeyValueStorage = Pick<Storage, "getItem" | "removeItem">;

export interface AdminSession {
  /** The signed-in user as the API last answered in this page's life, or null. */
  current(): AdminUser | null;
  /**
   * The API's sentence while the account must set up two-step verification before anything else
   * (403 `second_factor_required`), or null.
   */
  secondFactorRequired(): string | null;
  /**
   * The API client for a loader's or action's request: each call carries the session cookie and
   * the request's signal, and a 401 signs out (and, on an admin page, redirects to sign-in).
   */
  api(request: Request): ApiClient;
  /**
   * Signs in (the API sets the session cookie); for an account with a second factor, answers the
   * challenge to complete with {@link AdminSession.completeSecondFactor} instead.
   */
  login(request: Request, credentials: LoginRequest): Promise<AdminUser | SecondFactorChallenge>;
  /** The second half of such a sign-in, once a code is accepted. */
  completeSecondFactor(request: Request, input: SecondFactorLoginRequest): Promise<AdminUser>;
  /**
   * The signed-in user: asked of the API (GET /me) once per page life, since only the API can read
   * the cookie. A 401 is handled as for any call: on an admin page, a redirect to sign-in.
   */
  verify(request: Request): Promise<AdminUser>;
  /** After a successful password change: the account is no longer held to Profile Settings. */
  passwordChanged(): void;
  /**
   * Whether this session changed the account's password: the password is then no longer the one
   * it was installed with, whatever the account was created with (Profile Settings' notice, issue 41).
   */
  changedPasswordHere(): boolean;
  /** After two-step verification was turned on: the account is no longer held to Profile Settings. */
  secondFactorEnrolled(): void;
  /** Ends the session on the API (which clears the cookie), then forgets it here whatever the API answered. */
  logout(): Promise<void>;
  clear(): void;
}

export interface AdminSessionOptions {
  apiUrl: () => string;
  fetch?: typeof globalThis.fetch;
  /**
   * Where an earlier version kept the token (the browser's localStorage): emptied of it, and that
   * session ended on the API, when this session is created. Null where there is none.
   */
  legacyStorage?: () => KeyValueStorage | null;
  /** Goes to another page of the back-office, replacing this one in the history. */
  leave?: (to: string) => void;
}

/** What a call answers once it has sent the page elsewhere: nothing, ever; the page is left. */
const leftThePage = () => new Promise<never>(() => {});

export function createAdminSession(options: AdminSessionOptions): AdminSession {
  let user: AdminUser | null = null;
  let secondFactorMessage: string | null = null;
  let passwordChangedHere = false;
  /** Moves on at every sign-in and sign-out, so a /me answer that arrives after one is dropped. */
  let generation = 0;
  const leave = options.leave ?? leaveThisPage;

  // Made per call, as the API address is read from the document (browser-env.ts).
  const client = () =>
    createApiClient({ baseUrl: options.apiUrl(), credentials: "include", fetch: options.fetch });
  forgetLegacyToken(options);

  function clear() {
    generation += 1;
    user = null;
    secondFactorMessage = null;
    passwordChangedHere = false;
  }

  function start(signedIn: AdminUser): AdminUser {
    clear();
    user = signedIn;
    return signedIn;
  }

  function api(request: Request): ApiClient {
    const page = new URL(request.url);
    // A submission to an index route carries `?index`; it is not part of the page's address.
    page.searchParams.delete("index");
    const onAdminPage = isAdminPath(page.pathname);

    return {
      async call(endpoint, ...[input, init]) {
        const args = [input, { signal: request.signal, ...init }] as CallArguments<typeof endpoint>;
        try {
          return await client().call(endpoint, ...args);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          if (error.status === 401) {
            clear();
            if (onAdminPage && !isLoginPath(page.pathname)) {
              leave(loginPath(`${page.pathname}${page.search}`));
              return leftThePage();
            }
          }
          // The account still has a generated password: remember so, and go where it is changed.
          if (error.code === "password_change_required") {
            if (user) user = { ...user, mustChangePassword: true };
            if (onAdminPage && page.pathname !== ADMIN_PROFILE_PATH) {
              leave(ADMIN_PROFILE_PATH);
              return leftThePage();
            }
          }
          // Two-step verification is required and not set up yet: the same, to where it is set up.
          if (error.code === "second_factor_required") {
            secondFactorMessage = error.serverMessage ?? error.message;
            if (onAdminPage && page.pathname !== ADMIN_PROFILE_PATH) {
              leave(ADMIN_PROFILE_PATH);
              return leftThePage();
            }
          }
          throw error;
        }
      },
    };
  }

  return {
    current: () => user,
    secondFactorRequired: () => secondFactorMessage,
    api,
    clear,

    async login(request, credentials) {
      const answer = await api(request).call(adminEndpoints.login, { body: credentials });
      // This page's session is the cookie that came with the answer, which carries no token (decision 028).
      return "challenge" in answer ? answer : start(answer.user);
    },

    async completeSecondFactor(request, input) {
      const answer = await api(request).call(adminEndpoints.loginSecondFactor, { body: input });
      return start(answer.user);
    },

    async verify(request) {
      if (user) return user;
      const asked = generation;
      const answer = await api(request).call(adminEndpoints.currentAdmin);
      // Only keep the answer if nobody signed in or out meanwhile.
      if (asked === generation) user = answer.user;
      return answer.user;
    },

    passwordChanged() {
      if (user) user = { ...user, mustChangePassword: false };
      passwordChangedHere = true;
    },

    changedPasswordHere: () => passwordChangedHere,

    secondFactorEnrolled() {
      secondFactorMessage = null;
    },

    async logout() {
      try {
        await client().call(adminEndpoints.logout);
      } catch {
        // Already expired, revoked or unreachable: forgetting the session here is all that is left to do.
      } finally {
        clear();
      }
    },
  };
}

/**
 * Removes the token an earlier version kept in localStorage (and its copy of the user), and ends
 * that session on the API, so no readable copy of a live token outlasts the upgrade.
 */
function forgetLegacyToken(options: AdminSessionOptions) {
  let token: string | null = null;
  try {
    const storage = options.legacyStorage?.();
    if (!storage) return;
    token = storage.getItem(LEGACY_TOKEN_KEY);
    storage.removeItem(LEGACY_TOKEN_KEY);
    storage.removeItem(LEGACY_USER_KEY);
  } catch {
    // Storage refused (privacy modes): there is nothing of ours in it either.
  }
  if (!token) return;
  const legacy = createApiClient({ baseUrl: options.apiUrl(), token, fetch: options.fetch });
  legacy.call(adminEndpoints.logout).catch(() => {
    // Already expired or revoked, or the API is unreachable: the token is gone from the page anyway.
  });
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The back-office's router, while the admin layout is on screen (it registers it): a client-side
 * navigation. Before the layout has rendered (the first page load), a plain page load instead.
 */
let navigateInApp: ((to: string) => void) | null = null;

export function setAdminNavigator(navigate: ((to: string) => void) | null): void {
  navigateInApp = navigate;
}

function leaveThisPage(to: string): void {
  if (navigateInApp) navigateInApp(to);
  else window.location.replace(to);
}

let browserSession: AdminSession | undefined;

/** The browser's admin session (created on first use, so importing this module has no effects). */
export function adminSession(): AdminSession {
  browserSession ??= createAdminSession({ apiUrl: () => readBrowserApiUrl(), legacyStorage: browserStorage });
  return browserSession;
}
