import {
  AdminSessionList,
  adminEndpoints,
  EndSessionsResponse,
  LoginResponse,
  MeResponse,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  passwordChangeMessages,
  SecondFactorChallenge,
  SecondFactorSetup,
  secondFactorMessages,
  sessionMessages,
} from "@pharmacompare/contract";
import { and, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions, auditLog } from "../src/db/schema.ts";
import { createAdminAccount, resetAdminPassword } from "../src/modules/auth/admin-accounts.ts";
import { hashSessionToken } from "../src/modules/auth/tokens.ts";
import { bearer, login, SECOND, testClock } from "./admin-helpers.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * An administrator's own sessions, the breached-password list and the forced change of a generated
 * password (issue 12), through the API on a real database.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";

let accounts = 0;
/** A fresh account of our own, so other tests' sessions never show up in these lists. */
async function newAccount(password = "sessions-test-password") {
  accounts += 1;
  const email = `sessions-${accounts}@example.co.uk`;
  await createAdminAccount(api.database.db, { email, name: `Sessions ${accounts}`, password });
  return { email, password };
}

async function signInAs(credentials: { email: string; password: string }, ip: string, userAgent: string) {
  const res = await login(api.app, credentials, ip, userAgent);
  expect(res.statusCode, res.body).toBe(200);
  return LoginResponse.parse(res.json()).token;
}

function call(
  method: "GET" | "DELETE" | "POST",
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) {
  return api.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

const listUrl = urlOf(adminEndpoints.listAdminSessions);
const endUrl = (id: string) => urlOf(adminEndpoints.endAdminSession, { params: { id } });
const endOthersUrl = urlOf(adminEndpoints.endOtherAdminSessions);

async function sessionsOf(token: string) {
  const res = await call("GET", listUrl, token);
  expect(res.statusCode, res.body).toBe(200);
  return AdminSessionList.parse(res.json()).sessions;
}

const sessionId = async (token: string) =>
  (
    await api.database.db
      .select({ id: adminSessions.id })
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashSessionToken(token)))
  )[0]?.id as string;

describe("an administrator's sessions", () => {
  it("lists this account's live sessions, newest first, with device, address and which is current", async () => {
    const account = await newAccount();
    const laptop = await signInAs(account, "203.0.113.10", FIREFOX_WINDOWS);
    const phone = await signInAs(account, "203.0.113.20", SAFARI_IPHONE);
    const other = await newAccount();
    await signInAs(other, "203.0.113.30", FIREFOX_WINDOWS);

    const sessions = await sessionsOf(laptop);
    expect(sessions.map(({ device, ipAddress, current }) => ({ device, ipAddress, current }))).toEqual([
      { device: "Safari on iOS", ipAddress: "203.0.113.20", current: false },
      { device: "Firefox on Windows", ipAddress: "203.0.113.10", current: true },
    ]);
    expect((await sessionsOf(phone)).map((s) => s.current)).toEqual([true, false]);
  });

  it("leaves out sessions that were signed out or have expired", async () => {
    const account = await newAccount();
    const kept = await signInAs(account, "203.0.113.10", FIREFOX_WINDOWS);
    const signedOut = await signInAs(account, "203.0.113.11", FIREFOX_WINDOWS);
    const expired = await signInAs(account, "203.0.113.12", FIREFOX_WINDOWS);
    expect((await call("POST", urlOf(adminEndpoints.logout), signedOut)).statusCode).toBe(200);
    await api.database.db
      .update(adminSessions)
      .set({ idleExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(adminSessions.tokenHash, hashSessionToken(expired)));
    expect((await sessionsOf(kept)).map((s) => s.ipAddress)).toEqual(["203.0.113.10"]);
  });

  it("ends another of its own sessions, which can then do nothing, and audits it", async () => {
    const account = await newAccount();
    const here = await signInAs(account, "203.0.113.10", FIREFOX_WINDOWS);
    const there = await signInAs(account, "203.0.113.20", SAFARI_IPHONE);
    const thereId = await sessionId(there);

    const res = await call("DELETE", endUrl(thereId), here);
    expect(res.statusCode, res.body).toBe(200);
    expect(EndSessionsResponse.parse(res.json())).toEqual({ message: sessionMessages.ended, ended: 1 });
    expect((await call("GET", urlOf(adminEndpoints.currentAdmin), there)).statusCode).toBe(401);
    expect((await sessionsOf(here)).map((s) => s.current)).toEqual([true]);
    const entries = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "session_ended"), eq(auditLog.entityId, thereId)));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actorEmail).toBe(account.email);

    // Ending it again finds nothing to end.
    const again = await call("DELETE", endUrl(thereId), here);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: sessionMessages.notFound });
  });

  it("never ends another account's session, and refuses the current one and a malformed id", async () => {
    const account = await newAccount();
    const mine = await signInAs(account, "203.0.113.10", FIREFOX_WINDOWS);
    const theirs = await signInAs(await newAccount(), "203.0.113.20", FIREFOX_WINDOWS);

    const foreign = await call("DELETE", endUrl(await sessionId(theirs)), mine);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: sessionMessages.notFound });
    expect((await call("GET", urlOf(adminEndpoints.currentAdmin), theirs)).statusCode).toBe(200);

    const current = await call("DELETE", endUrl(await sessionId(mine)), mine);
    expect(current.statusCode).toBe(400);
    expect(current.json()).toMatchObject({ error: sessionMessages.currentSession });
    expect((await call("GET", urlOf(adminEndpoints.currentAdmin), mine)).statusCode).toBe(200);

    const malformed = await call("DELETE", endUrl("not-a-session"), mine);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty("error");
  });

  it("signs out everywhere else, keeping the presenting session", async () => {
    const account = await newAccount();
    const here = await signInAs(account, "203.0.113.10", FIREFOX_WINDOWS);
    const others = [
      await signInAs(account, "203.0.113.20", SAFARI_IPHONE),
      await signInAs(account, "203.0.113.21", SAFARI_IPHONE),
    ];
    const res = await call("DELETE", endOthersUrl, here);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Signed out 2 other sessions", ended: 2 });
    for (const token of others) {
      expect((await call("GET", urlOf(adminEndpoints.currentAdmin), token)).statusCode).toBe(401);
    }
    expect((await sessionsOf(here)).length).toBe(1);
    expect((await call("DELETE", endOthersUrl, here)).json()).toEqual({
      message: "No other sessions were signed in",
      ended: 0,
    });
  });

  it("needs a session", async () => {
    expect((await api.app.inject({ method: "GET", url: listUrl })).statusCode).toBe(401);
  });
});

