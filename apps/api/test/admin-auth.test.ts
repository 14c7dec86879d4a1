import { LoginResponse, MeResponse } from "@pharmacompare/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions, adminUsers } from "../src/db/schema.ts";
import { createAdminAccount } from "../src/modules/auth/admin-accounts.ts";
import { setPasswordCostForTests, verifyPassword } from "../src/modules/auth/passwords.ts";
import { hashSessionToken } from "../src/modules/auth/tokens.ts";
import { bearer, HOUR, login, MINUTE, SECOND, signIn, testClock } from "./admin-helpers.ts";
import { TEST_ADMIN } from "./fixtures.ts";
import { TEST_PASSWORD_N } from "./password-cost.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

let api: TestApi;
const clock = testClock();
beforeAll(async () => {
  api = await createTestApi({}, { now: clock.now });
});
afterAll(async () => {
  await api?.close();
});

const me = (token: string) =>
  api.app.inject({ method: "GET", url: "/api/admin/auth/me", headers: bearer(token) });

async function sessionRow(token: string) {
  const [row] = await api.database.db
    .select()
    .from(adminSessions)
    .where(eq(adminSessions.tokenHash, hashSessionToken(token)));
  return row;
}

describe("POST /api/admin/auth/login", () => {
  it("answers a token and the user for the right email and password", async () => {
    const res = await login(api.app, TEST_ADMIN, "203.0.113.7", "Firefox test");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = LoginResponse.parse(res.json());
    expect(body.user).toEqual({
      name: "Administrator",
      email: TEST_ADMIN.email,
      role: "admin",
      mustChangePassword: false,
      mustEnrolSecondFactor: false,
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await sessionRow(body.token);
    expect(row).toMatchObject({ ipAddress: "203.0.113.7", userAgent: "Firefox test" });
  });

  it("matches the email case-insensitively", async () => {
    const res = await login(api.app, {
      email: ` ${TEST_ADMIN.email.toUpperCase()} `,
      password: TEST_ADMIN.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it("stores only the SHA-256 of the token", async () => {
    const token = await signIn(api.app);
    const hashes = (await api.database.db.select().from(adminSessions)).map((row) => row.tokenHash);
    expect(hashes).toContain(hashSessionToken(token));
    expect(hashes).not.toContain(token);
  });

  it("answers the same 401 for a wrong password and an unknown email", async () => {
    const wrong = await login(
      api.app,
      { email: TEST_ADMIN.email, password: "not-the-password" },
      "198.51.100.1",
    );
    const unknown = await login(
      api.app,
      { email: "nobody@example.com", password: "whatever-123" },
      "198.51.100.2",
    );
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "Invalid credentials", code: "unauthenticated" });
    }
  });

  it("replaces a hash made with older scrypt parameters (N=2^14) by one at N=2^17 at the next sign-in", async () => {
    const credentials = { email: "older-hash@example.co.uk", password: "older-hash-password" };
    // The suite hashes at N=2^14 (password-cost.ts): this account's hash is the older kind.
    await createAdminAccount(api.database.db, { ...credentials, name: "Older hash" });
    const storedHash = async () =>
      (
        await api.database.db
          .select({ hash: adminUsers.passwordHash })
          .from(adminUsers)
          .where(eq(adminUsers.email, credentials.email))
      )[0]?.hash;
    const before = await storedHash();
    expect(before).toMatch(/^scrypt\$16384\$8\$1\$/);
    setPasswordCostForTests(undefined);
    try {
      // A wrong password changes nothing.
      expect(
        (await login(api.app, { ...credentials, password: "not-the-password" }, "198.51.100.9")).statusCode,
      ).toBe(401);
      expect(await storedHash()).toBe(before);
      expect((await login(api.app, credentials, "198.51.100.9")).statusCode).toBe(200);
      const after = await storedHash();
      expect(after).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(await verifyPassword(credentials.password, after as string)).toBe(true);
      expect((await login(api.app, credentials, "198.51.100.9")).statusCode).toBe(200);
    } finally {
      setPasswordCostForTests(TEST_PASSWORD_N);
    }
  });

  it("asks for both fields when one is missing", async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{}, ["email", "password"]],
      [{ email: TEST_ADMIN.email }, ["password"]],
      [{ password: "x" }, ["email"]],
      [{ email: " ", password: "x" }, ["email"]],
    ];
    for (const [body, missing] of cases) {
      const res = await login(api.app, body, "198.51.100.3");
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: "Email and password are required",
        code: "invalid_request",
        fields: Object.fromEntries(missing.map((field) => [field, "is required"])),
      });
    }
  });
});

