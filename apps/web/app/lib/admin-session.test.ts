import { type AdminUser, adminEndpoints, BACK_OFFICE_REQUEST_HEADER } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import {
  afterLoginPath,
  createAdminSession,
  type KeyValueStorage,
  LEGACY_TOKEN_KEY,
  LEGACY_USER_KEY,
  loginPath,
  safeRedirectTo,
} from "./admin-session.ts";
import { ApiError } from "./api-client.ts";

const API = "http://api.test";
const PAGE = "http://site.test";
const USER: AdminUser = { name: "Ada Admin", email: "ada@example.com", role: "admin" };
const STATS = { medications: 3, pharmacies: 2, prices: 12, categories: 5 };
const TOKEN = "tok_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";

class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

interface Call {
  method: string;
  url: string;
  authorization: string | null;
  credentials: RequestCredentials | undefined;
  backOfficeHeader: string | null;
  body: unknown;
}

/** A fake API: answers by "METHOD path" and records every call. */
function setup(routes: Record<string, () => Response>, legacy?: Record<string, string>) {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(legacy ?? {})) storage.setItem(key, value);
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    init?.signal?.throwIfAborted();
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const method = init?.method ?? "GET";
    calls.push({
      method,
      url: `${url.pathname}${url.search}`,
      authorization: headers.get("authorization"),
      credentials: init?.credentials,
      backOfficeHeader: headers.get(BACK_OFFICE_REQUEST_HEADER),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    });
    const route = routes[`${method} ${url.pathname}`];
    return route ? route() : json(404, { error: "Not found" });
  };
  const left: string[] = [];
  const session = createAdminSession({
    apiUrl: () => API,
    fetch,
    legacyStorage: () => storage,
    leave: (to) => left.push(to),
  });
  return { session, storage, calls, left };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const unauthorized = () => json(401, { error: "Session expired" });
const page = (path: string) => new Request(`${PAGE}${path}`);
const me = () => json(200, { user: USER });

/**
 * Whether a call has settled once the fake API answered and every promise job ran: a call that
 * sent the page elsewhere never does (decision 037), so no caller can show or swallow it.
 */
