import { adminEndpoints, publicEndpoints } from "@pharmacompare/contract";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "../src/plugins/error-handler.ts";
import { bearer, login, signIn } from "./admin-helpers.ts";
import { TEST_ADMIN } from "./fixtures.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

const contactUrl = urlOf(publicEndpoints.sendContactMessage);

/** PostgreSQL cannot store U+0000 in text: such input must be refused as a 400, never reach it as a 500. */
let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await createTestApi();
  token = await signIn(api.app);
});
afterAll(async () => {
  await api?.close();
});

const refusal = (context: string, name: string) => ({
  error: `Invalid ${context} "${name}": must not contain control characters`,
  code: "invalid_request",
  fields: { [name]: "must not contain control characters" },
});

describe("text with a NUL character", () => {
  it.each([
    ["/api/medications/ab%00cd", "path parameter", "id"],
    ["/api/medications/search/ab%00cd", "path parameter", "query"],
    ["/api/medications?category=a%00b", "query parameter", "category"],
    ["/api/medications/wegovy/comparison?dosage=a%00b", "query parameter", "dosage"],
    ["/api/prices/medication/wegovy?dosage=a%00b", "query parameter", "dosage"],
    ["/api/pharmacies/a%00b", "path parameter", "id"],
    ["/api/categories/a%00b", "path parameter", "id"],
    ["/api/blog/posts/a%00b", "path parameter", "slug"],
    ["/api/blog/posts/a%00b/related", "path parameter", "slug"],
    ["/admin-messages/medication/a%00b", "path parameter", "medicationId"],
  ])("GET %s answers 400 naming the %s", async (url, context, name) => {
    expect(await api.get(url)).toEqual({ status: 400, body: refusal(context, name) });
  });

  it("refuses a contact message with one in any field, storing nothing", async () => {
    const valid = {
      name: "Alex Example",
      email: "alex@example.co.uk",
      subject: "general",
      message: "A question about prices.\r\n\tSecond line.",
    };
    for (const field of ["name", "message"] as const) {
      const res = await api.app.inject({
        method: "POST",
        url: contactUrl,
        payload: { ...valid, [field]: "a\u0000b and some more text" },
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toEqual(refusal("body field", field));
    }
    // Line breaks and tabs are ordinary text.
    const ok = await api.app.inject({ method: "POST", url: contactUrl, payload: valid });
    expect(ok.statusCode).toBe(201);
  });

  it("refuses a sign-in with one in the email or password", async () => {
    const email = await login(api.app, { email: "a\u0000@b.co", password: "whatever-password" });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual(refusal("body field", "email"));
    const password = await login(api.app, { email: TEST_ADMIN.email, password: "pass\u0000word" });
    expect(password.statusCode).toBe(400);
    expect(password.json()).toEqual(refusal("body field", "password"));
  });

  it("refuses an audit filter with one", async () => {
    const url = `${urlOf(adminEndpoints.listAuditEntries)}?actorEmail=a%00b`;
    const res = await api.app.inject({ url, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal("query parameter", "actorEmail"));
  });
});

describe("the error handler's backstop for text the database refuses", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // A route outside the contract that hands the text straight to the database.
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get<{ Querystring: { text: string } }>("/store", async (request) => {
      await api.database.db.execute(sql`select ${request.query.text}::text as stored`);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("answers 400 { error, code } for SQLSTATE 22021 from the driver, wrapped by Drizzle", async () => {
    expect((await app.inject({ url: "/store?text=fine" })).statusCode).toBe(200);
    const res = await app.inject({ url: "/store?text=a%00b" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "Invalid text: it contains characters that cannot be stored",
      code: "invalid_request",
    });
  });
});
