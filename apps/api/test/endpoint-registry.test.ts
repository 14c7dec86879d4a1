import { adminEndpoints, allEndpoints, type EndpointDefinition } from "@pharmacompare/contract";
import { Validator } from "@seriousme/openapi-schema-validator";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrowserSession } from "../src/modules/auth/browser-session.ts";
import { registerAccessGuard } from "../src/routes/admin/access-guard.ts";
import { UNKNOWN_ADMIN_PATHS } from "../src/routes/admin/unknown-paths.ts";
import { registerEndpoint } from "../src/routes/register-endpoint.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * The registry is the whole API (decision 012): every route the app serves is exactly one entry,
 * every entry is served, and the OpenAPI document lists each with its answers.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const key = (method: string, path: string) => `${method} ${path}`;
const keyOf = (endpoint: EndpointDefinition) => key(endpoint.method, endpoint.path);
/** The OpenAPI spelling of a Fastify path: `:id` → `{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/**
 * Routes that are not the API's own: Fastify's HEAD twins of GETs, the documentation, and the
 * admin guard's catch-alls for unknown admin paths (they serve nothing: 401, or 404 behind the
 * guard; admin-guard.test.ts checks them).
 */
const catchAll = new Set<string>(UNKNOWN_ADMIN_PATHS);
const notApi = (route: { method: string; url: string }) =>
  route.method === "HEAD" ||
  route.url === "/openapi.json" ||
  route.url.startsWith("/docs") ||
  catchAll.has(route.url);

describe("the registered routes", () => {
  it("are each exactly one registry entry, registered from that entry", () => {
    const routes = api.app.routeTable.filter((route) => !notApi(route));
    expect(routes.length).toBeGreaterThan(0);
    const byKey = new Map(allEndpoints.map((endpoint) => [keyOf(endpoint), endpoint]));
    for (const route of routes) {
      const name = key(route.method, route.url);
      expect(byKey.get(name), `${name} is not in the registry`).toBeDefined();
      expect(route.endpoint, `${name} was not registered from its entry`).toBe(byKey.get(name));
    }
    const keys = routes.map((route) => key(route.method, route.url));
    expect(new Set(keys).size, "a route is registered twice").toBe(keys.length);
  });

  it("cover every registry entry", () => {
    const registered = new Set(api.app.routeTable.map((route) => key(route.method, route.url)));
    const missing = allEndpoints.filter((endpoint) => !registered.has(keyOf(endpoint))).map(keyOf);
    expect(missing).toEqual([]);
  });

  it("guard every route not marked public, wherever it is registered (deny by default)", async () => {
    const bare = Fastify({ logger: false });
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    // No token or cookie is presented below, so the guard never asks the auth service anything.
    bare.decorate("services", {} as never);
    bare.decorate(
      "browserSession",
      createBrowserSession(() => ({}), { apiUrl: "http://api.test", webOrigins: [] }),
    );
    registerAccessGuard(bare);
    await bare.register(async (anyScope) => {
      registerEndpoint(anyScope, adminEndpoints.dashboardCounts, async () => ({
        medications: 0,
        pharmacies: 0,
        prices: 0,
        categories: 0,
      }));
      anyScope.get("/api/forgotten-flag", async () => ({ leaked: true }));
      anyScope.get("/api/said-public", { config: { access: "public" } }, async () => ({ ok: true }));
    });
    const status = async (url: string) => (await bare.inject({ url })).statusCode;
    expect(await status("/api/admin/stats")).toBe(401);
    expect(await status("/api/forgotten-flag")).toBe(401);
    expect(await status("/api/said-public")).toBe(200);
    expect(await status("/api/no-such-route")).toBe(404);
    await bare.close();
  });

  it("put every admin entry, and only those, behind the guard", () => {
    const guarded = new Set(
      api.app.adminRoutes.filter((route) => !notApi(route)).map((r) => key(r.method, r.url)),
    );
    const admin = allEndpoints.filter((endpoint) => endpoint.access === "admin").map(keyOf);
    expect([...guarded].sort()).toEqual([...admin].sort());
  });
});

interface Operation {
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}

describe("the OpenAPI document", () => {
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    const res = await api.app.inject({ url: "/openapi.json" });
    expect(res.statusCode).toBe(200);
    paths = (res.json() as { paths: Record<string, Record<string, Operation>> }).paths;
  });

  it.each(allEndpoints.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
    "documents %s with its tag, summary and every answer",
    (_name, endpoint) => {
      const operation = paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation).toBeDefined();
      expect(operation?.tags).toEqual([endpoint.tag]);
      expect(operation?.summary).toBe(endpoint.summary);
      const statuses = Object.keys(operation?.responses ?? {});
      expect(statuses).toEqual(expect.arrayContaining(Object.keys(endpoint.responses)));
      if (endpoint.access === "admin") {
        expect(operation?.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
        expect(statuses).toContain("401");
      } else if (endpoint.access === "api-key") {
        // The open API (decision 062): a key, and the key check's 401 and 429.
        expect(operation?.security).toEqual([{ openDataKey: [] }]);
        expect(statuses).toEqual(expect.arrayContaining(["401", "429"]));
      } else {
        expect(operation?.security).toBeUndefined();
      }
    },
  );

  it("is a valid OpenAPI document (checked against the OpenAPI specification's own schema)", async () => {
    const document = (await api.app.inject({ url: "/openapi.json" })).json() as Record<string, unknown>;
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents nothing the registry does not define", () => {
    const documented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => key(method.toUpperCase(), path)),
    );
    const defined = allEndpoints.map((endpoint) => key(endpoint.method, openApiPath(endpoint.path)));
    expect(documented.filter((entry) => !entry.startsWith("HEAD ")).sort()).toEqual([...defined].sort());
  });
});
