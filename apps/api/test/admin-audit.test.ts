import { AdminStats, AuditPage, londonDay } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, categories, medications, pharmacies, prices } from "../src/db/schema.ts";
import { bearer, login, signIn } from "./admin-helpers.ts";
import { TEST_ADMIN } from "./fixtures.ts";
import { expectListConvention } from "./list-convention.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

let api: TestApi;
let token: string;
const NEW_PASSWORD = "audited-new-password";

beforeAll(async () => {
  api = await createTestApi();
  // One of each audited event, from known addresses.
  await login(api.app, { email: "Nobody@Example.com", password: "guess-123" }, "198.51.100.20");
  const first = (await login(api.app, TEST_ADMIN, "198.51.100.21")).json() as { token: string };
  await api.app.inject({
    method: "POST",
    url: "/api/admin/auth/logout",
    headers: bearer(first.token),
    remoteAddress: "198.51.100.21",
  });
  token = await signIn(api.app);
  await api.app.inject({
    method: "POST",
    url: "/api/admin/auth/change-password",
    headers: bearer(token),
    remoteAddress: "198.51.100.22",
    payload: {
      currentPassword: TEST_ADMIN.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    },
  });
});
afterAll(async () => {
  await api?.close();
});

/** The London calendar date (YYYY-MM-DD) of an ISO instant. */
const londonDate = (iso: string | undefined) => londonDay(iso ?? "");