describe("GET /api/admin/auth/me", () => {
  it("answers the signed-in user", async () => {
    const res = await me(await signIn(api.app));
    expect(res.statusCode).toBe(200);
    expect(MeResponse.parse(res.json())).toEqual({
      user: {
        name: "Administrator",
        email: TEST_ADMIN.email,
        role: "admin",
        mustChangePassword: false,
        mustEnrolSecondFactor: false,
      },
    });
  });
});

describe("POST /api/admin/auth/logout", () => {
  it("revokes the presented session only", async () => {
    const token = await signIn(api.app);
    const other = await signIn(api.app);
    const res = await api.app.inject({
      method: "POST",
      url: "/api/admin/auth/logout",
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Signed out" });
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: "Authentication required", code: "unauthenticated" });
    expect((await me(other)).statusCode).toBe(200);
  });
});

describe("session expiry", () => {
  it("slides the idle expiry on use, writing at most once a minute", async () => {
    const token = await signIn(api.app);
    const first = await sessionRow(token);
    clock.advance(30 * SECOND);
    expect((await me(token)).statusCode).toBe(200);
    expect((await sessionRow(token))?.lastUsedAt).toEqual(first?.lastUsedAt);

    clock.advance(28 * MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    const touched = await sessionRow(token);
    expect(touched?.idleExpiresAt.getTime()).toBeGreaterThan(first?.idleExpiresAt.getTime() ?? Infinity);
    // Without the slide this would be past the original thirty minutes.
    clock.advance(20 * MINUTE);
    expect((await me(token)).statusCode).toBe(200);
  });

  it("ends a session left unused for thirty minutes (the default)", async () => {
    const token = await signIn(api.app);
    clock.advance(29 * MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(30 * MINUTE + SECOND);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Session expired", code: "session_expired" });
  });

  it("ends it after ADMIN_IDLE_MINUTES when configured", async () => {
    const ownClock = testClock();
    const configured = await createTestApi({ ADMIN_IDLE_MINUTES: "10" }, { now: ownClock.now });
    try {
      const token = await signIn(configured.app);
      const meThere = () =>
        configured.app.inject({ method: "GET", url: "/api/admin/auth/me", headers: bearer(token) });
      ownClock.advance(9 * MINUTE);
      expect((await meThere()).statusCode).toBe(200);
      ownClock.advance(10 * MINUTE + SECOND);
      expect((await meThere()).json()).toEqual({ error: "Session expired", code: "session_expired" });
    } finally {
      await configured.close();
    }
  });

  it("ends a busy session twelve hours after sign-in", async () => {
    const token = await signIn(api.app);
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
      clock.advance(20 * MINUTE);
      expect((await me(token)).statusCode).toBe(200);
    }
    clock.advance(20 * MINUTE + SECOND);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Session expired", code: "session_expired" });
  });
});

describe("POST /api/admin/auth/change-password", () => {
  const change = (token: string, payload: Record<string, unknown>) =>
    api.app.inject({
      method: "POST",
      url: "/api/admin/auth/change-password",
      headers: bearer(token),
      payload,
    });

  it("refuses with the specification's messages", async () => {
    const token = await signIn(api.app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, "Current password is required", "currentPassword"],
      [
        { currentPassword: "", newPassword: "long-enough-1", confirmPassword: "long-enough-1" },
        "Current password is required",
        "currentPassword",
      ],
      [
        { currentPassword: TEST_ADMIN.password, newPassword: "short", confirmPassword: "short" },
        "Password must be at least 8 characters",
        "newPassword",
      ],
      [
        {
          currentPassword: TEST_ADMIN.password,
          newPassword: "long-enough-1",
          confirmPassword: "long-enough-2",
        },
        "New passwords do not match",
        "confirmPassword",
      ],
      [
        { currentPassword: "wrong-password", newPassword: "long-enough-1", confirmPassword: "long-enough-1" },
        "Current password is incorrect",
        "currentPassword",
      ],
    ];
    for (const [payload, error, field] of cases) {
      const res = await change(token, payload);
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ error, code: "invalid_request", fields: { [field]: error } });
    }
    // None of those changed anything.
    expect((await login(api.app)).statusCode).toBe(200);
  });

  it("changes the password, keeps this session and signs out the others", async () => {
    const current = await signIn(api.app);
    const other = await signIn(api.app);
    const newPassword = "a-brand-new-password";
    const res = await change(current, {
      currentPassword: TEST_ADMIN.password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Password changed successfully" });

    expect((await me(current)).statusCode).toBe(200);
    const revoked = await me(other);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ error: "Authentication required", code: "unauthenticated" });

    const old = await login(api.app);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: "Invalid credentials", code: "unauthenticated" });
    expect((await login(api.app, { email: TEST_ADMIN.email, password: newPassword })).statusCode).toBe(200);

    const stored = await api.database.db.select().from(adminUsers);
    expect(JSON.stringify(stored)).not.toContain(newPassword);
  });
});
