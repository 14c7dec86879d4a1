import type { IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { AdminPriceList, adminEndpoints, publicEndpoints } from "@pharmacompare/contract";
import { urlForLog } from "@pharmacompare/http-serving";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loggerOptions } from "../src/logger.ts";
import { catalogueCaller } from "./catalogue-helpers.ts";
import { capturedLog, sendOverSocket } from "./over-a-socket.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * Cache hits answered as the request arrives, before Fastify (cache/early-answers.ts), over a
 * real socket: the same answer as the full path, only where the full path would give the same,
 * and never a stale one after a write. The API logs at info into `lines`, as in production.
 */
let api: TestApi;
let call: Awaited<ReturnType<typeof catalogueCaller>>;
let base: string;
const { stream, lines } = capturedLog();
const ORIGIN = "http://localhost:5173";

beforeAll(async () => {
  api = await createTestApi(
    { WEB_ORIGIN: ORIGIN },
    {
      logger: { ...loggerOptions("info", "api"), stream },
      responseCache: { maxEntries: 500, maxBytes: 16 * 1024 * 1024, maxAgeMs: 60_000 },
    },
  );
  call = await catalogueCaller(api);
  await api.app.listen({ host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await api?.close();
});
beforeEach(() => {
  api.app.responseCache?.clear();
  lines.length = 0;
});

const DOSAGE = "50mg x 4 tablets";
const comparisonUrl = urlOf(publicEndpoints.compareMedication, {
  params: { id: "viagra" },
  query: { dosage: DOSAGE },
});

/** One request over the socket, with exactly the headers given (no Origin unless given). */
const send = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  sendOverSocket(base, path, headers, method);

/**
 * The headers two answers of the same bytes share: not the date, nor how the length is told (the
 * compression plugin streams a miss in chunks; a hit knows its length).
 */
const comparable = ({
  date: _date,
  "content-length": _length,
  "transfer-encoding": _chunked,
  ...rest
}: IncomingHttpHeaders) => rest;
const loggedFor = (url: string) => (line: Record<string, unknown>) =>
  (line.req as { url?: string } | undefined)?.url === urlForLog(url);
/** Requests for `url` Fastify handled: its one line each, not marked as an early hit (decision 050). */
const fastifySaw = (url: string) =>
  lines.filter((line) => line.msg === "request completed" && line.cache !== "hit" && loggedFor(url)(line))
    .length;
const earlyHits = (url: string) =>
  lines.filter((line) => line.cache === "hit" && loggedFor(url)(line)).length;

describe("a cache hit over a socket", () => {
  it("is answered before Fastify, with the miss's bytes and headers, and logged as a hit", async () => {
    const miss = await send(comparisonUrl, { "accept-encoding": "br" });
    const hit = await send(comparisonUrl, { "accept-encoding": "br" });
    expect(miss.status).toBe(200);
    expect(hit.status).toBe(200);
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
    expect(hit.headers["content-encoding"]).toBe("br");
    expect(hit.headers["x-content-type-options"]).toBe("nosniff");
    expect(hit.headers["strict-transport-security"]).toBeDefined();
    expect(fastifySaw(comparisonUrl)).toBe(1);
    expect(earlyHits(comparisonUrl)).toBe(1);
    const [line] = lines.filter((entry) => entry.cache === "hit");
    expect(line).toMatchObject({ msg: "request completed", res: { statusCode: 200 } });
  });

  it("answers 304 to a matching If-None-Match and HEAD with the length and no body", async () => {
    const first = await send(comparisonUrl);
    const notModified = await send(comparisonUrl, { "if-none-match": String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(first.headers.etag);
    const head = await send(comparisonUrl, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(first.body.length);
    expect(fastifySaw(comparisonUrl)).toBe(1);
    expect(earlyHits(comparisonUrl)).toBe(2);
  });

  it("leaves a request with an Origin to Fastify, which adds its CORS headers", async () => {
    await send(comparisonUrl);
    const crossOrigin = await send(comparisonUrl, { origin: ORIGIN });
    expect(crossOrigin.status).toBe(200);
    expect(crossOrigin.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(fastifySaw(comparisonUrl)).toBe(2);
    expect(earlyHits(comparisonUrl)).toBe(0);
    // An entry an Origin request filled carries its CORS headers, so a request without one
    // does not get them early: Fastify answers it, and the entry it leaves is then early-ready.
    api.app.responseCache?.clear();
    await send(comparisonUrl, { origin: ORIGIN });
    const plain = await send(comparisonUrl);
    expect(plain.headers["access-control-allow-origin"]).toBeUndefined();
    expect(earlyHits(comparisonUrl)).toBe(0);
  });

  it("leaves writes, misses and uncached routes to Fastify", async () => {
    for (const url of ["/health", urlOf(publicEndpoints.dataVersion)]) {
      await send(url);
      await send(url);
      expect(fastifySaw(url), url).toBe(2);
    }
    const refused = await send(urlOf(publicEndpoints.getMedication, { params: { id: "nothing" } }));
    expect(refused.status).toBe(404);
    expect(lines.some((line) => line.cache === "hit")).toBe(false);
  });

  it("never answers an entry older than a write: a price edit shows at once", async () => {
    const rows = AdminPriceList.parse(
      (await call(adminEndpoints.listAdminPricesForMedication, { params: { id: "viagra" } })).body,
    );
    const row = rows.prices.find((price) => price.dosage === DOSAGE);
    if (!row) throw new Error("the demo data has a Viagra price in the dosage");
    await send(comparisonUrl);
    const before = await send(comparisonUrl);
    expect(earlyHits(comparisonUrl)).toBe(1);
    const newPrice = Math.round((row.price + 0.41) * 100) / 100;
    const edit = await call(adminEndpoints.updatePrice, {
      params: { id: row._id },
      body: { price: newPrice },
    });
    expect(edit.status).toBe(200);
    const after = await send(comparisonUrl);
    expect(after.body.equals(before.body)).toBe(false);
    expect(JSON.parse(after.body.toString()).prices).toEqual(
      expect.arrayContaining([expect.objectContaining({ pharmacyId: row.pharmacyId, price: newPrice })]),
    );
    expect(earlyHits(comparisonUrl)).toBe(1);
  });
});
