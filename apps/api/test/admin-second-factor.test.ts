import {
  adminEndpoints,
  LoginResponse,
  secondFactorMessages as messages,
  RecoveryCodesResponse,
  SecondFactorChallenge,
  SecondFactorSetup,
  SecondFactorStatus,
} from "@pharmacompare/contract";
import { and, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminLoginChallenges, adminRecoveryCodes, adminUsers, auditLog } from "../src/db/schema.ts";
import { createAdminAccount, resetAdminSecondFactor } from "../src/modules/auth/admin-accounts.ts";
import { openTotpSecret } from "../src/modules/auth/totp-secrets.ts";
import { bearer, login, MINUTE, SECOND, testClock } from "./admin-helpers.ts";
import { TEST_ADMIN } from "./fixtures.ts";
import { createTestApi, type TestApi, testSecretBox, urlOf } from "./test-api.ts";

/** Staff two-step verification (issue 12, decision 022), through the API on a real database. */
let api: TestApi;
const clock = testClock();
beforeAll(async () => {
  api = await createTestApi({}, { now: clock.now });
});
afterAll(async () => {
  await api?.close();
});

/** The admin's usual address (known after the first sign-in, so only its own keys count). */
const HOME = "127.0.0.1";
const STEP_MS = 30 * SECOND;

/** The code an authenticator app shows for `secret` at the test clock's time (or `offsetMs` from it). */
const codeAt = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.now().getTime() + offsetMs });

/** A code unlike the right one (and unlike its neighbours in the window). */
function wrongCode(secret: string): string {
  const taken = new Set([-STEP_MS, 0, STEP_MS].map((offset) => codeAt(secret, offset)));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, "0");
    if (!taken.has(candidate)) return candidate;
  }
}

function post(url: string, body: unknown, options: { token?: string; ip?: string } = {}) {
  return api.app.inject({
    method: "POST",
    url,
    payload: body as Record<string, unknown>,
    remoteAddress: options.ip ?? HOME,
    headers: { "user-agent": "vitest", ...(options.token ? bearer(options.token) : {}) },
  });
}

type Credentials = { email: string; password: string };

const completeUrl = urlOf(adminEndpoints.loginSecondFactor);
const complete = (challenge: string, code: string, ip = HOME) =>
  post(completeUrl, { challenge, code }, { ip });

async function passwordStep(credentials: Credentials = TEST_ADMIN, ip = HOME): Promise<string> {
  const res = await login(api.app, credentials, ip);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Record<string, unknown>;
  expect(body).not.toHaveProperty("token");
  return SecondFactorChallenge.parse(body).challenge;
}

async function passwordOnly(credentials: Credentials = TEST_ADMIN, ip = HOME): Promise<string> {
  const res = await login(api.app, credentials, ip);
  expect(res.statusCode, res.body).toBe(200);
  return LoginResponse.parse(res.json()).token;
}

/** Enrols the signed-in account; answers its secret and recovery codes. */
async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post(urlOf(adminEndpoints.startSecondFactorSetup), undefined, { token });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = SecondFactorSetup.parse(setup.json());
  const confirmed = await post(
    urlOf(adminEndpoints.confirmSecondFactorSetup),
    { code: codeAt(secret) },
    { token },
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: RecoveryCodesResponse.parse(confirmed.json()).recoveryCodes };
}

