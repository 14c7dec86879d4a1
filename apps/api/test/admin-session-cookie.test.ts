import {
  adminEndpoints,
  BACK_OFFICE_REQUEST_HEADER,
  BackOfficeSignIn,
  CategoryListResponse,
  CSRF_REFUSAL_MESSAGE,
  LoginResponse,
  RecoveryCodesResponse,
  SecondFactorChallenge,
  SecondFactorSetup,
} from "@pharmacompare/contract";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn } from "./admin-helpers.ts";
import { TEST_ADMIN } from "./fixtures.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * The back-office session cookie and the CSRF proof of its writes (issue 25, decision 028):
 * through the API on a real database, reading what a browser would get in each header.
 */
const WEB_ORIGIN = "http://localhost:3000";
/** What the back-office page sends with a write: its own origin and the request header. */
const FROM_BACK_OFFICE = { origin: WEB_ORIGIN, [BACK_OFFICE_REQUEST_HEADER]: "1" };
const COOKIE = "pc_admin_session";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ WEB_ORIGIN });
});
afterAll(async () => {
  await api?.close();
});

/** The Set-Cookie lines of an answer, parsed: name, value and attributes (lower-cased keys). */
function setCookies(res: LightMyRequestResponse) {
  const header = res.headers["set-cookie"];
  const lines = header === undefined ? [] : [header].flat();
  return lines.map((line) => {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const [name = "", ...value] = pair.split("=");
    return {
      name,
      value: value.join("="),
      attributes: Object.fromEntries(
        attributes.map((attribute) => {
          const [key = "", ...rest] = attribute.split("=");
          return [key.toLowerCase(), rest.join("=") || true];
        }),
      ) as Record<string, string | true>,
    };
  });
}

/**
 * Signs in as the back-office page does; answers the session cookie and its value, the session's
 * token, which the answer's body never carries (issue 42).
 */
