import { allEndpoints } from "@pharmacompare/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSessionToken } from "../src/modules/auth/tokens.ts";
import { UNKNOWN_ADMIN_PATHS } from "../src/routes/admin/unknown-paths.ts";
import { bearer, signIn } from "./admin-helpers.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/** Path parameters get a value of the right shape for any id kind (UUID-shaped slug). */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, "00000000-0000-4000-8000-000000000000");

/** Every route with its full path, read back from Fastify's route tree printout. */
function allRoutes(tree: string): { method: string; url: string }[] {
  const parents: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of tree.split("\n")) {
    const match = /^(.*?)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const url = (parents[depth - 1] ?? "") + (match[2] ?? "");
    parents.length = depth;
    parents[depth] = url;
    for (const method of (match[3] ?? "")
      .split(",")
      .map((m) => m.trim())
      .filter(Boolean))
      routes.push({ method, url });
  }
  return routes;
}

async function expireSession(token: string, column: "idle_expires_at" | "absolute_expires_at") {
  const hash = hashSessionToken(token);
  if (column === "idle_expires_at") {
    await api.database.db.execute(
      sql`update admin_sessions set idle_expires_at = now() - interval '1 minute' where token_hash = ${hash}`,
    );
  } else {
    await api.database.db.execute(
      sql`update admin_sessions set absolute_expires_at = now() - interval '1 minute' where token_hash = ${hash}`,
    );
  }
}

