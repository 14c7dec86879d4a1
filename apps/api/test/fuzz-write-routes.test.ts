import { adminEndpoints, type EndpointDefinition } from "@pharmacompare/contract";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_ADMIN_PATHS } from "../src/routes/admin/unknown-paths.ts";
import { bearer, signIn } from "./admin-helpers.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * Every write route the API serves (read from its route table, so routes added later are fuzzed
 * too) is sent junk in its body, path parameters and query: never a 5xx, always a 4xx whose body
 * has a string `error`, and the database exactly as it was after the refusals.
 */
let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await createTestApi();
  token = await signIn(api.app);
});
afterAll(async () => {
  await api?.close();
});

/**
 * Tables a refusal may legitimately change, left out of the checksum: admin_sessions (every
 * signed-in request moves the session's last-seen time), login_throttles (a refused sign-in is
 * counted, that is the point of it) and write_limits (visitors' refused writes are counted the same
 * way). Everything else — catalogue, prices, messages, contacts, alerts, blog, the audit log, the
 * email outbox — must not move.
 */
const MAY_CHANGE = new Set(["admin_sessions", "login_throttles", "write_limits"]);

async function databaseChecksum(): Promise<Record<string, string>> {
  const tables = (await api.database.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  const watched = tables.rows.map((row) => row.name).filter((name) => !MAY_CHANGE.has(name));
  expect(watched.length).toBeGreaterThan(10);
  const parts = watched.map(
    (name) =>
      `select '${name}' as name, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as hash from "${name}" t`,
  );
  const result = (await api.database.db.execute(sql.raw(parts.join(" union all ")))) as unknown as {
    rows: { name: string; hash: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.hash]));
}

const WRITE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const catchAll = new Set<string>(UNKNOWN_ADMIN_PATHS);
const writeRoutes = () =>
  api.app.routeTable
    .filter((route) => WRITE.has(route.method) && route.endpoint && !catchAll.has(route.url))
    .map((route) => route.endpoint as EndpointDefinition);

/** Strings that break naive code: control characters, bidi marks, lone surrogates, huge, SQL/HTML. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\u0007\u001b[31m",
    "\r\n\t",
    "\u202e\u200b\ufeff",
    "\ud800",
    "💊".repeat(50),
    "'; drop table prices; --",
    "<script>window.__pwned=1</script>",
    "javascript:alert(1)",
    "%00",
    "%C3%28",
    "../../etc/passwd",
    "x".repeat(100_000),
  ),
);

/** Any JSON value, nested, including objects keyed `__proto__` / `constructor` / `prototype`. */
const junk: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyString,
    fc.constantFrom(null, true, false, 0, -1, 1e308, -0, 2 ** 53 + 1, 1.5),
    fc.integer(),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom("__proto__", "constructor", "prototype", "toString"),
        fc.string({ maxLength: 8 }),
      ),
      tie("value"),
      { maxKeys: 4 },
    ),
  ),
})).value;

function bodyKeys(endpoint: EndpointDefinition): string[] {
  const shape = (endpoint.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** A body: junk of any shape, or the route's own keys each holding junk, plus prototype keys. */
const bodyFor = (endpoint: EndpointDefinition) =>
  fc.oneof(
    junk,
    fc.record(Object.fromEntries(bodyKeys(endpoint).map((key) => [key, junk]))),
    fc
      .tuple(fc.record(Object.fromEntries(bodyKeys(endpoint).map((key) => [key, junk]))), junk)
      .map(([fields, polluted]) => ({
        ...fields,
        __proto__: polluted,
        constructor: { prototype: polluted },
      })),
  );

/** A path segment: junk encoded, or raw percent-escapes (invalid UTF-8, NUL). */
const segment = fc.oneof(
  nastyString.map(
    (value) => encodeURIComponent(value.slice(0, 2000).replace(/[\ud800-\udfff]/g, "\ufffd")) || "%20",
  ),
  fc.constantFrom("%C3%28", "%00", "%FF", "%", "%ZZ", "..", "1e9999", "-1", "0", "99999999999999999999"),
);

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom("__proto__", "constructor", "page", "id"), fc.string({ maxLength: 6 })),
      segment,
    ),
    {
      maxLength: 3,
    },
  )
  .map((pairs) => pairs.map(([key, value]) => `${encodeURIComponent(key) || "k"}=${value}`).join("&"));

function urlFor(endpoint: EndpointDefinition, params: string[], query: string): string {
  let index = 0;
  const path = endpoint.path.replace(/:(\w+)/g, () => params[index++] ?? "x");
  return query ? `${path}?${query}` : path;
}

/** The body as JSON (fc.dictionary makes `__proto__` an own key, which JSON.stringify keeps). */
function serialise(body: unknown): string {
  return JSON.stringify(body);
}

const NUM_RUNS = 6;

describe("every write route, fed junk", () => {
  it("is found in the route table (admin and public)", () => {
    const routes = writeRoutes();
    expect(routes.some((endpoint) => endpoint.access === "admin")).toBe(true);
    expect(routes.some((endpoint) => endpoint.access !== "admin")).toBe(true);
  });

  it("never answers 5xx, refuses with a string error, and leaves the database unchanged", async () => {
    const failures: string[] = [];
    // One checksum between two routes: what the last route left is what the next one starts from.
    let before = await databaseChecksum();
    for (const endpoint of writeRoutes()) {
      const paramCount = (endpoint.path.match(/:\w+/g) ?? []).length;
      let accepted = false;
      // A well-formed sign-in with the wrong password is refused 401 and audited as login_failed by
      // design (decision 019): that one refusal may add to the audit log, and nothing else.
      let failedSignIn = false;
      const takesInput = Boolean(endpoint.body || endpoint.params || endpoint.query);
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: paramCount, maxLength: paramCount }),
          queryString,
          bodyFor(endpoint),
          fc.boolean(),
          async (params, query, body, rawPrototype) => {
            const url = urlFor(endpoint, params, query);
            const payload = rawPrototype
              ? `{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"x":${serialise(body) ?? "null"}}`
              : (serialise(body) ?? "null");
            const res = await api.app.inject({
              method: endpoint.method,
              url,
              headers: { ...bearer(token), "content-type": "application/json" },
              payload,
            });
            const label = `${endpoint.method} ${endpoint.path} → ${res.statusCode} (${url.slice(0, 120)})`;
            expect(res.statusCode, label).toBeLessThan(500);
            expect(({} as Record<string, unknown>).polluted, "Object.prototype was polluted").toBeUndefined();
            if (res.statusCode < 400) {
              // A route that reads no input (sign out, drop the held price sheet) may ignore junk.
              accepted = true;
              if (takesInput) failures.push(`accepted junk: ${label} ${payload.slice(0, 200)}`);
              return;
            }
            if (endpoint.path === adminEndpoints.login.path && res.statusCode === 401) failedSignIn = true;
            const error = (res.json() as { error?: unknown }).error;
            expect(typeof error, label).toBe("string");
            expect((error as string).length, label).toBeGreaterThan(0);
          },
        ),
        { numRuns: NUM_RUNS, endOnFailure: true },
      );
      // Refusals leave every watched table as it was (an accepted sign-out is audited, as it should be).
      if (accepted) {
        token = await signIn(api.app);
        before = await databaseChecksum();
        continue;
      }
      const after = await databaseChecksum();
      const changed = Object.keys(before).filter(
        (table) => before[table] !== after[table] && !(failedSignIn && table === "audit_log"),
      );
      if (changed.length > 0)
        failures.push(`${endpoint.method} ${endpoint.path} changed ${changed.join(", ")}`);
      before = after;
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