async function audit(query = "") {
  const res = await api.app.inject({ url: `/api/admin/audit${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return AuditPage.parse(res.json());
}

describe("audit entries", () => {
  it("records a failed sign-in under the attempted email, with no actor id", async () => {
    const { entries } = await audit("?action=login_failed");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: null,
      actorEmail: "nobody@example.com",
      entityType: "admin_session",
      ipAddress: "198.51.100.20",
    });
  });

  it("never keeps what was typed as the email when it is not an email address (it may be a password)", async () => {
    const typed = "MyS3cret-Passw0rd";
    expect((await login(api.app, { email: typed, password: "anything" }, "198.51.100.21")).statusCode).toBe(
      401,
    );
    const { entries } = await audit("?action=login_failed");
    const entry = entries.find((e) => e.ipAddress === "198.51.100.21");
    expect(entry).toMatchObject({ actorId: null, actorEmail: null });
    expect(JSON.stringify(entries)).not.toContain(typed);
  });

  it("records sign-in, sign-out and password change with the actor and address", async () => {
    const { entries } = await audit(`?actorEmail=${encodeURIComponent(TEST_ADMIN.email)}&limit=100`);
    const byAction = (action: string) => entries.filter((e) => e.action === action);

    const signIns = byAction("login");
    expect(signIns.length).toBe(2);
    expect(signIns.map((e) => e.ipAddress)).toContain("198.51.100.21");
    const [logout] = byAction("logout");
    expect(logout).toMatchObject({ entityType: "admin_session", ipAddress: "198.51.100.21" });
    expect(signIns.map((e) => e.entityId)).toContain(logout?.entityId);
    const [change] = byAction("password_change");
    expect(change).toMatchObject({ entityType: "admin_user", ipAddress: "198.51.100.22" });
    for (const entry of entries) {
      expect(entry.actorId).toMatch(/^[0-9a-f-]{36}$/);
      expect(entry.actorEmail).toBe(TEST_ADMIN.email);
    }
  });

  it("never stores a password, hash or token", async () => {
    const rows = await api.database.db.select().from(auditLog);
    const text = JSON.stringify(rows);
    for (const secret of [TEST_ADMIN.password, NEW_PASSWORD, "guess-123", token])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/scrypt\$/);
  });

  it("rolls an entry back with the write it records", async () => {
    const context = { actor: { id: null, email: "operator" }, ipAddress: null };
    await expect(
      api.app.services.audit.write(context, async (_tx, record) => {
        await record({ action: "import", entityType: "medication" });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect((await audit("?action=import")).total).toBe(0);

    await api.app.services.audit.write(context, (_tx, record) =>
      record({ action: "export", entityType: "medication", changes: { apiToken: "x", name: "kept" } }),
    );
    const [committed] = (await audit("?action=export")).entries;
    expect(committed?.changes).toEqual({ name: "kept" });
  });
});

describe("GET /api/admin/audit", () => {
  it("lists newest first with totals", async () => {
    const page = await audit();
    expect(page.page).toBe(1);
    expect(page.limit).toBe(20);
    expect(page.total).toBeGreaterThanOrEqual(6);
    const times = page.entries.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("filters by entity type, action and actor email case-insensitively", async () => {
    const users = await audit("?entityType=admin_user");
    expect(users.entries.length).toBeGreaterThan(0);
    expect(users.entries.every((e) => e.entityType === "admin_user")).toBe(true);
    const byActor = await audit("?actorEmail=NOBODY%40EXAMPLE.COM");
    expect(byActor.entries.map((e) => e.action)).toEqual(["login_failed"]);
    const none = await audit("?action=unpublish&entityType=price_alert");
    expect(none).toMatchObject({ entries: [], total: 0, totalPages: 1 });
    const unknown = await api.app.inject({
      url: "/api/admin/audit?action=no-such-action",
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "invalid_request", fields: { action: expect.any(String) } });
  });

  it("filters by actor id", async () => {
    const [entry] = (await audit("?action=password_change")).entries;
    const byId = await audit(`?actorId=${entry?.actorId}`);
    expect(byId.total).toBeGreaterThanOrEqual(4);
    expect(byId.entries.every((e) => e.actorId === entry?.actorId)).toBe(true);
  });

  it("filters by date range, a bare date covering its whole day", async () => {
    const all = await audit("?limit=100");
    const firstDay = londonDate(all.entries.at(-1)?.createdAt);
    const lastDay = londonDate(all.entries[0]?.createdAt);
    expect((await audit(`?from=${firstDay}&to=${lastDay}`)).total).toBe(all.total);
    expect((await audit("?to=2000-01-01")).total).toBe(0);
    expect((await audit("?from=2999-01-01")).total).toBe(0);
    const newest = all.entries[0]?.createdAt ?? "";
    const upToNewest = await audit(`?to=${encodeURIComponent(newest)}`);
    expect(upToNewest.total).toBe(all.total);
    const fromNewest = await audit(`?from=${encodeURIComponent(newest)}`);
    expect(fromNewest.entries.every((e) => e.createdAt >= newest)).toBe(true);
  });

  it("takes a bare date as that calendar day in London, in summer time and out of it", async () => {
    const at = ["2026-07-01T22:59:59Z", "2026-07-01T23:30:00Z", "2026-01-15T23:30:00Z"];
    await api.database.db
      .insert(auditLog)
      .values(at.map((iso) => ({ action: "publish", entityType: "blog_post", createdAt: new Date(iso) })));
    const probes = async (range: string) =>
      (await audit(`?action=publish&${range}`)).entries.map((e) => e.createdAt).sort();
    // 23:30 UTC on 1 July is 00:30 on 2 July in London (BST)…
    expect(await probes("from=2026-07-02&to=2026-07-02")).toEqual(["2026-07-01T23:30:00.000Z"]);
    expect(await probes("from=2026-07-01&to=2026-07-01")).toEqual(["2026-07-01T22:59:59.000Z"]);
    expect(await probes("to=2026-07-01")).toEqual(["2026-01-15T23:30:00.000Z", "2026-07-01T22:59:59.000Z"]);
    expect(await probes("from=2026-07-02")).toEqual(["2026-07-01T23:30:00.000Z"]);
    // …while in winter London keeps UTC.
    expect(await probes("from=2026-01-15&to=2026-01-15")).toEqual(["2026-01-15T23:30:00.000Z"]);
    expect(await probes("from=2026-01-16&to=2026-01-16")).toEqual([]);
  });

  it("refuses years outside 1900–9998 with 400 naming the parameter", async () => {
    for (const [query, name] of [
      ["?from=0000-01-01", "from"],
      ["?to=9999-12-31", "to"],
      ["?from=1899-12-31", "from"],
      ["?to=9999-12-31T23:59:59.999Z", "to"],
      ["?from=0001-01-01T00:00:00%2B01:00", "from"],
    ] as const) {
      const res = await api.app.inject({ url: `/api/admin/audit${query}`, headers: bearer(token) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({
        error: `Invalid query parameter "${name}": the year must be between 1900 and 9998`,
        code: "invalid_request",
        fields: { [name]: "the year must be between 1900 and 9998" },
      });
    }
    expect((await audit("?from=1900-01-01&to=9998-12-31")).total).toBeGreaterThan(0);
  });

  it("pages with the list convention: page, limit, total, totalPages and entries", async () => {
    await expectListConvention(async (query) => {
      const search = new URLSearchParams(
        Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
      );
      const res = await api.app.inject({ url: `/api/admin/audit?${search}`, headers: bearer(token) });
      return { status: res.statusCode, body: res.json() as unknown };
    }, "entries");
  });

  it("pages without overlap", async () => {
    const all = await audit("?limit=100");
    const first = await audit("?limit=2&page=1");
    const second = await audit("?limit=2&page=2");
    expect(first.totalPages).toBe(Math.ceil(all.total / 2));
    expect(first.entries.map((e) => e.id)).toEqual(all.entries.slice(0, 2).map((e) => e.id));
    expect(second.entries.map((e) => e.id)).toEqual(all.entries.slice(2, 4).map((e) => e.id));
    const beyond = await audit(`?limit=2&page=${first.totalPages + 1}`);
    expect(beyond.entries).toEqual([]);
  });

  it("refuses bad paging and ranges with 400", async () => {
    for (const query of [
      "?limit=0",
      "?limit=101",
      "?page=0",
      "?from=yesterday",
      "?from=2025-02-01&to=2025-01-01",
    ]) {
      const res = await api.app.inject({ url: `/api/admin/audit${query}`, headers: bearer(token) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty("error");
    }
  });
});

describe("an entry the contract's lists no longer name", () => {
  it("is left out of the list and its totals, and the list still answers", async () => {
    const before = await audit("?limit=100");
    const signIns = (await audit("?action=login")).total;
    await api.database.db.insert(auditLog).values([
      { action: "retired_action", entityType: "admin_user" },
      { action: "login", entityType: "retired_entity" },
    ]);
    const after = await audit("?limit=100");
    expect(after.total).toBe(before.total);
    expect(after.entries.map((e) => e.id)).toEqual(before.entries.map((e) => e.id));
    expect((await audit("?action=login")).total).toBe(signIns);
  });
});

describe("GET /api/admin/stats", () => {
  it("answers real row counts", async () => {
    const res = await api.app.inject({ url: "/api/admin/stats", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const stats = AdminStats.parse(res.json());
    const db = api.database.db;
    expect(stats).toEqual({
      medications: await db.$count(medications),
      pharmacies: await db.$count(pharmacies),
      prices: await db.$count(prices),
      categories: await db.$count(categories),
    });
    expect(stats.medications).toBeGreaterThan(0);
    expect(stats.prices).toBeGreaterThan(stats.medications);
  });
});