describe("common passwords", () => {
  it("are refused as a new password, whatever their case, with the message beside the field", async () => {
    const account = await newAccount();
    const token = await signInAs(account, "203.0.113.10", FIREFOX_WINDOWS);
    for (const common of ["password1", "Password123", "QWERTYUIOP"]) {
      const res = await call("POST", urlOf(adminEndpoints.changePassword), token, {
        currentPassword: account.password,
        newPassword: common,
        confirmPassword: common,
      });
      expect(res.statusCode, common).toBe(400);
      expect(res.json()).toEqual({
        error: passwordChangeMessages.tooCommon,
        code: "invalid_request",
        fields: { newPassword: passwordChangeMessages.tooCommon },
      });
    }
    // The old password still works; a password off the list is accepted.
    expect((await login(api.app, account, "203.0.113.10")).statusCode).toBe(200);
    const strong = "marmalade-lighthouse-42";
    const res = await call("POST", urlOf(adminEndpoints.changePassword), token, {
      currentPassword: account.password,
      newPassword: strong,
      confirmPassword: strong,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("are refused by the operator commands too", async () => {
    await expect(
      createAdminAccount(api.database.db, {
        email: "common@example.co.uk",
        name: "Common",
        password: "iloveyou",
      }),
    ).rejects.toThrow(passwordChangeMessages.tooCommon);
    await expect(
      resetAdminPassword(api.database.db, { email: (await newAccount()).email, password: "letmein123" }),
    ).rejects.toThrow(passwordChangeMessages.tooCommon);
  });
});

describe("a generated password", () => {
  it("lets the account only change it, see itself and its sessions, or sign out, until it is changed", async () => {
    accounts += 1;
    const email = `generated-${accounts}@example.co.uk`;
    const created = await createAdminAccount(api.database.db, { email, name: "Generated" });
    const password = created.generatedPassword as string;
    const res = await login(api.app, { email, password }, "203.0.113.10", FIREFOX_WINDOWS);
    expect(res.statusCode, res.body).toBe(200);
    const { token, user } = LoginResponse.parse(res.json());
    expect(user.mustChangePassword).toBe(true);

    const me = await call("GET", urlOf(adminEndpoints.currentAdmin), token);
    expect(MeResponse.parse(me.json()).user.mustChangePassword).toBe(true);
    expect((await call("GET", listUrl, token)).statusCode).toBe(200);
    for (const url of ["/api/admin/stats", "/api/admin/medications", "/api/admin/audit"]) {
      const refused = await call("GET", url, token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({
        error: PASSWORD_CHANGE_REQUIRED_MESSAGE,
        code: "password_change_required",
      });
    }

    const newPassword = "my-own-chosen-password";
    const changed = await call("POST", urlOf(adminEndpoints.changePassword), token, {
      currentPassword: password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await call("GET", urlOf(adminEndpoints.currentAdmin), token);
    expect(MeResponse.parse(after.json()).user.mustChangePassword).toBe(false);
    expect((await call("GET", "/api/admin/stats", token)).statusCode).toBe(200);
  });

  it("is asked for again after an operator resets the password to a generated one, not a chosen one", async () => {
    const account = await newAccount();
    const reset = await resetAdminPassword(api.database.db, { email: account.email });
    const token = await signInAs(
      { email: account.email, password: reset.generatedPassword as string },
      "203.0.113.10",
      FIREFOX_WINDOWS,
    );
    expect((await call("GET", "/api/admin/stats", token)).statusCode).toBe(403);

    await resetAdminPassword(api.database.db, { email: account.email, password: "operator-chosen-password" });
    const chosen = await signInAs(
      { email: account.email, password: "operator-chosen-password" },
      "203.0.113.10",
      FIREFOX_WINDOWS,
    );
    expect((await call("GET", "/api/admin/stats", chosen)).statusCode).toBe(200);
  });
});

/**
 * Changing a password or turning the second factor on or off ends the account's other sessions
 * and its sign-ins waiting for a code, never the session that made the change (issue 25,
 * decision 030). On an API of its own, whose clock moves a TOTP step between codes.
 */
describe("a change of credentials", () => {
  let factorApi: TestApi;
  const clock = testClock();
  beforeAll(async () => {
    factorApi = await createTestApi({}, { now: clock.now });
  });
  afterAll(async () => {
    await factorApi?.close();
  });

  const STEP_MS = 30 * SECOND;
  const codeAt = (secret: string) => {
    clock.advance(STEP_MS);
    return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.now().getTime() });
  };
  const send = (method: "GET" | "POST", url: string, token?: string, payload?: Record<string, unknown>) =>
    factorApi.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const meOf = async (token: string) =>
    (await send("GET", urlOf(adminEndpoints.currentAdmin), token)).statusCode;

  let credentialAccounts = 0;
  async function account() {
    credentialAccounts += 1;
    const credentials = {
      email: `credentials-${credentialAccounts}@example.co.uk`,
      password: "credentials-password",
    };
    await createAdminAccount(factorApi.database.db, { ...credentials, name: "Credentials" });
    return credentials;
  }
  async function passwordOnly(credentials: { email: string; password: string }) {
    const res = await login(factorApi.app, credentials);
    expect(res.statusCode, res.body).toBe(200);
    return LoginResponse.parse(res.json()).token;
  }
  async function challengeFor(credentials: { email: string; password: string }) {
    const res = await login(factorApi.app, credentials);
    expect(res.statusCode, res.body).toBe(200);
    return SecondFactorChallenge.parse(res.json()).challenge;
  }
  const complete = (challenge: string, code: string) =>
    send("POST", urlOf(adminEndpoints.loginSecondFactor), undefined, { challenge, code });
  async function enrol(token: string): Promise<string> {
    const started = await send("POST", urlOf(adminEndpoints.startSecondFactorSetup), token);
    const { secret } = SecondFactorSetup.parse(started.json());
    const confirmed = await send("POST", urlOf(adminEndpoints.confirmSecondFactorSetup), token, {
      code: codeAt(secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return secret;
  }
  /** An account with the factor on, a session (`here`), another session and a pending challenge. */
  async function enrolledWithOthers() {
    const credentials = await account();
    const here = await passwordOnly(credentials);
    const secret = await enrol(here);
    const other = await complete(await challengeFor(credentials), codeAt(secret));
    expect(other.statusCode, other.body).toBe(200);
    const pending = await challengeFor(credentials);
    return { credentials, here, secret, other: LoginResponse.parse(other.json()).token, pending };
  }

  it("a password change ends the other sessions and the pending sign-ins, not this session", async () => {
    const { credentials, here, secret, other, pending } = await enrolledWithOthers();
    const newPassword = "credentials-password-2";
    const changed = await send("POST", urlOf(adminEndpoints.changePassword), here, {
      currentPassword: credentials.password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await meOf(here)).toBe(200);
    expect(await meOf(other)).toBe(401);
    // The half-done sign-in began with the old password: even the right code cannot finish it.
    const finished = await complete(pending, codeAt(secret));
    expect(finished.statusCode).toBe(401);
    expect(finished.json()).toMatchObject({ error: secondFactorMessages.challengeExpired });
  });

  it("turning the second factor on ends the sessions opened with the password alone, not this one", async () => {
    const credentials = await account();
    const here = await passwordOnly(credentials);
    const others = [await passwordOnly(credentials), await passwordOnly(credentials)];
    await enrol(here);
    expect(await meOf(here)).toBe(200);
    for (const token of others) expect(await meOf(token)).toBe(401);
  });

  it("turning the second factor off ends the other sessions and the pending sign-ins, not this session", async () => {
    const { credentials, here, secret, other, pending } = await enrolledWithOthers();
    const off = await send("POST", urlOf(adminEndpoints.disableSecondFactor), here, {
      currentPassword: credentials.password,
      code: codeAt(secret),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await meOf(here)).toBe(200);
    expect(await meOf(other)).toBe(401);
    const finished = await complete(pending, codeAt(secret));
    expect(finished.statusCode).toBe(401);
    expect(finished.json()).toMatchObject({ error: secondFactorMessages.challengeExpired });
  });
});