async function signInFromBackOffice(app: FastifyInstance = api.app) {
  const res = await app.inject({
    method: "POST",
    url: urlOf(adminEndpoints.login),
    payload: TEST_ADMIN,
    headers: FROM_BACK_OFFICE,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(Object.keys(res.json()), "the back-office's answer carries a token").toEqual(["user"]);
  const [cookie] = setCookies(res);
  if (!cookie) throw new Error("no session cookie was set");
  expect(res.body).not.toContain(cookie.value);
  return { token: cookie.value, cookie, res };
}

const withCookie = (value: string, name = COOKIE) => ({ cookie: `${name}=${value}` });

const me = (headers: Record<string, string>, app: FastifyInstance = api.app) =>
  app.inject({ url: urlOf(adminEndpoints.currentAdmin), headers });

const categoryNames = async () => {
  const res = await api.app.inject({
    url: urlOf(adminEndpoints.listAdminCategories),
    headers: bearer(await signIn(api.app)),
  });
  return CategoryListResponse.parse(res.json()).categories.map((category) => category.name);
};

const createCategory = (name: string, headers: Record<string, string>) =>
  api.app.inject({ method: "POST", url: urlOf(adminEndpoints.createCategory), payload: { name }, headers });

describe("the session cookie", () => {
  it("is set on a back-office sign-in: HttpOnly, SameSite=Strict, Path=/, at most the session's 12 hours", async () => {
    const { cookie } = await signInFromBackOffice();
    expect(cookie.name).toBe(COOKIE);
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(cookie.attributes.httponly).toBe(true);
    expect(cookie.attributes.samesite).toBe("Strict");
    expect(cookie.attributes.path).toBe("/");
    expect(cookie.attributes.domain).toBeUndefined();
    // Plain http (the default API_URL): Secure would make the browser drop it.
    expect(cookie.attributes.secure).toBeUndefined();
    const maxAge = Number(cookie.attributes["max-age"]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(12 * 60 * 60);
  });

  it("is Secure and named __Host- when the API's own URL is https", async () => {
    const secure = await api.another({ API_URL: "https://api.pharmacompare.example" });
    const { token, cookie } = await signInFromBackOffice(secure);
    expect(cookie.name).toBe(`__Host-${COOKIE}`);
    expect(cookie.attributes.secure).toBe(true);
    expect(cookie.attributes.httponly).toBe(true);
    expect(cookie.attributes.samesite).toBe("Strict");
    expect(cookie.attributes.path).toBe("/");
    expect(cookie.attributes.domain).toBeUndefined();
    expect((await me(withCookie(token, `__Host-${COOKIE}`), secure)).statusCode).toBe(200);
    // The plain name is not read there, so an http page cannot plant a session under it.
    expect((await me(withCookie(token), secure)).statusCode).toBe(401);
  });

  it("is not set for an API client's sign-in (no back-office Origin and header), which still gets its token", async () => {
    for (const headers of [{}, { origin: WEB_ORIGIN }, { [BACK_OFFICE_REQUEST_HEADER]: "1" }]) {
      const res = await api.app.inject({
        method: "POST",
        url: urlOf(adminEndpoints.login),
        payload: TEST_ADMIN,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(LoginResponse.parse(res.json()).token).toMatch(/^[\w-]{43}$/);
      expect(res.headers["set-cookie"], JSON.stringify(headers)).toBeUndefined();
    }
  });

  it("is the back-office's only session: its sign-in answer has no token, an API client's has one it can use (issue 42)", async () => {
    const { res, cookie } = await signInFromBackOffice();
    expect(res.json()).toEqual({ user: expect.objectContaining({ email: TEST_ADMIN.email }) });
    expect(res.json()).not.toHaveProperty("token");
    expect((await me(withCookie(cookie.value))).statusCode).toBe(200);

    // An API client asks for a token by signing in as itself: no back-office Origin and header.
    const client = await api.app.inject({
      method: "POST",
      url: urlOf(adminEndpoints.login),
      payload: TEST_ADMIN,
    });
    expect(client.statusCode).toBe(200);
    const { token } = LoginResponse.parse(client.json());
    const signedIn = await me(bearer(token));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { email: TEST_ADMIN.email } });
  });

  it("authenticates a GET on its own, with no Origin or header", async () => {
    const { token } = await signInFromBackOffice();
    const res = await me(withCookie(token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: TEST_ADMIN.email } });
  });

  it("is not consulted when an Authorization header is there, even a malformed one", async () => {
    const { token } = await signInFromBackOffice();
    const res = await me({ ...withCookie(token), authorization: "Bearer not-a-token" });
    expect(res.statusCode).toBe(401);
  });
});

describe("a write on the cookie (CSRF)", () => {
  const refused: { name: string; headers: Record<string, string> }[] = [
    { name: "without Origin or header", headers: {} },
    { name: "without Origin", headers: { [BACK_OFFICE_REQUEST_HEADER]: "1" } },
    {
      name: "from a foreign Origin",
      headers: { origin: "https://evil.example", [BACK_OFFICE_REQUEST_HEADER]: "1" },
    },
    {
      name: "from the API's own origin",
      headers: { origin: "http://localhost:4000", [BACK_OFFICE_REQUEST_HEADER]: "1" },
    },
    { name: "from an opaque Origin", headers: { origin: "null", [BACK_OFFICE_REQUEST_HEADER]: "1" } },
    { name: "without the header", headers: { origin: WEB_ORIGIN } },
    {
      name: "with another header value",
      headers: { origin: WEB_ORIGIN, [BACK_OFFICE_REQUEST_HEADER]: "yes" },
    },
  ];

  for (const { name, headers } of refused) {
    it(`is refused 403 ${name}, and changes nothing`, async () => {
      const { token } = await signInFromBackOffice();
      const category = `CSRF probe ${name}`;
      const res = await createCategory(category, { ...withCookie(token), ...headers });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ error: CSRF_REFUSAL_MESSAGE, code: "csrf" });
      expect(await categoryNames()).not.toContain(category);

      // Sign-out is a write too: a foreign page cannot end the session either.
      const logout = await api.app.inject({
        method: "POST",
        url: urlOf(adminEndpoints.logout),
        headers: { ...withCookie(token), ...headers },
      });
      expect(logout.statusCode).toBe(403);
      expect(logout.headers["set-cookie"]).toBeUndefined();
      expect((await me(withCookie(token))).statusCode).toBe(200);
    });
  }

  it("succeeds with the back-office Origin and header", async () => {
    const { token } = await signInFromBackOffice();
    const res = await createCategory("Made on the cookie", { ...withCookie(token), ...FROM_BACK_OFFICE });
    expect(res.statusCode, res.body).toBe(201);
    expect(await categoryNames()).toContain("Made on the cookie");
  });

  it("is not asked of a bearer token (a browser never adds one by itself)", async () => {
    const token = await signIn(api.app);
    const res = await createCategory("Made with a bearer token", bearer(token));
    expect(res.statusCode, res.body).toBe(201);
    expect(await categoryNames()).toContain("Made with a bearer token");
  });
});

