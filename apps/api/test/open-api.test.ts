import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import {
  AdminApiKey,
  ApiKeyList,
  adminEndpoints,
  ErrorBody,
  IssuedApiKey,
  londonDay,
  OpenDailyLowest,
  OpenPriceIndex,
  openEndpoints,
} from "@pharmacompare/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, auditLog, priceIndexMonths } from "../src/db/schema.ts";
import { bearer, MINUTE, signIn, testClock } from "./admin-helpers.ts";
import { exchange, statuses } from "./raw-exchange.ts";
import { confirmAllPrices, createTestApi, type TestApi, urlOf } from "./test-api.ts";

/*
 * The open API and its keys (issue 45, decision 062): staff issue a key (shown once, stored
 * hashed), a client reads /api/open/ with it until a quota answers 429 with the RateLimit headers,
 * the key's use shows in the back-office, and a revoked key is 401 at once.
 */

const MEDICATION = "tadalafil";
const DOSAGE = "5mg x 28 tablets";
const MONTH = "2026-10";

const clock = testClock();
let api: TestApi;
let token: string;

beforeAll(async () => {
  api = await createTestApi({}, { now: clock.now });
  token = await signIn(api.app);
  await confirmAllPrices(api, clock.now());
  // The index job is another part's (modules/price-index/): its rows are written here.
  await api.database.db.insert(priceIndexMonths).values([
    {
      month: `${MONTH}-01`,
      medicationId: MEDICATION,
      dosage: DOSAGE,
      subcategoryId: "erectile-dysfunction",
      medianLowest: 21.5,
      days: 31,
      pharmacies: 4,
    },
  ]);
});
afterAll(async () => {
  await api?.close();
});

async function issue(body: unknown) {
  const res = await api.app.inject({
    method: "POST",
    url: urlOf(adminEndpoints.issueApiKey),
    headers: bearer(token),
    payload: body as object,
  });
  return res;
}

async function issued(name: string, perMinute: number, perDay: number): Promise<IssuedApiKey> {
  const res = await issue({ name, perMinute, perDay });
  expect(res.statusCode).toBe(201);
  return IssuedApiKey.parse(res.json());
}

const indexUrl = (month = MONTH) => urlOf(openEndpoints.openPriceIndex, { params: { month } });

function read(url: string, key?: string, headers: Record<string, string> = {}) {
  return api.app.inject({
    method: "GET",
    url,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
  });
}

