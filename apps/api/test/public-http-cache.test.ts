import { lastCompleteMonth, publicEndpoints } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_TAG_HEADER, isCacheTag } from "../src/cache/cache-tags.ts";
import { prices } from "../src/db/schema.ts";
import { demoBlogPosts } from "../src/demo-data/index.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  // The seeded demo's 90 days of history hold the last complete month: the index job computes it.
  await api.app.services.jobs.runNow("priceIndex");
});
/** The month the price index samples read (decision 061). */
const indexMonth = lastCompleteMonth(new Date());
afterAll(async () => {
  await api?.close();
});

const CACHE_CONTROL = "public, max-age=60, s-maxage=60, stale-while-revalidate=30";

type PublicEndpoints = typeof publicEndpoints;
/** The registry's cached reads (`cache: "public"`). */
type CachedRead = {
  [K in keyof PublicEndpoints]: PublicEndpoints[K] extends { cache: "public" } ? K : never;
}[keyof PublicEndpoints];

/** One working URL per cached read; typed from the registry so a new one cannot be forgotten here. */
const sampleUrls: Record<CachedRead, string> = {
  listCategories: urlOf(publicEndpoints.listCategories),
  getCategory: urlOf(publicEndpoints.getCategory, { params: { id: "mens-health" } }),
  getSubcategory: urlOf(publicEndpoints.getSubcategory, {
    params: { id: "mens-health", subId: "hair-loss" },
  }),
  listMedications: urlOf(publicEndpoints.listMedications, { query: { limit: 10 } }),
  listMedicationsBySubcategory: urlOf(publicEndpoints.listMedicationsBySubcategory, {
    params: { id: "acne" },
  }),
  searchMedications: urlOf(publicEndpoints.searchMedications, { params: { query: "sild" } }),
  getMedication: urlOf(publicEndpoints.getMedication, { params: { id: "viagra" } }),
  compareMedication: urlOf(publicEndpoints.compareMedication, {
    params: { id: "viagra" },
    query: { dosage: "50mg x 4 tablets" },
  }),
  listPharmacies: urlOf(publicEndpoints.listPharmacies),
  topRatedPharmacies: urlOf(publicEndpoints.topRatedPharmacies, { query: { limit: 3 } }),
  getPharmacy: urlOf(publicEndpoints.getPharmacy, { params: { id: "fernquill-pharmacy" } }),
  listPricesForMedication: urlOf(publicEndpoints.listPricesForMedication, { params: { id: "viagra" } }),
  lowestPrice: urlOf(publicEndpoints.lowestPrice, {
    params: { id: "viagra" },
    query: { dosage: "50mg x 4 tablets" },
  }),
  priceMatrix: urlOf(publicEndpoints.priceMatrix, { params: { id: "viagra" } }),
  priceHistory: urlOf(publicEndpoints.priceHistory, {
    params: { medicationId: "viagra" },
    query: { dosage: "50mg x 4 tablets" },
  }),
  recentPriceUpdates: urlOf(publicEndpoints.recentPriceUpdates),
  adminMessagesForMedication: urlOf(publicEndpoints.adminMessagesForMedication, {
    params: { medicationId: "wegovy" },
  }),
  listBlogPosts: urlOf(publicEndpoints.listBlogPosts),
  getBlogPost: urlOf(publicEndpoints.getBlogPost, { params: { slug: demoBlogPosts[0]?.slug ?? "" } }),
  relatedBlogPosts: urlOf(publicEndpoints.relatedBlogPosts, {
    params: { slug: demoBlogPosts[0]?.slug ?? "" },
  }),
  conditionPage: urlOf(publicEndpoints.conditionPage, { params: { subcategoryId: "erectile-dysfunction" } }),
  pharmacyPage: urlOf(publicEndpoints.pharmacyPage, { params: { id: "fernquill-pharmacy" } }),
  pharmacyPair: urlOf(publicEndpoints.pharmacyPair, {
    query: { medication: "viagra", a: "fernquill-pharmacy", b: "kestrel-lane-pharmacy" },
  }),
  sitemapSources: urlOf(publicEndpoints.sitemapSources),
  catalogueFigures: urlOf(publicEndpoints.catalogueFigures),
  priceIndexArchive: urlOf(publicEndpoints.priceIndexArchive),
  priceIndexMonth: urlOf(publicEndpoints.priceIndexMonth, { params: { month: indexMonth } }),
  priceIndexCondition: urlOf(publicEndpoints.priceIndexCondition, {
    params: { month: indexMonth, subcategoryId: "erectile-dysfunction" },
  }),
  priceIndexDailyLowest: urlOf(publicEndpoints.priceIndexDailyLowest, { params: { month: indexMonth } }),
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
      // Named by what it was built from, in the vocabulary a shared cache purges by (decision 063).
      const tags = String(first.headers[CACHE_TAG_HEADER] ?? "").split(" ");
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(isCacheTag(tag), tag).toBe(true);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);

      const again = await request(url, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["cache-control"]).toBe(CACHE_CONTROL);
    },
  );

  it("tags a condition's answer with its condition alone, and a site-wide list with site and prices", async () => {
    const condition = await request(sampleUrls.conditionPage);
    expect(condition.headers["cache-control"]).toBe(CACHE_CONTROL);
    expect(condition.headers.xkey).toBe("condition:erectile-dysfunction");
    const hit = await request(sampleUrls.conditionPage);
    expect(hit.headers.xkey).toBe("condition:erectile-dysfunction");
    expect((await request(sampleUrls.listCategories)).headers.xkey).toBe("site");
    expect((await request(sampleUrls.recentPriceUpdates)).headers.xkey).toBe("prices site");
    expect((await request(sampleUrls.getPharmacy)).headers.xkey).toBe("pharmacy:fernquill-pharmacy");
  });

  it("gives the same body the same tag, and matches weak, listed and wildcard validators", async () => {
    const url = sampleUrls.listPharmacies;
    const etag = String((await request(url)).headers.etag);
    expect((await request(url)).headers.etag).toBe(etag);
    expect((await request(url, { "if-none-match": `W/${etag}` })).statusCode).toBe(304);
    expect((await request(url, { "if-none-match": `"other", ${etag}` })).statusCode).toBe(304);
    expect((await request(url, { "if-none-match": "*" })).statusCode).toBe(304);
    expect((await request(url, { "if-none-match": '"other"' })).statusCode).toBe(200);
  });

  it("answers HEAD with the same headers and no body", async () => {
    const url = sampleUrls.listCategories;
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
    const url = sampleUrls.getPharmacy;
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
      urlOf(publicEndpoints.getMedication, { params: { id: "nothing" } }),
      urlOf(publicEndpoints.topRatedPharmacies, { query: { limit: 0 } }),
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

/**
 * Nothing but a public read may be kept by a shared cache (decision 063): every other route in the
 * built app (admin, the open API, email-link and visitor writes, click-outs, /health) answers a
 * request without s-maxage and without tags, whatever it answers.
 */
describe("what no shared cache keeps", () => {
  it("every route not marked public answers without s-maxage or xkey", async () => {
    const others = api.app.routeTable.filter(
      (route) => route.endpoint?.cache !== "public" && route.method !== "HEAD" && route.method !== "OPTIONS",
    );
    expect(others.length).toBeGreaterThan(50);
    const checked: string[] = [];
    for (const route of others) {
      const url = route.url.replace(/:(\w+)/g, "x").replace(/\*$/, "x");
      const res = await api.app.inject({
        method: route.method as "GET",
        url,
        ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
      });
      const label = `${route.method} ${route.url} (${res.statusCode})`;
      expect(String(res.headers["cache-control"] ?? ""), label).not.toMatch(/s-maxage|public/);
      expect(res.headers[CACHE_TAG_HEADER], label).toBeUndefined();
      checked.push(label);
    }
    expect(checked.some((label) => label.startsWith("GET /go/"))).toBe(true);
    expect(checked.some((label) => /manage/.test(label))).toBe(true);
    // And the click-outs answered for real: a redirect to the pharmacy, kept by nobody.
    const [price] = await api.database.db.select({ id: prices.id }).from(prices).limit(1);
    for (const url of [`/go/${price?.id}`, "/go/pharmacy/fernquill-pharmacy"]) {
      const res = await api.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(300);
      expect(res.statusCode, url).toBeLessThan(400);
      expect(String(res.headers["cache-control"] ?? ""), url).not.toMatch(/s-maxage|public/);
      expect(res.headers[CACHE_TAG_HEADER], url).toBeUndefined();
    }
  });
});