async function settles(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return settled;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("safeRedirectTo", () => {
  it.each([
    ["/admin", "/admin"],
    ["/admin/profile", "/admin/profile"],
    ["/admin/audit?action=login&page=2", "/admin/audit?action=login&page=2"],
    ["/admin/a/../profile", "/admin/profile"],
  ])("keeps the admin page %s", (value, expected) => {
    expect(safeRedirectTo(value)).toBe(expected);
  });

  it.each([
    [null],
    [""],
    ["https://evil.example/admin"],
    ["//evil.example/admin"],
    ["/\\evil.example/admin"],
    ["/admin\\..\\..\\evil"],
    ["javascript:alert(1)"],
    ["admin/profile"],
    ["/"],
    ["/condition/acne"],
    ["/administrator"],
    ["/admin/../search"],
    ["/admin/%2e%2e/search"],
    ["/admin/\tprofile"],
    ["/admin/login"],
    ["/admin/login/?redirectTo=/admin"],
  ])("refuses %j", (value) => {
    expect(safeRedirectTo(value)).toBeNull();
  });

  it("builds the sign-in address and the page after it", () => {
    expect(loginPath("/admin/audit?page=2")).toBe("/admin/login?redirectTo=%2Fadmin%2Faudit%3Fpage%3D2");
    expect(loginPath("https://evil.example")).toBe("/admin/login");
    expect(loginPath()).toBe("/admin/login");
    expect(afterLoginPath("/admin/profile")).toBe("/admin/profile");
    expect(afterLoginPath("//evil.example")).toBe("/admin/dashboard");
    expect(afterLoginPath(null)).toBe("/admin/dashboard");
  });
});

describe("admin API calls", () => {
  it("send the session cookie, never a bearer token; writes also send the back-office header", async () => {
    const { session, calls } = setup({
      "GET /api/admin/stats": () => json(200, STATS),
      "DELETE /api/admin/auth/sessions": () => json(200, { message: "None", ended: 0 }),
    });
    const api = session.api(page("/admin"));
    await expect(api.call(adminEndpoints.dashboardCounts)).resolves.toEqual(STATS);
    await api.call(adminEndpoints.endOtherAdminSessions);
    expect(calls).toMatchObject([
      // A read stays a simple request (no CORS preflight); the API asks nothing more of it.
      { method: "GET", credentials: "include", authorization: null, backOfficeHeader: null },
      { method: "DELETE", credentials: "include", authorization: null, backOfficeHeader: "1" },
    ]);
  });

  it("build the address from the endpoint and its query", async () => {
    const { session, calls } = setup({
      "GET /api/admin/audit": () => json(200, { entries: [], page: 2, limit: 5, total: 6, totalPages: 2 }),
    });
    const answer = await session
      .api(page("/admin/audit"))
      .call(adminEndpoints.listAuditEntries, { query: { action: "login", page: 2, limit: 5 } });
    expect(answer.totalPages).toBe(2);
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/admin/audit?action=login&page=2&limit=5" });
  });

  it("are cancelled with the page's request (the visitor navigated away)", async () => {
    const { session, calls } = setup({ "GET /api/admin/stats": () => json(200, STATS) });
    const controller = new AbortController();
    controller.abort();
    const request = new Request(`${PAGE}/admin`, { signal: controller.signal });
    const thrown = await rejection(session.api(request).call(adminEndpoints.dashboardCounts));
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).kind).toBe("aborted");
    expect(calls).toEqual([]);
  });

  it("on a 401 from an admin page: forget the user and go to sign-in, then back; the call never answers", async () => {
    const { session, left } = setup({ "GET /api/admin/auth/me": me, "GET /api/admin/stats": unauthorized });
    await session.verify(page("/admin"));
    const call = session.api(page("/admin/audit?page=2")).call(adminEndpoints.dashboardCounts);
    expect(await settles(call)).toBe(false);
    expect(left).toEqual(["/admin/login?redirectTo=%2Fadmin%2Faudit%3Fpage%3D2"]);
    expect(session.current()).toBeNull();
  });

  it("on a 401 from any method (an action's request included), do the same", async () => {
    const { session, left } = setup({ "POST /api/admin/auth/change-password": unauthorized });
    const request = new Request(`${PAGE}/admin/profile`, { method: "POST" });
    const call = session.api(request).call(adminEndpoints.changePassword, {
      body: { currentPassword: "a", newPassword: "long-enough", confirmPassword: "long-enough" },
    });
    expect(await settles(call)).toBe(false);
    expect(left).toEqual(["/admin/login?redirectTo=%2Fadmin%2Fprofile"]);
  });

  it("on a 401 on the sign-in page itself: no redirect", async () => {
    const { session } = setup({ "GET /api/admin/auth/me": unauthorized });
    const thrown = await rejection(session.verify(page("/admin/login?redirectTo=%2Fadmin")));
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(401);
  });

  it("on a 401 outside the admin: no redirect", async () => {
    const { session } = setup({ "GET /api/admin/stats": unauthorized });
    const thrown = await rejection(session.api(page("/search")).call(adminEndpoints.dashboardCounts));
    expect(thrown).toBeInstanceOf(ApiError);
  });

  it("on a 403 for a generated password: remember it and go to Profile Settings, until it is changed", async () => {
    const { session, left } = setup({
      "GET /api/admin/auth/me": me,
      "GET /api/admin/stats": () =>
        json(403, { error: "Change your password before continuing", code: "password_change_required" }),
    });
    await session.verify(page("/admin"));
    const call = session.api(page("/admin/medications")).call(adminEndpoints.dashboardCounts);
    expect(await settles(call)).toBe(false);
    expect(left).toEqual(["/admin/profile"]);
    expect(session.current()).toEqual({ ...USER, mustChangePassword: true });
    // On Profile Settings itself the refusal is the section's to show.
    const there = await rejection(session.api(page("/admin/profile")).call(adminEndpoints.dashboardCounts));
    expect(there).toBeInstanceOf(ApiError);
    session.passwordChanged();
    expect(session.current()?.mustChangePassword).toBe(false);
  });

  it("on a 403 for a second factor not set up: remember why and go to Profile Settings, until it is", async () => {
    const sentence = "Set up two-step verification before continuing";
    const { session, left } = setup({
      "GET /api/admin/stats": () => json(403, { error: sentence, code: "second_factor_required" }),
    });
    expect(session.secondFactorRequired()).toBeNull();
    const call = session.api(page("/admin/medications")).call(adminEndpoints.dashboardCounts);
    expect(await settles(call)).toBe(false);
    expect(left).toEqual(["/admin/profile"]);
    expect(session.secondFactorRequired()).toBe(sentence);
    const there = await rejection(session.api(page("/admin/profile")).call(adminEndpoints.dashboardCounts));
    expect(there).toBeInstanceOf(ApiError);
    session.secondFactorEnrolled();
    expect(session.secondFactorRequired()).toBeNull();
  });

  it("keep the session on other refusals", async () => {
    const { session } = setup({
      "GET /api/admin/auth/me": me,
      "GET /api/admin/stats": () => json(500, { error: "Internal server error" }),
    });
    await session.verify(page("/admin"));
    const thrown = await rejection(session.api(page("/admin")).call(adminEndpoints.dashboardCounts));
    expect(thrown).toBeInstanceOf(ApiError);
    expect(session.current()).toEqual(USER);
  });
});