async function status(token: string) {
  const res = await api.app.inject({ url: urlOf(adminEndpoints.secondFactorStatus), headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return SecondFactorStatus.parse(res.json());
}

const me = (token: string) =>
  api.app.inject({ url: urlOf(adminEndpoints.currentAdmin), headers: bearer(token) });

async function account(email: string = TEST_ADMIN.email) {
  const [user] = await api.database.db.select().from(adminUsers).where(eq(adminUsers.email, email));
  if (!user) throw new Error(`no account ${email}`);
  return user;
}

/** What a stored TOTP column holds, opened with the test API's key (decision 030). */
function storedSecret(userId: string, stored: string | null): string | null {
  return stored === null ? null : openTotpSecret(testSecretBox(), userId, stored);
}

async function auditActions(userId: string): Promise<string[]> {
  const rows = await api.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(sql`${auditLog.actorId} = ${userId} or ${auditLog.entityId} = ${userId}`);
  return rows.map((row) => row.action);
}

/** Every row of every table as text: what someone with a copy of the database would have. */
async function wholeDatabase(): Promise<string> {
  const tables = (await api.database.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { name: string }[] };
  const dumps = await Promise.all(
    tables.rows.map(async ({ name }) => {
      const result = (await api.database.db.execute(
        sql.raw(`select coalesce(string_agg(t::text, ' '), '') as dump from "${name}" t`),
      )) as unknown as { rows: { dump: string }[] };
      return result.rows[0]?.dump ?? "";
    }),
  );
  return dumps.join("\n").toLowerCase();
}

let secret = "";
let recoveryCodes: string[] = [];

describe("enrolment from Profile Settings", () => {
  let token: string;
  beforeAll(async () => {
    token = await passwordOnly();
  });

  it("starts with a pending secret, its otpauth URI and QR code, and is not on yet", async () => {
    expect(await status(token)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const res = await post(urlOf(adminEndpoints.startSecondFactorSetup), undefined, { token });
    expect(res.statusCode).toBe(200);
    const setup = SecondFactorSetup.parse(res.json());
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/PharmaCompare:admin%40pharmacompare\.local\?/);
    expect(new URL(setup.otpauthUri).searchParams.get("secret")).toBe(setup.secret);
    expect(setup.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const user = await account();
    expect(user).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    // Encrypted at rest (decision 030): the row holds a sealed value, never the base32 secret.
    expect(user.totpPendingSecret).toMatch(/^v1:/);
    expect(user.totpPendingSecret).not.toContain(setup.secret);
    expect(storedSecret(user.id, user.totpPendingSecret)).toBe(setup.secret);
    // Until it is confirmed, the password alone still signs in.
    await passwordOnly();
    secret = setup.secret;
  });

  it("refuses a wrong or malformed first code and stays off", async () => {
    const url = urlOf(adminEndpoints.confirmSecondFactorSetup);
    const wrong = await post(url, { code: wrongCode(secret) }, { token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: messages.codeIncorrect,
      fields: { code: messages.codeIncorrect },
    });
    const malformed = await post(url, { code: "12a456" }, { token });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: messages.totpShape });
    const missing = await post(url, {}, { token });
    expect(missing.json()).toMatchObject({ error: messages.codeRequired });
    expect((await account()).totpEnabledAt).toBeNull();
    expect(await auditActions((await account()).id)).toContain("second_factor_failed");
  });

  it("turns on with the right code and answers ten recovery codes once", async () => {
    const res = await post(
      urlOf(adminEndpoints.confirmSecondFactorSetup),
      { code: codeAt(secret) },
      { token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = RecoveryCodesResponse.parse(res.json());
    expect(body.message).toBe(messages.enabled);
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes)
      expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}(-[2-9a-hjkmnp-z]{4}){3}$/);
    recoveryCodes = body.recoveryCodes;

    const user = await account();
    expect(user).toMatchObject({ totpPendingSecret: null });
    expect(user.totpSecret).not.toContain(secret);
    expect(storedSecret(user.id, user.totpSecret)).toBe(secret);
    expect(user.totpEnabledAt).toBeInstanceOf(Date);
    const state = await status(token);
    expect(state).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // The session that turned it on goes on working.
    expect((await me(token)).statusCode).toBe(200);
    // Already on: neither a new setup nor a second confirmation.
    expect((await post(urlOf(adminEndpoints.startSecondFactorSetup), undefined, { token })).statusCode).toBe(
      409,
    );
    expect(await auditActions(user.id)).toContain("second_factor_enabled");
  });

  it("keeps recovery codes only as hashes", async () => {
    const rows = await api.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.userId, (await account()).id));
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const dump = await wholeDatabase();
    for (const code of recoveryCodes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replaceAll("-", ""));
    }
    // Nor the TOTP secret, in any table (decision 030): a copy of the database makes no codes.
    expect(dump).not.toContain(secret.toLowerCase());
  });
});

