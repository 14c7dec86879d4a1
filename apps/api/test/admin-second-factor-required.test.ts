import {
  adminEndpoints,
  LoginResponse,
  MeResponse,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  RecoveryCodesResponse,
  SECOND_FACTOR_REQUIRED_MESSAGE,
  SecondFactorChallenge,
  SecondFactorSetup,
} from "@pharmacompare/contract";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminAccount } from "../src/modules/auth/admin-accounts.ts";
import { bearer, login, SECOND, testClock } from "./admin-helpers.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * REQUIRE_SECOND_FACTOR (issue 25, decision 030): with it on, an administrator without a second
 * factor reaches only enrolment, their profile, password, sessions and sign-out; with it off (the
 * default outside production), nothing changes.
 */
let required: TestApi;
let optional: TestApi;
const clock = testClock();
beforeAll(async () => {
  required = await createTestApi({ REQUIRE_SECOND_FACTOR: "true" }, { now: clock.now });
  optional = await createTestApi({}, { now: clock.now });
});
afterAll(async () => {
  await required?.close();
  await optional?.close();
});

const PASSWORD = "required-factor-password";
let accounts = 0;
async function newAccount(api: TestApi) {
  accounts += 1;
  const email = `required-${accounts}@example.co.uk`;
  await createAdminAccount(api.database.db, { email, name: `Required ${accounts}`, password: PASSWORD });
  return { email, password: PASSWORD };
}

async function signIn(api: TestApi, credentials: { email: string; password: string }) {
  const res = await login(api.app, credentials);
  expect(res.statusCode, res.body).toBe(200);
  return LoginResponse.parse(res.json());
}

const call = (api: TestApi, method: string, url: string, token: string, payload?: Record<string, unknown>) =>
  api.app.inject({
    method: method as "GET",
    url,
    headers: { ...bearer(token), "user-agent": "vitest" },
    ...(payload ? { payload } : {}),
  });

const codeAt = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.now().getTime() });

/** Sets up the factor for the signed-in account; answers its base32 secret. */
async function enrol(api: TestApi, token: string): Promise<string> {
  const started = await call(api, "POST", urlOf(adminEndpoints.startSecondFactorSetup), token);
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = SecondFactorSetup.parse(started.json());
  const confirmed = await call(api, "POST", urlOf(adminEndpoints.confirmSecondFactorSetup), token, {
    code: codeAt(secret),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  RecoveryCodesResponse.parse(confirmed.json());
  return secret;
}

/** The guarded routes an unenrolled account may still call (decision 030). */
const ALLOWED = [
  adminEndpoints.currentAdmin,
  adminEndpoints.changePassword,
  adminEndpoints.logout,
  adminEndpoints.listAdminSessions,
  adminEndpoints.endAdminSession,
  adminEndpoints.endOtherAdminSessions,
  adminEndpoints.secondFactorStatus,
  adminEndpoints.startSecondFactorSetup,
  adminEndpoints.confirmSecondFactorSetup,
];
const allowed = new Set(
  ALLOWED.map((endpoint) => `${endpoint.method} ${endpoint.path.replace(/\{(\w+)\}/g, ":$1")}`),
);

const concrete = (url: string) =>
  url.replace(/:[A-Za-z0-9_]+/g, "00000000-0000-4000-8000-000000000000").replace(/\*$/, "anything");

describe("with REQUIRE_SECOND_FACTOR on", () => {
  it("says so at sign-in and in the profile, and answers 403 second_factor_required on every other admin route", async () => {
    const account = await newAccount(required);
    const { token, user } = await signIn(required, account);
    expect(user).toMatchObject({ mustChangePassword: false, mustEnrolSecondFactor: true });
    const me = await call(required, "GET", urlOf(adminEndpoints.currentAdmin), token);
    expect(me.statusCode).toBe(200);
    expect(MeResponse.parse(me.json()).user.mustEnrolSecondFactor).toBe(true);

    const refused = await call(required, "GET", urlOf(adminEndpoints.listAdminMedications), token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: SECOND_FACTOR_REQUIRED_MESSAGE, code: "second_factor_required" });

    // Every guarded route outside the allowed few, whatever its method or path.
    const others = required.app.adminRoutes.filter(
      (route) => route.method !== "HEAD" && !allowed.has(`${route.method} ${route.url}`),
    );
    expect(others.length).toBeGreaterThan(20);
    for (const route of others) {
      const res = await call(required, route.method, concrete(route.url), token);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json(), `${route.method} ${route.url}`).toMatchObject({ code: "second_factor_required" });
    }

    // What it may still do: its sessions, the factor's status, and setting it up.
    expect((await call(required, "GET", urlOf(adminEndpoints.listAdminSessions), token)).statusCode).toBe(
      200,
    );
    expect((await call(required, "GET", urlOf(adminEndpoints.secondFactorStatus), token)).statusCode).toBe(
      200,
    );
    await enrol(required, token);

    // Enrolled: the same session reaches everything, and the profile no longer asks.
    expect((await call(required, "GET", urlOf(adminEndpoints.listAdminMedications), token)).statusCode).toBe(
      200,
    );
    expect((await call(required, "GET", "/api/admin/stats", token)).statusCode).toBe(200);
    const after = await call(required, "GET", urlOf(adminEndpoints.currentAdmin), token);
    expect(MeResponse.parse(after.json()).user.mustEnrolSecondFactor).toBe(false);
  });

  it("lets an enrolled account sign in with its code and reach every route", async () => {
    const account = await newAccount(required);
    const secret = await enrol(required, (await signIn(required, account)).token);
    clock.advance(30 * SECOND);
    const first = await login(required.app, account);
    const { challenge } = SecondFactorChallenge.parse(first.json());
    const completed = await required.app.inject({
      method: "POST",
      url: urlOf(adminEndpoints.loginSecondFactor),
      payload: { challenge, code: codeAt(secret) },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const { token, user } = LoginResponse.parse(completed.json());
    expect(user.mustEnrolSecondFactor).toBe(false);
    for (const url of [urlOf(adminEndpoints.listAdminMedications), "/api/admin/stats", "/api/admin/audit"]) {
      expect((await call(required, "GET", url, token)).statusCode, url).toBe(200);
    }
  });

  it("asks for a generated password to be replaced first: enrolment waits for that", async () => {
    const created = await createAdminAccount(required.database.db, {
      email: "required-generated@example.co.uk",
      name: "Generated",
    });
    const { token, user } = await signIn(required, {
      email: created.email,
      password: created.generatedPassword as string,
    });
    expect(user).toMatchObject({ mustChangePassword: true, mustEnrolSecondFactor: true });
    const setup = await call(required, "POST", urlOf(adminEndpoints.startSecondFactorSetup), token);
    expect(setup.statusCode).toBe(403);
    expect(setup.json()).toEqual({
      error: PASSWORD_CHANGE_REQUIRED_MESSAGE,
      code: "password_change_required",
    });
  });
});

describe("with REQUIRE_SECOND_FACTOR off (the default outside production)", () => {
  it("lets an account without a second factor reach everything, as before", async () => {
    const account = await newAccount(optional);
    const { token, user } = await signIn(optional, account);
    expect(user).toMatchObject({ mustEnrolSecondFactor: false });
    for (const url of [urlOf(adminEndpoints.listAdminMedications), "/api/admin/stats", "/api/admin/audit"]) {
      expect((await call(optional, "GET", url, token)).statusCode, url).toBe(200);
    }
  });
});
