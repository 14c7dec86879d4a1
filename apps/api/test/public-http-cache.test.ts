import { publicApiPaths, publicApiRoutes } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/** One working URL per public route; typed so a new route cannot be forgotten here. */
const sampleUrls: Record<keyof typeof publicApiPaths, string> = {
  categories: publicApiPaths.categories(),
  category: publicApiPaths.category("mens-health"),
  subcategory: publicApiPaths.subcategory("mens-health", "hair-loss"),
  medications: publicApiPaths.medications({ limit: 10 }),
  medicationsBySubcategory: publicApiPaths.medicationsBySubcategory("acne"),
  medicationSearch: publicApiPaths.medicationSearch("sild"),
  medication: publicApiPaths.medication("viagra"),
  medicationComparison: publicApiPaths.medicationComparison("viagra", "50mg x 4 tablets"),
  pharmacies: publicApiPaths.pharmacies(),
  topRatedPharmacies: publicApiPaths.topRatedPharmacies({ limit: 3 }),
  pharmacy: publicApiPaths.pharmacy("fernquill-pharmacy"),
  pricesForMedication: publicApiPaths.pricesForMedication("viagra"),
  lowestPrice: publicApiPaths.lowestPrice("viagra", "50mg x 4 tablets"),
  priceMatrix: publicApiPaths.priceMatrix("viagra"),
  recentPriceUpdates: publicApiPaths.recentPriceUpdates(),
  adminMessagesForMedication: publicApiPaths.adminMessagesForMedication("wegovy"),
};

function request(url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") {
  return api.app.inject({ method, url, headers });
}

describe("HTTP caching of public reads", () => {
  it.each(Object.entries(sampleUrls))(
    "%s: 200 with Cache-Control and a strong ETag, then 304",
    async (_, url) => {
      const first = await request(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers["cache-control"]).toBe(CACHE_CONTROL);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);

      const again = await request(url, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["cache-control"]).toBe(CACHE_CONTROL);
    },
  );

  it("gives the same body the same tag, and matches weak, listed and wildcard validators", async () => {
    const url = sampleUrls.pharmacies;
    const etag = String((await request(url)).headers.etag);
    expect((await request(url)).headers.etag).toBe(etag);
    expect((await request(url, { "if-none-match": `W/${etag}` })).statusCode).toBe(304);
    expect((await request(url, { "if-none-match": `"other", ${etag}` })).statusCode).toBe(304);
    expect((await request(url, { "if-none-match": "*" })).statusCode).toBe(304);
    expect((await request(url, { "if-none-match": '"other"' })).statusCode).toBe(200);
  });

  it("answers HEAD with the same headers and no body", async () => {
    const url = sampleUrls.categories;
    const get = await request(url);
    const head = await request(url, {}, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers["cache-control"]).toBe(CACHE_CONTROL);
    const notModified = await request(url, { "if-none-match": String(get.headers.etag) }, "HEAD");
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe("");
    // The length a 200 would have had (RFC 9110 §8.6), never a misleading 0.
    expect(notModified.headers["content-length"]).toBe(get.headers["content-length"]);
  });

  it("answers 200 with a new ETag once the data changes", async () => {
    const url = sampleUrls.pharmacy;
    const before = await request(url);
    const etag = String(before.headers.etag);
    await api.database.db.execute("update pharmacies set rating = 4.1 where id = 'fernquill-pharmacy'");
    try {
      const after = await request(url, { "if-none-match": etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.json()).toMatchObject({ id: "fernquill-pharmacy", rating: 4.1 });
    } finally {
      await api.database.db.execute("update pharmacies set rating = 4.8 where id = 'fernquill-pharmacy'");
    }
  });

  it("leaves refusals, /health, the OpenAPI document and admin routes uncached", async () => {
    for (const url of [
      publicApiPaths.medication("nothing"),
      publicApiPaths.topRatedPharmacies({ limit: 0 }),
      "/health",
      "/openapi.json",
      "/api/admin/auth/me",
      "/api/nothing-here",
    ]) {
      const res = await request(url);
      // Admin routes may send their own `no-store`; nothing here may be marked public.
      expect(String(res.headers["cache-control"] ?? ""), url).not.toContain("public");
      expect(res.headers.etag, url).toBeUndefined();
    }
  });
});

describe("OpenAPI", () => {
  it("documents every public route with tags and a summary", async () => {
    const doc = (await api.app.inject({ url: "/openapi.json" })).json() as {
      paths: Record<string, { get?: { tags?: string[]; summary?: string } }>;
    };
    for (const pattern of Object.values(publicApiRoutes)) {
      const path = pattern.replace(/:(\w+)/g, "{$1}");
      const operation = doc.paths[path]?.get;
      expect(operation, path).toBeDefined();
      expect(operation?.tags?.length, path).toBeGreaterThan(0);
      expect(operation?.summary, path).toBeTruthy();
    }
    expect(Object.keys(doc.paths)).not.toContain("/api/medications/search");
  });
});