describe("signing in with a second factor", () => {
  it("answers a challenge, not a session, for the right password, and stores only its hash", async () => {
    const challenge = await passwordStep();
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await wholeDatabase()).not.toContain(challenge.toLowerCase());
    // A wrong password still answers the same 401 as before.
    expect((await login(api.app, { email: TEST_ADMIN.email, password: "not-it" }, HOME)).statusCode).toBe(
      401,
    );
  });

  it("refuses a wrong code, accepts the right one once, and never the same code again", async () => {
    clock.advance(STEP_MS);
    const challenge = await passwordStep();
    const wrong = await complete(challenge, wrongCode(secret));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: messages.codeIncorrect });

    const code = codeAt(secret);
    const res = await complete(challenge, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(res.statusCode, res.body).toBe(200);
    const body = LoginResponse.parse(res.json());
    expect(body.user).toEqual({
      name: "Administrator",
      email: TEST_ADMIN.email,
      role: "admin",
      mustChangePassword: false,
      mustEnrolSecondFactor: false,
    });
    expect((await me(body.token)).statusCode).toBe(200);

    // The challenge is spent…
    expect((await complete(challenge, codeAt(secret, STEP_MS))).json()).toMatchObject({
      error: messages.challengeExpired,
    });
    // …and the code too, even with a fresh challenge and within its window.
    const again = await complete(await passwordStep(), code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: messages.codeIncorrect });
  });

  it("lets two simultaneous uses of one code make one session", async () => {
    clock.advance(STEP_MS);
    const [first, second] = [await passwordStep(), await passwordStep()];
    const code = codeAt(secret);
    const answers = await Promise.all([complete(first, code), complete(second, code)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
  });

  it("accepts a code from the step before or after, not two steps away", async () => {
    clock.advance(STEP_MS);
    expect((await complete(await passwordStep(), codeAt(secret, 2 * STEP_MS))).statusCode).toBe(401);
    expect((await complete(await passwordStep(), codeAt(secret, STEP_MS))).statusCode).toBe(200);
  });

  it("accepts each recovery code once, and counts what is left", async () => {
    const [code] = recoveryCodes;
    if (!code) throw new Error("no recovery code");
    const res = await complete(await passwordStep(), code.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const token = LoginResponse.parse(res.json()).token;
    expect((await status(token)).recoveryCodesLeft).toBe(9);
    const reused = await complete(await passwordStep(), code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ error: messages.codeIncorrect });

    const [entry] = await api.database.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.action, "login"))
      .orderBy(sql`${auditLog.createdAt} desc, ${auditLog.id} desc`)
      .limit(1);
    expect(entry?.changes).toMatchObject({ secondFactor: "recovery" });
  });

  it("refuses a challenge five minutes old", async () => {
    clock.advance(STEP_MS);
    const challenge = await passwordStep();
    clock.advance(5 * MINUTE + SECOND);
    const res = await complete(challenge, codeAt(secret));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: messages.challengeExpired });
  });

  it("refuses a missing, malformed or made-up challenge or code with a sentence", async () => {
    expect((await complete("", codeAt(secret))).json()).toMatchObject({ error: messages.challengeExpired });
    expect((await complete("x".repeat(43), codeAt(secret))).statusCode).toBe(401);
    const noCode = await complete(await passwordStep(), "");
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({
      error: messages.codeRequired,
      fields: { code: messages.codeRequired },
    });
    const odd = await complete(await passwordStep(), "12345");
    expect(odd.json()).toMatchObject({ error: messages.codeShape });
  });
});

describe("wrong codes and the sign-in throttle", () => {
  const OTHER = { email: "second.factor@example.co.uk", password: "another-password-1" };
  const AWAY = "198.51.100.23";
  const OTHER_HOME = "192.0.2.50";
  let otherSecret = "";

  beforeAll(async () => {
    await createAdminAccount(api.database.db, { ...OTHER, name: "Sam Second" });
    otherSecret = (await enrol(await passwordOnly(OTHER, OTHER_HOME))).secret;
  });

  it("counts each wrong code like a wrong password (the right password itself costs nothing)", async () => {
    clock.advance(STEP_MS);
    const challenge = await passwordStep(OTHER, AWAY);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await complete(challenge, wrongCode(otherSecret), AWAY);
      expect(res.statusCode, `attempt ${attempt}`).toBe(401);
      expect(res.json()).toMatchObject({ error: messages.codeIncorrect });
    }
    // The fifth wrong code locked this network out of the account, password step included.
    const locked = await login(api.app, OTHER, AWAY);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    const failures = (await auditActions((await account(OTHER.email)).id)).filter(
      (action) => action === "login_failed",
    );
    expect(failures).toHaveLength(5);
  });

  it("takes at most five codes per challenge: then even the right one is refused", async () => {
    // The throttle usually stops a sixth code first; the challenge's own count holds whatever
    // the throttle allows. Four wrong codes are taken as already spent, from the account's usual network.
    const challenge = await passwordStep(OTHER, OTHER_HOME);
    const challengeId = (await account(OTHER.email)).id;
    const [row] = await api.database.db
      .select()
      .from(adminLoginChallenges)
      .where(eq(adminLoginChallenges.userId, challengeId))
      .orderBy(sql`${adminLoginChallenges.createdAt} desc`)
      .limit(1);
    if (!row) throw new Error("no challenge stored");
    await api.database.db
      .update(adminLoginChallenges)
      .set({ attempts: 4 })
      .where(eq(adminLoginChallenges.id, row.id));
    const fifth = await complete(challenge, wrongCode(otherSecret), OTHER_HOME);
    expect(fifth.json()).toMatchObject({ error: messages.codeIncorrect });
    const sixth = await complete(challenge, codeAt(otherSecret), OTHER_HOME);
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json()).toMatchObject({ error: messages.challengeExpired });
  });
});

