import { Category, HealthResponse } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { demoCategories } from "../src/demo-data/index.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("GET /health", () => {
  it("answers 200 after a round trip to the database", async () => {
    const res = await api.app.inject({ method: "GET", url: "/health" });
    expect(res.statusCode).toBe(200);
    const body = HealthResponse.parse(res.json());
    expect(body.status).toBe("ok");
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  });
});

describe("GET /api/categories", () => {
  it("lists the five categories with the specification's subcategory ids, in order", async () => {
    const res = await api.app.inject({ method: "GET", url: "/api/categories" });
    expect(res.statusCode).toBe(200);
    const body = z.array(Category).parse(res.json());
    expect(body.map((c) => c.id)).toEqual([
      "mens-health",
      "womens-health",
      "weight-loss",
      "skin-treatment",
      "general-health",
    ]);
    expect(body.flatMap((c) => c.subcategories.map((s) => s.id)).sort()).toEqual(
      demoCategories.flatMap((c) => c.subcategories.map((s) => s.id)).sort(),
    );
    const ed = body[0]?.subcategories.find((s) => s.id === "erectile-dysfunction");
    expect(ed).toMatchObject({ categoryId: "mens-health", active: true });
    expect(ed?.description.length).toBeGreaterThan(10);
  });

  it("hides inactive subcategories and categories", async () => {
    await api.database.db.execute("update subcategories set active = false where id = 'rosacea'");
    await api.database.db.execute("update categories set active = false where id = 'general-health'");
    try {
      const body = z.array(Category).parse((await api.app.inject({ url: "/api/categories" })).json());
      expect(body.map((c) => c.id)).not.toContain("general-health");
      expect(body.flatMap((c) => c.subcategories.map((s) => s.id))).not.toContain("rosacea");
    } finally {
      await api.database.db.execute("update subcategories set active = true where id = 'rosacea'");
      await api.database.db.execute("update categories set active = true where id = 'general-health'");
    }
  });
});

describe("errors", () => {
  it("answers an unknown route with 404 { error, code }", async () => {
    const res = await api.app.inject({ method: "GET", url: "/api/nothing-here?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "No route for GET /api/nothing-here", code: "not_found" });
  });

  it("answers the framework's own refusals in the one shape, with their codes", async () => {
    const post = (headers: Record<string, string>, payload: string) =>
      api.app.inject({ method: "POST", url: "/api/contact", headers, payload });
    const badJson = await post({ "content-type": "application/json" }, "{ not json");
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ error: expect.any(String), code: "invalid_request" });
    const tooLarge = await post(
      { "content-type": "application/json" },
      JSON.stringify({ message: "m".repeat(1024 * 1024) }),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: expect.any(String), code: "payload_too_large" });
    const wrongType = await post({ "content-type": "application/xml" }, "<message/>");
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({ error: expect.any(String), code: "unsupported_media_type" });
  });
});

describe("when the database is gone", () => {
  it("answers 503 on /health and a retryable 503 elsewhere, leaking no internals", async () => {
    const broken = await createTestApi();
    try {
      await broken.database.close();
      const health = await broken.app.inject({ url: "/health" });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ error: "Database unavailable", code: "unavailable" });
      const res = await broken.app.inject({ url: "/api/categories" });
      // An unreachable database is the client's cue to retry (decision 021), not a server bug.
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("1");
      expect(res.json()).toEqual({
        error: "Service unavailable: the database cannot be reached. Please try again shortly.",
        code: "unavailable",
      });
    } finally {
      // The handle is already closed; closing the app runs the onClose hook once more.
      await broken.app.close().catch(() => {});
    }
  });
});

describe("HTTP hygiene", () => {
  it("allows the web origin through CORS and no other", async () => {
    const allowed = await api.app.inject({
      method: "OPTIONS",
      url: "/api/categories",
      headers: { origin: "http://localhost:3000", "access-control-request-method": "GET" },
    });
    expect(allowed.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    const refused = await api.app.inject({
      method: "GET",
      url: "/api/categories",
      headers: { origin: "https://evil.example" },
    });
    expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("compresses large answers and keeps their ETag for revalidation", async () => {
    const res = await api.app.inject({ url: "/api/categories", headers: { "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    const tag = res.headers.etag as string;
    expect(tag).toMatch(/^"/);
    const again = await api.app.inject({
      url: "/api/categories",
      headers: { "accept-encoding": "br, gzip", "if-none-match": tag },
    });
    expect(again.statusCode).toBe(304);
  });

  it("sends security headers", async () => {
    const res = await api.app.inject({ url: "/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toBeDefined();
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("publishes the OpenAPI document with every route and a docs UI", async () => {
    const doc = (await api.app.inject({ url: "/openapi.json" })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/health", "/api/categories"]));
    const ui = await api.app.inject({ url: "/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it("keeps the reference off in production unless API_DOCS says otherwise, and allows credentials to the web origin only", async () => {
    const production = await createTestApi({
      NODE_ENV: "production",
      TRUST_PROXY: "loopback",
      SEED_DEMO: "false",
    });
    try {
      expect((await production.app.inject({ url: "/openapi.json" })).statusCode).toBe(404);
      expect((await production.app.inject({ url: "/docs" })).statusCode).toBe(404);
      const preflight = await production.app.inject({
        method: "OPTIONS",
        url: "/api/categories",
        headers: { origin: "http://localhost:3000", "access-control-request-method": "GET" },
      });
      expect(preflight.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
      // The back-office's session cookie (decision 028); admin-session-cookie.test.ts has the rest.
      expect(preflight.headers["access-control-allow-credentials"]).toBe("true");
      const foreign = await production.app.inject({
        method: "OPTIONS",
        url: "/api/categories",
        headers: { origin: "https://elsewhere.example", "access-control-request-method": "GET" },
      });
      expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
      expect(foreign.headers["access-control-allow-credentials"]).toBeUndefined();
    } finally {
      await production.close();
    }
  });
});
