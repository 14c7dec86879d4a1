import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../src/db/schema.ts";
import { bearer, HOUR, login, MINUTE, SECOND, signIn, testClock } from "./admin-helpers.ts";
import { TEST_ADMIN } from "./fixtures.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

let api: TestApi;
const clock = testClock({ frozen: true });
beforeAll(async () => {
  api = await createTestApi({}, { now: clock.now });
});
afterAll(async () => {
  await api?.close();
});

const WRONG = { email: TEST_ADMIN.email, password: "wrong-password" };

async function failTimes(times: number, body: Record<string, unknown>, ip: string) {
  for (let i = 0; i < times; i += 1) {
    const res = await login(api.app, body, ip);
    expect(res.statusCode, `failure ${i + 1}`).toBe(401);
  }
}

function expectLocked(res: Awaited<ReturnType<typeof login>>, seconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.headers["retry-after"]).toBe(String(seconds));
  const minutes = Math.ceil(seconds / 60);
  expect(res.json()).toEqual({
    error: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    code: "too_many_requests",
  });
}

describe("sign-in throttling", () => {
  it("locks an account after five failures, doubling the lock on each further failure", async () => {
    await failTimes(5, WRONG, "192.0.2.1");
    // Locked: even the right password is not checked.
    expectLocked(await login(api.app, TEST_ADMIN, "192.0.2.1"), 60);

    clock.advance(61 * SECOND);
    await failTimes(1, WRONG, "192.0.2.1");
    expectLocked(await login(api.app, WRONG, "192.0.2.1"), 120);

    clock.advance(2 * MINUTE + SECOND);
    await failTimes(1, WRONG, "192.0.2.1");
    expectLocked(await login(api.app, WRONG, "192.0.2.1"), 240);

    // A success after the lock resets the account.
    clock.advance(4 * MINUTE + SECOND);
    expect((await login(api.app, TEST_ADMIN, "192.0.2.1")).statusCode).toBe(200);
    await failTimes(4, WRONG, "192.0.2.1");
    expect((await login(api.app, TEST_ADMIN, "192.0.2.1")).statusCode).toBe(200);
  });

  it("caps the lock at fifteen minutes", async () => {
    const body = { email: "capped@example.com", password: "wrong-password" };
    await failTimes(5, body, "192.0.2.2");
    const expected = [60, 120, 240, 480, 900, 900];
    for (const seconds of expected) {
      expectLocked(await login(api.app, body, "192.0.2.2"), seconds);
      clock.advance(seconds * SECOND + SECOND);
      await failTimes(1, body, "192.0.2.2");
    }
  });

  it("locks the account whichever addresses the attempts come from", async () => {
    const body = { email: "spread@example.com", password: "wrong-password" };
    for (let i = 0; i < 5; i += 1) await failTimes(1, body, `198.51.100.${10 + i}`);
    expectLocked(await login(api.app, body, "198.51.100.99"), 60);
  });

  it("locks an address trying many accounts, and only that address", async () => {
    for (let i = 0; i < 5; i += 1)
      await failTimes(1, { email: `spray${i}@example.com`, password: "x-password" }, "203.0.113.50");
    expectLocked(
      await login(api.app, { email: "spray9@example.com", password: "x-password" }, "203.0.113.50"),
      60,
    );
    const elsewhere = await login(
      api.app,
      { email: "spray9@example.com", password: "x-password" },
      "203.0.113.51",
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it("counts wrong current passwords on the change form against the account", async () => {
    const signedIn = await login(api.app, TEST_ADMIN, "192.0.2.3");
    const token = (signedIn.json() as { token: string }).token;
    for (let i = 0; i < 5; i += 1) {
      const res = await api.app.inject({
        method: "POST",
        url: "/api/admin/auth/change-password",
        headers: { authorization: `Bearer ${token}` },
        payload: {
          currentPassword: "wrong-password",
          newPassword: "long-enough-1",
          confirmPassword: "long-enough-1",
        },
      });
      expect(res.json()).toEqual({
        error: "Current password is incorrect",
        code: "invalid_request",
        fields: { currentPassword: "Current password is incorrect" },
      });
    }
    const locked = await api.app.inject({
      method: "POST",
      url: "/api/admin/auth/change-password",
      headers: { authorization: `Bearer ${token}` },
      payload: {
        currentPassword: TEST_ADMIN.password,
        newPassword: "long-enough-1",
        confirmPassword: "long-enough-1",
      },
    });
    expectLocked(locked, 60);
    // The guesses came from one network (the inject's 127.0.0.1): it is locked out of the account…
    expectLocked(await login(api.app, TEST_ADMIN, "127.0.0.1"), 60);
    // …and only it: the administrator's other networks still sign in.
    expect((await login(api.app, TEST_ADMIN, "192.0.2.4")).statusCode).toBe(200);
  });

  it("cannot be aimed: a stranger failing on purpose from many networks never keeps the administrator out of a network they signed in from", async () => {
    const admin = { email: "aimed@example.com" };
    await api.withSql(
      `INSERT INTO admin_users (email, password_hash, name, role) SELECT '${admin.email}', password_hash, 'Aimed', role FROM admin_users WHERE lower(email) = lower('${TEST_ADMIN.email}')`,
      `DELETE FROM admin_users WHERE email = '${admin.email}'`,
      async () => {
        // The same password as the test administrator (its hash was copied).
        const right = { ...admin, password: TEST_ADMIN.password };
        // The administrator's usual network.
        expect((await login(api.app, right, "192.0.2.40")).statusCode).toBe(200);
        // The attack: about four requests an hour for a day, from ever new networks, each lock re-armed.
        for (let hour = 0; hour < 24; hour += 1) {
          for (let i = 0; i < 6; i += 1) {
            const res = await login(api.app, { ...admin, password: "guess" }, `198.51.${hour}.${10 + i}`);
            expect([401, 429]).toContain(res.statusCode);
          }
          // A new network is refused while the account's lock holds…
          expect((await login(api.app, right, `203.0.113.${100 + hour}`)).statusCode).toBe(429);
          // …but the administrator's own network signs in every hour of the attack.
          expect((await login(api.app, right, "192.0.2.40")).statusCode).toBe(200);
          clock.advance(HOUR);
        }
      },
    );
  });

  it("forgets a key after a day without attempts", async () => {
    const body = { email: "forgotten@example.com", password: "wrong-password" };
    await failTimes(4, body, "192.0.2.6");
    clock.advance(24 * HOUR + SECOND);
    await failTimes(5, body, "192.0.2.6");
    expectLocked(await login(api.app, body, "192.0.2.6"), 60);
  });
});

/** How many responses had each status code. */
function statusCounts(responses: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

// PostgreSQL under `npm run test:pg` runs these on ten pooled connections at once.
describe("simultaneous attempts", () => {
  const BURST = 20;

  it("lets at most five simultaneous guesses at one account reach the password check", async () => {
    const body = { email: "burst@example.com", password: "wrong-password" };
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) => login(api.app, body, `198.51.100.${100 + i}`)),
    );
    expect(statusCounts(responses)).toEqual({ 401: 5, 429: BURST - 5 });
    for (const res of responses.filter((r) => r.statusCode === 429)) expectLocked(res, 60);
    // Every guess that was checked is audited; the refused ones never reached the check.
    const failures = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "login_failed"), eq(auditLog.actorEmail, body.email)));
    expect(failures).toHaveLength(5);
  });

  it("lets at most five simultaneous guesses from one address reach the password check", async () => {
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        login(api.app, { email: `burst${i}@example.com`, password: "wrong-password" }, "203.0.113.77"),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 401: 5, 429: BURST - 5 });
    // A refused attempt did not count against the account it named: five more tries remain.
    const refused = responses.findIndex((r) => r.statusCode === 429);
    await failTimes(5, { email: `burst${refused}@example.com`, password: "wrong-password" }, "203.0.113.78");
  });

  it("lets at most five simultaneous wrong current passwords be checked", async () => {
    // Earlier tests may have left the test admin locked: wait any lock out; a success clears it.
    clock.advance(16 * MINUTE);
    const token = await signIn(api.app);
    const responses = await Promise.all(
      Array.from({ length: BURST }, () =>
        api.app.inject({
          method: "POST",
          url: "/api/admin/auth/change-password",
          headers: bearer(token),
          payload: {
            currentPassword: "wrong-password",
            newPassword: "long-enough-1",
            confirmPassword: "long-enough-1",
          },
        }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 400: 5, 429: BURST - 5 });
    // The guesses' network (the inject's) is locked out of the account; the others are not.
    expectLocked(await login(api.app, TEST_ADMIN, "127.0.0.1"), 60);
    expect((await login(api.app, TEST_ADMIN, "192.0.2.5")).statusCode).toBe(200);
  });
});