describe("turning it off and new recovery codes", () => {
  let token: string;
  beforeAll(async () => {
    clock.advance(STEP_MS);
    const res = await complete(await passwordStep(), codeAt(secret));
    token = LoginResponse.parse(res.json()).token;
  });

  it("replaces the recovery codes given the password and a code; the old ones stop working", async () => {
    const url = urlOf(adminEndpoints.regenerateRecoveryCodes);
    clock.advance(STEP_MS);
    const noPassword = await post(url, { code: codeAt(secret) }, { token });
    expect(noPassword.json()).toMatchObject({ fields: { currentPassword: messages.passwordRequired } });
    const res = await post(url, { currentPassword: TEST_ADMIN.password, code: codeAt(secret) }, { token });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = RecoveryCodesResponse.parse(res.json()).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    expect((await complete(await passwordStep(), recoveryCodes[1] ?? "")).statusCode).toBe(401);
    expect((await status(token)).recoveryCodesLeft).toBe(10);
    recoveryCodes = fresh;
    expect(await auditActions((await account()).id)).toContain("recovery_codes_regenerated");
  });

  it("refuses to turn off without the right password and the right code, changing nothing", async () => {
    const url = urlOf(adminEndpoints.disableSecondFactor);
    clock.advance(STEP_MS);
    const wrongPassword = await post(
      url,
      { currentPassword: "not-it-at-all", code: codeAt(secret) },
      { token },
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ fields: { currentPassword: messages.passwordIncorrect } });
    const wrong = await post(
      url,
      { currentPassword: TEST_ADMIN.password, code: wrongCode(secret) },
      { token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { code: messages.codeIncorrect } });
    const user = await account();
    expect(storedSecret(user.id, user.totpSecret)).toBe(secret);
    expect((await status(token)).recoveryCodesLeft).toBe(10);
  });

  it("turns off with the password and a recovery code; the password alone signs in again", async () => {
    const res = await post(
      urlOf(adminEndpoints.disableSecondFactor),
      { currentPassword: TEST_ADMIN.password, code: recoveryCodes[0] },
      { token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: messages.disabled });
    expect(await status(token)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const user = await account();
    expect(user).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    const left = await api.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.userId, user.id));
    expect(left).toEqual([]);
    await passwordOnly();
    // Off already: nothing to turn off.
    const again = await post(
      urlOf(adminEndpoints.disableSecondFactor),
      { currentPassword: TEST_ADMIN.password, code: "123456" },
      { token },
    );
    expect(again.statusCode).toBe(409);
    expect(await auditActions(user.id)).toContain("second_factor_disabled");
  });
});

describe("npm run admin:reset-2fa (resetAdminSecondFactor)", () => {
  it("removes the factor and the codes, signs the account out everywhere, and is audited as the operator", async () => {
    const token = await passwordOnly();
    clock.advance(STEP_MS);
    ({ secret } = await enrol(token));
    const user = await account();

    const result = await resetAdminSecondFactor(api.database.db, { email: TEST_ADMIN.email.toUpperCase() });
    expect(result).toMatchObject({ email: TEST_ADMIN.email, wasEnabled: true });
    expect(result.sessionsRevoked).toBeGreaterThanOrEqual(1);
    expect((await me(token)).statusCode).toBe(401);
    expect(await account()).toMatchObject({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null });
    const codes = await api.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.userId, user.id));
    expect(codes).toEqual([]);
    await passwordOnly();

    const [entry] = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "second_factor_reset"), eq(auditLog.entityId, user.id)));
    expect(entry).toMatchObject({ actorId: null, actorEmail: "operator" });
    expect(JSON.stringify(entry?.changes)).not.toContain(secret);

    await expect(resetAdminSecondFactor(api.database.db, { email: "nobody@example.co.uk" })).rejects.toThrow(
      "No administrator has email nobody@example.co.uk",
    );
  });
});