async function listed(id: string): Promise<AdminApiKey | undefined> {
  const res = await api.app.inject({ url: urlOf(adminEndpoints.listApiKeys), headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return ApiKeyList.parse(res.json()).keys.find((key) => key.id === id);
}

describe("issuing a key", () => {
  it("shows the key once, never cached, and keeps only its SHA-256 and first characters", async () => {
    const res = await issue({ name: "Health Data Weekly", perMinute: 30, perDay: 1000 });
    expect(res.statusCode).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { apiKey, key } = IssuedApiKey.parse(res.json());
    expect(key).toMatch(/^pcod_[A-Za-z0-9_-]{43}$/);
    expect(apiKey.prefix).toBe(key.slice(0, 12));
    const [row] = await api.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row?.keyHash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(key);
    // The list never holds the key again.
    const list = await api.app.inject({ url: urlOf(adminEndpoints.listApiKeys), headers: bearer(token) });
    expect(list.body).toContain(apiKey.prefix);
    expect(list.body).not.toContain(key);
    const [entry] = await api.database.db.select().from(auditLog).where(eq(auditLog.entityId, apiKey.id));
    expect(entry).toMatchObject({ action: "create", entityType: "api_key" });
    expect(JSON.stringify(entry?.changes)).not.toContain(key);
  });

  it("refuses a missing name and quotas out of bounds, naming each field", async () => {
    const res = await issue({ name: " ", perMinute: 0, perDay: 5 });
    expect(res.statusCode).toBe(400);
    const body = ErrorBody.parse(res.json());
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(["name", "perMinute"]);
    const smallDay = await issue({ name: "Tiny", perMinute: 10, perDay: 5 });
    expect(smallDay.statusCode).toBe(400);
    expect(ErrorBody.parse(smallDay.json()).fields).toEqual({
      perDay: "must be at least the quota per minute",
    });
  });

  it("is for staff only", async () => {
    const res = await api.app.inject({
      method: "POST",
      url: urlOf(adminEndpoints.issueApiKey),
      payload: { name: "Anyone", perMinute: 5, perDay: 10 },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("reading /api/open/ with a key", () => {
  it("answers the month's index and the daily lowest prices, licensed CC BY 4.0, with quota headers", async () => {
    const { key } = await issued("Index reader", 10, 100);
    const res = await read(indexUrl(), key);
    expect(res.statusCode).toBe(200);
    const index = OpenPriceIndex.parse(res.json());
    expect(index.licence.name).toBe("CC BY 4.0");
    expect(index.rows).toEqual([
      expect.objectContaining({
        medicationId: MEDICATION,
        dosage: DOSAGE,
        medianLowest: 21.5,
        days: 31,
        pharmacies: 4,
      }),
    ]);
    expect(res.headers["ratelimit-policy"]).toBe('"per-minute";q=10;w=60, "per-day";q=100;w=86400');
    expect(res.headers.ratelimit).toMatch(/^"per-minute";r=9;t=(60|59), "per-day";r=99;t=\d+$/);
    expect(res.headers["cache-control"]).toBe("no-store");

    const today = londonDay(clock.now());
    const lowest = await read(
      urlOf(openEndpoints.openDailyLowest, { query: { medication: MEDICATION, dosage: DOSAGE } }),
      key,
    );
    expect(lowest.statusCode).toBe(200);
    const daily = OpenDailyLowest.parse(lowest.json());
    expect(daily.licence.url).toBe("https://creativecommons.org/licenses/by/4.0/");
    expect(daily.to).toBe(today);
    expect(daily.lowest.at(-1)?.date).toBe(today);
    // Prices and counts only: nothing about a person or a pharmacy's customer.
    expect(lowest.body).not.toMatch(/@|email/i);

    const oneDay = await read(
      urlOf(openEndpoints.openDailyLowest, {
        query: { medication: MEDICATION, dosage: DOSAGE, from: today, to: today },
      }),
      key,
    );
    expect(OpenDailyLowest.parse(oneDay.json()).lowest.map((day) => day.date)).toEqual([today]);
  });

  it("answers 401 with no key, a malformed one or an unknown one", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Basic abc" },
      { authorization: "Bearer pcod_nothing-of-ours" },
    ];
    for (const headers of attempts) {
      const res = await read(indexUrl(), undefined, headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="open-data"');
      expect(ErrorBody.parse(res.json()).code).toBe("unauthenticated");
    }
    // A back-office session is not an API key.
    expect((await read(indexUrl(), token)).statusCode).toBe(401);
  });

  it("answers 429 with Retry-After and the RateLimit headers past the quota per minute, then again once it passes", async () => {
    const { apiKey, key } = await issued("Minute quota", 3, 50);
    for (const left of [2, 1, 0]) {
      const res = await read(indexUrl(), key);
      expect(res.statusCode).toBe(200);
      expect(res.headers.ratelimit).toMatch(new RegExp(`^"per-minute";r=${left};`));
    }
    const refused = await read(indexUrl(), key);
    expect(refused.statusCode).toBe(429);
    expect(ErrorBody.parse(refused.json()).error).toBe(
      "This API key has used its quota for the minute: try again later",
    );
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.ratelimit).toBe(
      `"per-minute";r=0;t=${retryAfter}, "per-day";r=47;t=${refused.headers.ratelimit?.toString().split("t=")[2]}`,
    );
    expect(refused.headers["ratelimit-policy"]).toBe('"per-minute";q=3;w=60, "per-day";q=50;w=86400');

    // Counted in the database: another API process sees the same quota used.
    const other = await api.another();
    const elsewhere = await other.inject({ url: indexUrl(), headers: { authorization: `Bearer ${key}` } });
    expect(elsewhere.statusCode).toBe(429);

    expect((await listed(apiKey.id))?.today).toEqual({ answered: 3, refused: 2 });
    clock.advance(MINUTE + 1000);
    expect((await read(indexUrl(), key)).statusCode).toBe(200);
    const after = await listed(apiKey.id);
    expect(after?.today).toEqual({ answered: 4, refused: 2 });
    expect(after?.lastUsedAt).not.toBeNull();
  });

  it("answers 429 until the UK day ends past the quota per day", async () => {
    const { key } = await issued("Day quota", 2, 2);
    expect((await read(indexUrl(), key)).statusCode).toBe(200);
    expect((await read(indexUrl(), key)).statusCode).toBe(200);
    clock.advance(MINUTE + 1000);
    const refused = await read(indexUrl(), key);
    if (londonDay(clock.now()) !== londonDay(new Date(clock.now().getTime() - MINUTE - 1000))) return; // midnight passed
    expect(refused.statusCode).toBe(429);
    expect(ErrorBody.parse(refused.json()).error).toContain("quota for the day");
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(25 * 3600);
    expect(refused.headers.ratelimit).toBe(`"per-day";r=0;t=${retryAfter}`);
  });

  it("stops a revoked key at once, and says so in the audit log", async () => {
    const { apiKey, key } = await issued("Soon revoked", 5, 10);
    expect((await read(indexUrl(), key)).statusCode).toBe(200);
    const res = await api.app.inject({
      method: "POST",
      url: urlOf(adminEndpoints.revokeApiKey, { params: { id: apiKey.id } }),
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(AdminApiKey.parse(res.json()).revokedAt).not.toBeNull();
    const after = await read(indexUrl(), key);
    expect(after.statusCode).toBe(401);
    expect(ErrorBody.parse(after.json()).error).toBe(
      "This API key is not valid: it is unknown or has been revoked",
    );
    const entries = await api.database.db.select().from(auditLog).where(eq(auditLog.entityId, apiKey.id));
    expect(entries.map((entry) => entry.action).sort()).toEqual(["create", "status_change"]);
    const revokedOnly = await api.app.inject({
      url: urlOf(adminEndpoints.listApiKeys, { query: { status: "revoked" } }),
      headers: bearer(token),
    });
    const revokedKeys = ApiKeyList.parse(revokedOnly.json()).keys;
    expect(revokedKeys.map((k) => k.id)).toContain(apiKey.id);
    expect(revokedKeys.every((k) => k.revokedAt !== null)).toBe(true);
  });

  it("refuses bad input with 400 naming the fields", async () => {
    const { key } = await issued("Careless client", 50, 500);
    const month = await read(indexUrl("2026-13"), key);
    expect(month.statusCode).toBe(400);
    expect(ErrorBody.parse(month.json()).fields).toEqual({ month: "must be a month, YYYY-MM" });
    const missing = await read("/api/open/daily-lowest", key);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(ErrorBody.parse(missing.json()).fields ?? {}).sort()).toEqual([
      "dosage",
      "medication",
    ]);
    const badDay = await read(
      `/api/open/daily-lowest?medication=${MEDICATION}&dosage=${encodeURIComponent(DOSAGE)}&from=yesterday`,
      key,
    );
    expect(ErrorBody.parse(badDay.json()).fields).toEqual({ from: "must be a date, YYYY-MM-DD" });
    const old = await read(
      urlOf(openEndpoints.openDailyLowest, {
        query: { medication: MEDICATION, dosage: DOSAGE, from: "2001-01-01" },
      }),
      key,
    );
    expect(old.statusCode).toBe(400);
    expect(Object.keys(ErrorBody.parse(old.json()).fields ?? {})).toEqual(["from"]);
    const dosage = await read(
      urlOf(openEndpoints.openDailyLowest, { query: { medication: MEDICATION, dosage: "9000mg" } }),
      key,
    );
    expect(ErrorBody.parse(dosage.json()).fields).toEqual({ dosage: expect.any(String) });
    const unknownMonth = await read(indexUrl("1999-01"), key);
    expect(unknownMonth.statusCode).toBe(404);
    const unknownMedication = await read(
      urlOf(openEndpoints.openDailyLowest, { query: { medication: "no-such-thing", dosage: DOSAGE } }),
      key,
    );
    expect(unknownMedication.statusCode).toBe(404);
  });

  it("lets any web page read it with a key: CORS open for GET, quota headers exposed, no credentials", async () => {
    const { key } = await issued("A browser tool", 20, 200);
    const res = await read(indexUrl(), key, { origin: "https://data-journalist.example" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
    expect(String(res.headers["access-control-expose-headers"])).toContain("RateLimit");
    const preflight = await api.app.inject({
      method: "OPTIONS",
      url: indexUrl(),
      headers: {
        origin: "https://data-journalist.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(preflight.statusCode).toBeLessThan(300);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(String(preflight.headers["access-control-allow-headers"]).toLowerCase()).toContain(
      "authorization",
    );
  });
});

describe("odd requests over a socket", () => {
  it("never answers 5xx, whatever the Authorization header holds", async () => {
    const { key } = await issued("Socket client", 600, 10_000);
    await api.app.listen({ host: "127.0.0.1", port: 0 });
    const port = (api.app.server.address() as AddressInfo).port;
    const get = (path: string, headers = "") =>
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`;
    const odd = [
      get(indexUrl(), "Authorization: Bearer\r\n"),
      get(indexUrl(), "Authorization: Bearer \r\n"),
      get(indexUrl(), `Authorization: Bearer ${"x".repeat(5000)}\r\n`),
      get(indexUrl(), `Authorization: Bearer ${key}\r\nAuthorization: Bearer ${key}\r\n`),
      get(indexUrl(), `Authorization: bearer ${key} extra\r\n`),
      get(indexUrl(), "Authorization: Bearer \u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\r\n"),
      get(indexUrl(), `Authorization: Bearer ${key}\u0000\r\n`),
      get(indexUrl("%00"), `Authorization: Bearer ${key}\r\n`),
      get(indexUrl("2026-1%0A"), `Authorization: Bearer ${key}\r\n`),
      get(
        `/api/open/daily-lowest?medication[]=a&dosage=b&from=2026-02-30`,
        `Authorization: Bearer ${key}\r\n`,
      ),
      get(
        `/api/open/daily-lowest?medication=${"a".repeat(3000)}&dosage=x`,
        `Authorization: Bearer ${key}\r\n`,
      ),
      get("/api/open/", `Authorization: Bearer ${key}\r\n`),
      `POST ${indexUrl()} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      `HEAD ${indexUrl()} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`,
    ];
    for (const bytes of odd) {
      const answer = await exchange(port, Buffer.from(bytes, "latin1"));
      const codes = statuses(answer);
      expect(codes.length, bytes.slice(0, 120)).toBeGreaterThan(0);
      for (const status of codes) expect(status, bytes.slice(0, 120)).toBeLessThan(500);
    }
    // The right key, plainly, still works.
    expect(statuses(await exchange(port, get(indexUrl(), `Authorization: Bearer ${key}\r\n`)))).toEqual([
      200,
    ]);
  });
});