describe("sign-in, verification and sign-out", () => {
  function signedIn() {
    return setup({
      "POST /api/admin/auth/login": () => json(200, { token: TOKEN, user: USER }),
      "GET /api/admin/auth/me": () => json(200, { user: { ...USER, name: "Ada Renamed" } }),
      "POST /api/admin/auth/logout": () => json(200, { message: "Signed out" }),
    });
  }

  it("keeps the user on sign-in and drops the answer's token: nothing is stored", async () => {
    const { session, storage, calls } = signedIn();
    await expect(
      session.login(page("/admin/login"), { email: USER.email, password: "pw-123456" }),
    ).resolves.toEqual(USER);
    expect(calls[0]).toMatchObject({
      body: { email: USER.email, password: "pw-123456" },
      credentials: "include",
      backOfficeHeader: "1",
    });
    expect(session.current()).toEqual(USER);
    expect(storage.items.size).toBe(0);
    // Signed in: the user is known without asking again.
    await expect(session.verify(page("/admin"))).resolves.toEqual(USER);
    expect(calls).toHaveLength(1);
  });

  it("answers the challenge for an account with a second factor, and signs in only after the code", async () => {
    const { session, storage, calls } = setup({
      "POST /api/admin/auth/login": () => json(200, { secondFactorRequired: true, challenge: "ch-1" }),
      "POST /api/admin/auth/login/second-factor": () => json(200, { token: TOKEN, user: USER }),
    });
    await expect(
      session.login(page("/admin/login"), { email: USER.email, password: "pw-123456" }),
    ).resolves.toEqual({ secondFactorRequired: true, challenge: "ch-1" });
    expect(session.current()).toBeNull();
    await expect(
      session.completeSecondFactor(page("/admin/login"), { challenge: "ch-1", code: "123456" }),
    ).resolves.toEqual(USER);
    expect(calls.at(-1)).toMatchObject({
      body: { challenge: "ch-1", code: "123456" },
      credentials: "include",
    });
    expect(session.current()).toEqual(USER);
    expect(storage.items.size).toBe(0);
  });

  it("reports the API's refusal of a sign-in", async () => {
    const { session } = setup({
      "POST /api/admin/auth/login": () => json(401, { error: "Invalid credentials" }),
    });
    const thrown = await rejection(session.login(page("/admin/login"), { email: "a@b.co", password: "x" }));
    expect((thrown as ApiError).serverMessage).toBe("Invalid credentials");
    expect(session.current()).toBeNull();
  });

  it("asks the API who is signed in once per page life", async () => {
    const { session, calls } = setup({ "GET /api/admin/auth/me": me });
    await expect(session.verify(page("/admin"))).resolves.toEqual(USER);
    await expect(session.verify(page("/admin/profile"))).resolves.toEqual(USER);
    expect(calls.filter((c) => c.url === "/api/admin/auth/me")).toHaveLength(1);
    expect(calls[0]).toMatchObject({ credentials: "include", authorization: null });
  });

  it("signs out on the API (which clears the cookie), then forgets the user", async () => {
    const { session, calls } = signedIn();
    await session.login(page("/admin/login"), { email: USER.email, password: "pw-123456" });
    await session.logout();
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      url: "/api/admin/auth/logout",
      credentials: "include",
      authorization: null,
      backOfficeHeader: "1",
    });
    expect(session.current()).toBeNull();
  });

  it("forgets the user even when the API cannot sign it out", async () => {
    const { session } = setup({ "GET /api/admin/auth/me": me, "POST /api/admin/auth/logout": unauthorized });
    await session.verify(page("/admin"));
    await session.logout();
    expect(session.current()).toBeNull();
  });
});

describe("a token an earlier version stored", () => {
  it("is removed from storage with its user copy, and its session ended on the API", async () => {
    const { storage, calls } = setup(
      { "POST /api/admin/auth/logout": () => json(200, { message: "Signed out" }) },
      { [LEGACY_TOKEN_KEY]: TOKEN, [LEGACY_USER_KEY]: JSON.stringify(USER), "pc.cookieConsent": "{}" },
    );
    expect(storage.getItem(LEGACY_TOKEN_KEY)).toBeNull();
    expect(storage.getItem(LEGACY_USER_KEY)).toBeNull();
    // Other keys of the site are not ours to remove.
    expect(storage.getItem("pc.cookieConsent")).toBe("{}");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toMatchObject([
      { method: "POST", url: "/api/admin/auth/logout", authorization: `Bearer ${TOKEN}` },
    ]);
  });

  it("leaves the API alone when there is none, and survives storage that refuses", async () => {
    const { calls } = setup({});
    expect(calls).toEqual([]);
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      removeItem: () => undefined,
    };
    expect(() => createAdminSession({ apiUrl: () => API, legacyStorage: () => broken })).not.toThrow();
  });
});
