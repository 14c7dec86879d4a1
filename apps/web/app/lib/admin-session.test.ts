import { type AdminUser, adminEndpoints } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import {
  ADMIN_TOKEN_KEY,
  ADMIN_USER_KEY,
  type AdminSession,
  afterLoginPath,
  createAdminSession,
  type KeyValueStorage,
  loginPath,
  safeRedirectTo,
} from "./admin-session.ts";
import { ApiError } from "./api-client.ts";

const API = "http://api.test";
const PAGE = "http://site.test";
const USER: AdminUser = { name: "Ada Admin", email: "ada@example.com", role: "admin" };
const STATS = { medications: 3, pharmacies: 2, prices: 12, categories: 5 };

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
  body: unknown;
}

/** A fake API: answers by "METHOD path" and records every call. */
function setup(routes: Record<string, () => Response>, stored?: { token: string; user?: string }) {
  const storage = new MemoryStorage();
  if (stored) {
    storage.setItem(ADMIN_TOKEN_KEY, stored.token);
    if (stored.user !== undefined) storage.setItem(ADMIN_USER_KEY, stored.user);
  }
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
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    });
    const route = routes[`${method} ${url.pathname}`];
    return route ? route() : json(404, { error: "Not found" });
  };
  const session = createAdminSession({ storage: () => storage, apiUrl: () => API, fetch });
  return { session, storage, calls };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const unauthorized = () => json(401, { error: "Session expired" });
const page = (path: string) => new Request(`${PAGE}${path}`);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

function storedSession(storage: MemoryStorage) {
  return { token: storage.getItem(ADMIN_TOKEN_KEY), user: storage.getItem(ADMIN_USER_KEY) };
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
  it("attach the stored token as a bearer token", async () => {
    const { session, calls } = setup({ "GET /api/admin/stats": () => json(200, STATS) }, { token: "t-1" });
    await expect(session.api(page("/admin")).call(adminEndpoints.dashboardCounts)).resolves.toEqual(STATS);
    expect(calls[0]?.authorization).toBe("Bearer t-1");
  });

  it("build the address from the endpoint and its query", async () => {
    const { session, calls } = setup(
      {
        "GET /api/admin/audit": () => json(200, { entries: [], page: 2, limit: 5, total: 6, totalPages: 2 }),
      },
      { token: "t-1" },
    );
    const answer = await session
      .api(page("/admin/audit"))
      .call(adminEndpoints.listAuditEntries, { query: { action: "login", page: 2, limit: 5 } });
    expect(answer.totalPages).toBe(2);
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/admin/audit?action=login&page=2&limit=5" });
  });

  it("read the token afresh for every call (another tab may have signed in since)", async () => {
    const { session, storage, calls } = setup(
      { "GET /api/admin/stats": () => json(200, STATS) },
      { token: "old" },
    );
    const api = session.api(page("/admin"));
    await api.call(adminEndpoints.dashboardCounts);
    storage.setItem(ADMIN_TOKEN_KEY, "new");
    await api.call(adminEndpoints.dashboardCounts);
    expect(calls.map((call) => call.authorization)).toEqual(["Bearer old", "Bearer new"]);
  });

  it("are cancelled with the page's request (the visitor navigated away)", async () => {
    const { session, storage, calls } = setup(
      { "GET /api/admin/stats": () => json(200, STATS) },
      { token: "t-1" },
    );
    const controller = new AbortController();
    controller.abort();
    const request = new Request(`${PAGE}/admin`, { signal: controller.signal });
    const thrown = await rejection(session.api(request).call(adminEndpoints.dashboardCounts));
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).kind).toBe("aborted");
    expect(calls).toEqual([]);
    expect(storedSession(storage).token).toBe("t-1");
  });

  it("on a 401 from an admin page: clear the session and redirect to sign-in, then back", async () => {
    const { session, storage } = setup(
      { "GET /api/admin/stats": unauthorized },
      { token: "t-1", user: JSON.stringify(USER) },
    );
    const thrown = await rejection(
      session.api(page("/admin/audit?page=2")).call(adminEndpoints.dashboardCounts),
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Faudit%3Fpage%3D2");
    expect(storedSession(storage)).toEqual({ token: null, user: null });
    expect(session.current()).toBeNull();
  });

  it("on a 401 from any method (an action's request included), do the same", async () => {
    const { session, storage } = setup(
      { "POST /api/admin/auth/change-password": unauthorized },
      { token: "t" },
    );
    const request = new Request(`${PAGE}/admin/profile`, { method: "POST" });
    const thrown = await rejection(
      session.api(request).call(adminEndpoints.changePassword, {
        body: { currentPassword: "a", newPassword: "long-enough", confirmPassword: "long-enough" },
      }),
    );
    expect((thrown as Response).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fprofile");
    expect(storedSession(storage).token).toBeNull();
  });

  it("on a 401 on the sign-in page itself: clear the session but do not redirect", async () => {
    const { session, storage } = setup({ "GET /api/admin/auth/me": unauthorized }, { token: "t-1" });
    const thrown = await rejection(session.verify(page("/admin/login?redirectTo=%2Fadmin")));
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(401);
    expect(storedSession(storage).token).toBeNull();
  });

  it("on a 401 outside the admin: clear the session, no redirect", async () => {
    const { session, storage } = setup({ "GET /api/admin/stats": unauthorized }, { token: "t-1" });
    const thrown = await rejection(session.api(page("/search")).call(adminEndpoints.dashboardCounts));
    expect(thrown).toBeInstanceOf(ApiError);
    expect(storedSession(storage).token).toBeNull();
  });

  it("on a 403 for a generated password: remember it and go to Profile Settings, until it is changed", async () => {
    const { session } = setup(
      {
        "GET /api/admin/stats": () =>
          json(403, { error: "Change your password before continuing", code: "password_change_required" }),
      },
      { token: "t-1", user: JSON.stringify(USER) },
    );
    const thrown = await rejection(
      session.api(page("/admin/medications")).call(adminEndpoints.dashboardCounts),
    );
    expect((thrown as Response).headers.get("Location")).toBe("/admin/profile");
    expect(session.current()).toEqual({ token: "t-1", user: { ...USER, mustChangePassword: true } });
    // On Profile Settings itself the refusal is the section's to show.
    const there = await rejection(session.api(page("/admin/profile")).call(adminEndpoints.dashboardCounts));
    expect(there).toBeInstanceOf(ApiError);
    session.passwordChanged();
    expect(session.current()?.user?.mustChangePassword).toBe(false);
  });

  it("keep the session on other refusals", async () => {
    const { session, storage } = setup(
      { "GET /api/admin/stats": () => json(500, { error: "Internal server error" }) },
      { token: "t-1" },
    );
    const thrown = await rejection(session.api(page("/admin")).call(adminEndpoints.dashboardCounts));
    expect(thrown).toBeInstanceOf(ApiError);
    expect(storedSession(storage).token).toBe("t-1");
  });
});