describe("the admin guard", () => {
  it("covers the session, audit and stats routes but not sign-in", () => {
    const routes = api.app.adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        "GET /api/admin/audit",
        "GET /api/admin/stats",
        "GET /api/admin/auth/me",
        "POST /api/admin/auth/logout",
        "POST /api/admin/auth/change-password",
      ]),
    );
    expect(routes).not.toContain("POST /api/admin/auth/login");
    expect(routes).not.toContain("POST /api/admin/auth/login/second-factor");
  });

  it("holds every route under an admin path, so none can be added outside the guard", () => {
    const guarded = new Set(api.app.adminRoutes.map((r) => `${r.method} ${r.url}`));
    const adminPaths = allRoutes(api.app.printRoutes({ commonPrefix: false })).filter(
      (r) =>
        /^\/(api\/admin|api\/blog\/admin|admin)\//.test(r.url) &&
        // The two halves of sign-in: a password, then (with a second factor) a code.
        !(
          r.method === "POST" &&
          ["/api/admin/auth/login", "/api/admin/auth/login/second-factor"].includes(r.url)
        ),
    );
    expect(adminPaths.length).toBeGreaterThanOrEqual(5);
    for (const route of adminPaths)
      expect(guarded, `${route.method} ${route.url}`).toContain(`${route.method} ${route.url}`);
  });

  it("lets anonymous callers reach only the routes marked public", async () => {
    const publicPaths = new Set(
      allEndpoints.filter((e) => e.access === "public").map((e) => `${e.method} ${e.path}`),
    );
    const documentation = (url: string) => url === "/openapi.json" || url.startsWith("/docs");
    const routes = api.app.routeTable.filter((r) => r.method !== "OPTIONS" && r.method !== "HEAD");
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const hasBody = !["GET", "DELETE"].includes(route.method);
      const res = await api.app.inject({
        method: route.method as Method,
        url: concrete(route.url).replace(/\*$/, "anything"),
        ...(hasBody ? { payload: {} } : {}),
      });
      const name = `${route.method} ${route.url}`;
      if (publicPaths.has(name) || documentation(route.url)) continue;
      expect(res.statusCode, `${name} answered an anonymous caller`).toBe(401);
    }
  });

  it("answers 401 on every guarded route for a missing, malformed, expired or revoked token", async () => {
    const idleExpired = await signIn(api.app);
    await expireSession(idleExpired, "idle_expires_at");
    const absoluteExpired = await signIn(api.app);
    await expireSession(absoluteExpired, "absolute_expires_at");
    const revoked = await signIn(api.app);
    await api.app.inject({ method: "POST", url: "/api/admin/auth/logout", headers: bearer(revoked) });
    const neverIssued = "A".repeat(43);

    const cases: { name: string; headers: Record<string, string>; error: string }[] = [
      { name: "no header", headers: {}, error: "Authentication required" },
      { name: "bare Bearer", headers: { authorization: "Bearer" }, error: "Authentication required" },
      { name: "Basic", headers: { authorization: "Basic abc" }, error: "Authentication required" },
      {
        name: "not a token",
        headers: { authorization: "Bearer not-a-token" },
        error: "Authentication required",
      },
      { name: "unknown token", headers: bearer(neverIssued), error: "Authentication required" },
      { name: "idle-expired", headers: bearer(idleExpired), error: "Session expired" },
      { name: "absolutely expired", headers: bearer(absoluteExpired), error: "Session expired" },
      { name: "revoked", headers: bearer(revoked), error: "Authentication required" },
    ];

    expect(api.app.adminRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of api.app.adminRoutes) {
      for (const { name, headers, error } of cases) {
        const hasBody = !["GET", "HEAD", "DELETE", "OPTIONS"].includes(route.method);
        const res = await api.app.inject({
          method: route.method as Method,
          url: concrete(route.url),
          headers,
          ...(hasBody ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${route.method} ${route.url} with ${name}`).toBe(401);
        expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
        if (route.method !== "HEAD")
          expect(res.json(), `${route.method} ${route.url} with ${name}`).toEqual({
            error,
            code: error === "Session expired" ? "session_expired" : "unauthenticated",
          });
      }
    }
  });

  it("lets a live session through to every guarded GET", async () => {
    const token = await signIn(api.app);
    const catchAll = new Set<string>(UNKNOWN_ADMIN_PATHS);
    const endpoints = api.app.adminRoutes.filter((r) => r.method === "GET" && !catchAll.has(r.url));
    expect(endpoints.length).toBeGreaterThan(10);
    for (const route of endpoints) {
      const res = await api.app.inject({ method: "GET", url: concrete(route.url), headers: bearer(token) });
      // A route with no parameters must answer 2xx; one naming a made-up id may only say 404.
      const allowed = /[:*]/.test(route.url) ? [200, 404] : [200];
      expect(allowed, `GET ${route.url} answered ${res.statusCode}`).toContain(res.statusCode);
    }
  });

  it("gives an account whose role is unknown no access, with a session or at sign-in", async () => {
    const token = await signIn(api.app);
    // The CHECK constraint keeps such a role out today; the guard must not rely on it (a row
    // written by a newer build, or a constraint dropped by hand).
    await api.database.db.execute(sql`alter table admin_users drop constraint admin_users_role_valid`);
    await api.database.db.execute(sql`update admin_users set role = 'superuser'`);
    try {
      const res = await api.app.inject({ method: "GET", url: "/api/admin/auth/me", headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      await expect(signIn(api.app)).rejects.toThrow();
    } finally {
      await api.database.db.execute(sql`update admin_users set role = 'admin'`);
      await api.database.db.execute(
        sql`alter table admin_users add constraint admin_users_role_valid check (role in ('admin'))`,
      );
    }
  });
});

/** Paths no route serves, under every admin prefix (the spec's paths without /api included). */
const UNKNOWN_PATHS = [
  "/api/admin",
  "/api/admin/",
  "/api/admin/no-such-thing",
  "/api/admin/medications/viagra/no-such-thing",
  "/api/admin/auth/login/extra",
  "/api/blog/admin",
  "/api/blog/admin/drafts",
  "/api/blog/admin/posts/x/y/z",
  "/admin/admin-messages/x/y",
  "/admin/admin-messages/00000000-0000-4000-8000-000000000000/nothing",
  "/admin/subscriptions/export/all",
  "/admin/subscriptionsXYZ",
];
const ALL_METHODS: Method[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
const isCatchAll = (url: string) => (UNKNOWN_ADMIN_PATHS as readonly string[]).includes(url);

describe("unknown admin paths (deny by default)", () => {
  it("answer 401 to any method without a valid token, as every guarded route does", async () => {
    const unregisteredMethods: [Method, string][] = [
      // Real paths, methods nobody serves on them.
      ["PATCH", "/api/admin/medications/viagra"],
      ["DELETE", "/api/admin/medications"],
      ["PUT", "/admin/admin-messages"],
      ["DELETE", "/admin/subscriptions"],
      ["GET", "/api/admin/auth/login"],
    ];
    const cases = [
      ...UNKNOWN_PATHS.flatMap((url) => ALL_METHODS.map((method) => [method, url] as [Method, string])),
      ...unregisteredMethods,
    ];
    for (const [method, url] of cases) {
      for (const headers of [{}, bearer("A".repeat(43))]) {
        const res = await api.app.inject({ method, url, headers });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
        if (method !== "HEAD") {
          expect(res.json()).toEqual({ error: "Authentication required", code: "unauthenticated" });
        }
      }
    }
  });

  it("answer a signed-in administrator 404 { error } naming the path", async () => {
    const token = await signIn(api.app);
    for (const url of UNKNOWN_PATHS) {
      for (const method of ALL_METHODS) {
        const res = await api.app.inject({ method, url, headers: bearer(token) });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        if (method !== "HEAD") {
          expect(res.json()).toEqual({ error: `No route for ${method} ${url}`, code: "not_found" });
        }
      }
    }
    const wrongMethod = await api.app.inject({
      method: "PATCH",
      url: "/api/admin/medications/viagra",
      headers: bearer(token),
    });
    expect(wrongMethod.statusCode).toBe(404);
  });

  it("are caught behind the guard and hidden from the OpenAPI document", async () => {
    const guarded = new Set(api.app.adminRoutes.map((route) => route.url));
    for (const url of UNKNOWN_ADMIN_PATHS) expect(guarded, url).toContain(url);
    const document = (await api.app.inject({ url: "/openapi.json" })).json() as {
      paths: Record<string, unknown>;
    };
    for (const path of Object.keys(document.paths)) expect(isCatchAll(path), path).toBe(false);
  });

  it("shadow no real route: every guarded route still reaches its own handler", async () => {
    const token = await signIn(api.app);
    const real = api.app.adminRoutes.filter((route) => !isCatchAll(route.url) && route.method !== "HEAD");
    expect(real.length).toBeGreaterThan(20);
    for (const route of real) {
      const hasBody = !["GET", "DELETE"].includes(route.method);
      const url = concrete(route.url);
      const res = await api.app.inject({
        method: route.method as Method,
        url,
        headers: bearer(token),
        ...(hasBody ? { payload: {} } : {}),
      });
      // Whatever the route answers to a made-up id or an empty body, it is not the catch-all's.
      expect(res.json(), `${route.method} ${route.url}`).not.toEqual({
        error: `No route for ${route.method} ${url}`,
        code: "not_found",
      });
    }
  });

  it("leave OPTIONS to CORS, which answers a known and an unknown admin path alike", async () => {
    const preflight = (url: string) =>
      api.app.inject({
        method: "OPTIONS",
        url,
        headers: { origin: "http://localhost:5173", "access-control-request-method": "GET" },
      });
    const known = await preflight("/api/admin/medications");
    const unknown = await preflight("/api/admin/no-such-thing");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
  });
});