describe("signing out", () => {
  it("clears the cookie, and the old cookie is then refused (and cleared again)", async () => {
    const { token } = await signInFromBackOffice();
    const res = await api.app.inject({
      method: "POST",
      url: urlOf(adminEndpoints.logout),
      headers: { ...withCookie(token), ...FROM_BACK_OFFICE },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [cleared] = setCookies(res);
    expect(cleared?.name).toBe(COOKIE);
    expect(cleared?.value).toBe("");
    expect(cleared?.attributes["max-age"]).toBe("0");
    expect(cleared?.attributes.path).toBe("/");

    const after = await me(withCookie(token));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: "unauthenticated" });
    expect(setCookies(after)[0]).toMatchObject({ name: COOKIE, value: "" });
  });

  it("of another session, from this one, leaves that session's cookie refused", async () => {
    const there = await signInFromBackOffice();
    const here = await signIn(api.app);
    const ended = await api.app.inject({
      method: "DELETE",
      url: urlOf(adminEndpoints.endOtherAdminSessions),
      headers: bearer(here),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await me(withCookie(there.token))).statusCode).toBe(401);
    expect((await me(bearer(here))).statusCode).toBe(200);
  });
});

describe("CORS", () => {
  const preflight = (origin: string) =>
    api.app.inject({
      method: "OPTIONS",
      url: urlOf(adminEndpoints.createCategory),
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": `content-type, ${BACK_OFFICE_REQUEST_HEADER.toLowerCase()}`,
      },
    });

  it("lets the allow-listed origin send credentials and the back-office header", async () => {
    const res = await preflight(WEB_ORIGIN);
    expect(res.headers["access-control-allow-origin"]).toBe(WEB_ORIGIN);
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
    expect(String(res.headers["access-control-allow-headers"]).toLowerCase()).toContain(
      BACK_OFFICE_REQUEST_HEADER.toLowerCase(),
    );
    const { token } = await signInFromBackOffice();
    const read = await me({ ...withCookie(token), origin: WEB_ORIGIN });
    expect(read.headers["access-control-allow-origin"]).toBe(WEB_ORIGIN);
    expect(read.headers["access-control-allow-credentials"]).toBe("true");
  });

  it("says nothing of credentials to any other origin, or to a caller without one", async () => {
    const foreign = await preflight("https://evil.example");
    expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
    expect(foreign.headers["access-control-allow-credentials"]).toBeUndefined();
    for (const headers of [{ origin: "https://evil.example" }, {}]) {
      const res = await api.app.inject({ url: "/health", headers });
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
      expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
    }
  });
});

describe("a sign-in completed with a second factor", () => {
  // Last in the file: it leaves the test admin enrolled.
  it("sets the cookie too when the back-office completes it", async () => {
    const token = await signIn(api.app);
    const setup = await api.app.inject({
      method: "POST",
      url: urlOf(adminEndpoints.startSecondFactorSetup),
      headers: bearer(token),
    });
    const { secret } = SecondFactorSetup.parse(setup.json());
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const confirmed = await api.app.inject({
      method: "POST",
      url: urlOf(adminEndpoints.confirmSecondFactorSetup),
      payload: { code: totp.generate() },
      headers: bearer(token),
    });
    const { recoveryCodes } = RecoveryCodesResponse.parse(confirmed.json());

    const password = await api.app.inject({
      method: "POST",
      url: urlOf(adminEndpoints.login),
      payload: TEST_ADMIN,
      headers: FROM_BACK_OFFICE,
    });
    // The password alone opens no session, so it sets no cookie.
    expect(password.headers["set-cookie"]).toBeUndefined();
    const { challenge } = SecondFactorChallenge.parse(password.json());
    const completed = await api.app.inject({
      method: "POST",
      url: urlOf(adminEndpoints.loginSecondFactor),
      payload: { challenge, code: recoveryCodes[0] },
      headers: FROM_BACK_OFFICE,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    // The cookie is the back-office's session: the answer names the user and carries no token (issue 42).
    expect(completed.json()).toEqual({ user: BackOfficeSignIn.parse(completed.json()).user });
    const [cookie] = setCookies(completed);
    expect(cookie).toMatchObject({ name: COOKIE, value: expect.stringMatching(/^[\w-]{43}$/) });
    expect(completed.body).not.toContain(cookie?.value);
    expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: "Strict", path: "/" });
    expect((await me(withCookie(cookie?.value ?? ""))).statusCode).toBe(200);
  });
});