describe("sign-in, verification and sign-out", () => {
  function signedIn(): { session: AdminSession; storage: MemoryStorage; calls: Call[] } {
    return setup({
      "POST /api/admin/auth/login": () => json(200, { token: "fresh", user: USER }),
      "GET /api/admin/auth/me": () => json(200, { user: { ...USER, name: "Ada Renamed" } }),
      "POST /api/admin/auth/logout": () => json(200, { message: "Signed out" }),
    });
  }

  it("stores the token and the user on sign-in", async () => {
    const { session, storage, calls } = signedIn();
    await expect(
      session.login(page("/admin/login"), { email: USER.email, password: "pw-123456" }),
    ).resolves.toEqual(USER);
    expect(calls[0]?.body).toEqual({ email: USER.email, password: "pw-123456" });
    expect(storedSession(storage)).toEqual({ token: "fresh", user: JSON.stringify(USER) });
    expect(session.current()).toEqual({ token: "fresh", user: USER });
  });

  it("answers the challenge for an account with a second factor, and stores the session only after the code", async () => {
    const { session, storage, calls } = setup({
      "POST /api/admin/auth/login": () => json(200, { secondFactorRequired: true, challenge: "ch-1" }),
      "POST /api/admin/auth/login/second-factor": () => json(200, { token: "after-code", user: USER }),
    });
    await expect(
      session.login(page("/admin/login"), { email: USER.email, password: "pw-123456" }),
    ).resolves.toEqual({ secondFactorRequired: true, challenge: "ch-1" });
    expect(storedSession(storage).token).toBeNull();
    await expect(
      session.completeSecondFactor(page("/admin/login"), { challenge: "ch-1", code: "123456" }),
    ).resolves.toEqual(USER);
    expect(calls.at(-1)?.body).toEqual({ challenge: "ch-1", code: "123456" });
    expect(session.current()).toEqual({ token: "after-code", user: USER });
  });

  it("reports the API's refusal of a sign-in and stores nothing", async () => {
    const { session, storage } = setup({
      "POST /api/admin/auth/login": () => json(401, { error: "Invalid credentials" }),
    });
    const thrown = await rejection(session.login(page("/admin/login"), { email: "a@b.co", password: "x" }));
    expect((thrown as ApiError).serverMessage).toBe("Invalid credentials");
    expect(storedSession(storage).token).toBeNull();
  });

  it("restores a stored session, and verifies a token once per page life", async () => {
    const { session, calls } = setup(
      { "GET /api/admin/auth/me": () => json(200, { user: USER }) },
      { token: "kept", user: "{not json" },
    );
    expect(session.current()).toEqual({ token: "kept", user: null });
    await expect(session.verify(page("/admin"))).resolves.toEqual(USER);
    await expect(session.verify(page("/admin/profile"))).resolves.toEqual(USER);
    expect(calls.filter((c) => c.url === "/api/admin/auth/me")).toHaveLength(1);
    expect(session.current()?.user).toEqual(USER);
  });

  it("verifies nothing without a token", async () => {
    const { session, calls } = setup({});
    await expect(session.verify(page("/admin"))).resolves.toBeNull();
    expect(calls).toEqual([]);
  });

  it("signs out on the API, then forgets the session", async () => {
    const { session, storage, calls } = signedIn();
    await session.login(page("/admin/login"), { email: USER.email, password: "pw-123456" });
    await session.logout();
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      url: "/api/admin/auth/logout",
      authorization: "Bearer fresh",
    });
    expect(storedSession(storage)).toEqual({ token: null, user: null });
  });

  it("forgets the session even when the API cannot sign it out", async () => {
    const { session, storage } = setup({ "POST /api/admin/auth/logout": unauthorized }, { token: "stale" });
    await session.logout();
    expect(storedSession(storage).token).toBeNull();
  });

  it("treats unusable storage as signed out", () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    const session = createAdminSession({ storage: () => broken, apiUrl: () => API });
    expect(session.current()).toBeNull();
    expect(() => session.clear()).not.toThrow();
  });
});
