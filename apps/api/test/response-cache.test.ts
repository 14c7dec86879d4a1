import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { AdminPriceList, adminEndpoints, publicEndpoints } from "@pharmacompare/contract";
import { chooseEncoding } from "@pharmacompare/http-serving";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { CacheTag } from "../src/cache/cache-tags.ts";
import { cacheKey, ResponseCache } from "../src/cache/response-cache.ts";
import { blogPosts } from "../src/db/schema.ts";
import { demoBlogPosts } from "../src/demo-data/index.ts";
import { PUBLIC_CACHE_CONTROL } from "../src/plugins/http-cache.ts";
import { catalogueCaller } from "./catalogue-helpers.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * The public-read response cache (cache/): a hit is the miss's answer byte for byte, and every
 * kind of write through the API makes the next read fresh at once. On PGlite, or on PostgreSQL
 * under `npm run test:pg`; response-cache-processes.test.ts covers two processes.
 */
let api: TestApi;
let call: Awaited<ReturnType<typeof catalogueCaller>>;
beforeAll(async () => {
  api = await createTestApi(
    {},
    { responseCache: { maxEntries: 500, maxBytes: 16 * 1024 * 1024, maxAgeMs: 60_000 } },
  );
  call = await catalogueCaller(api);
});
afterAll(async () => {
  await api?.close();
});

const DOSAGE = "50mg x 4 tablets";
const comparisonUrl = urlOf(publicEndpoints.compareMedication, {
  params: { id: "viagra" },
  query: { dosage: DOSAGE },
});

const read = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
  api.app.inject({ method, url, headers });

/** The headers two answers must share (inject adds `date` and `connection` to both). */
function comparable(headers: Record<string, unknown>) {
  const { date: _date, connection: _connection, ...rest } = headers;
  return rest;
}

async function version(): Promise<number> {
  const res = await read(urlOf(publicEndpoints.dataVersion));
  return z.object({ version: z.number() }).parse(res.json()).version;
}

describe("GET /api/data-version", () => {
  it("answers the committed version, never to be kept by a browser, and a refused write leaves it", async () => {
    const response = await read(urlOf(publicEndpoints.dataVersion));
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const before = await version();
    const refused = await call(adminEndpoints.updateCategory, {
      params: { id: "mens-health" },
      body: { name: "" },
    });
    expect(refused.status).toBe(400);
    expect(await version()).toBe(before);
    const exported = await call(adminEndpoints.exportPriceSheet);
    expect(exported.status).toBe(200);
    expect(await version()).toBe(before);
  });
});

describe("a cache hit", () => {
  it("answers the miss's bytes and headers without running the handler", async () => {
    api.app.responseCache?.clear();
    const compare = vi.spyOn(api.app.services.publicPrices, "compare");
    try {
      const miss = await read(comparisonUrl, { origin: "http://localhost:5173" });
      const hit = await read(comparisonUrl, { origin: "http://localhost:5173" });
      expect(miss.statusCode).toBe(200);
      expect(hit.statusCode).toBe(200);
      expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
      expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
      expect(hit.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(hit.headers["x-content-type-options"]).toBe("nosniff");
      expect(compare).toHaveBeenCalledTimes(1);
    } finally {
      compare.mockRestore();
    }
  });

  it("is computed once for reads that miss together: the others wait for it and send its bytes", async () => {
    api.app.responseCache?.clear();
    const compare = vi.spyOn(api.app.services.publicPrices, "compare");
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => read(comparisonUrl)));
      expect(compare).toHaveBeenCalledTimes(1);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.rawPayload.equals(answers[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
      }
    } finally {
      compare.mockRestore();
    }
  });

  it("lets the waiting reads compute for themselves when the one computing stores nothing", async () => {
    api.app.responseCache?.clear();
    const unknown = urlOf(publicEndpoints.compareMedication, {
      params: { id: "no-such-medication" },
      query: { dosage: DOSAGE },
    });
    const answers = await Promise.all(Array.from({ length: 3 }, () => read(unknown)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
  });

  it("answers br and gzip as negotiated, each the same body once decoded", async () => {
    api.app.responseCache?.clear();
    const identity = (await read(comparisonUrl)).rawPayload;
    expect(identity.length).toBeGreaterThan(1024);
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["br;q=0.5, gzip;q=0.9", "gzip", gunzipSync],
    ] as const) {
      const hit = await read(comparisonUrl, { "accept-encoding": accept });
      expect(hit.headers["content-encoding"], accept).toBe(encoding);
      expect(hit.headers.vary).toContain("accept-encoding");
      expect(Number(hit.headers["content-length"])).toBe(hit.rawPayload.length);
      expect(decode(hit.rawPayload).equals(identity)).toBe(true);
    }
    const plain = await read(comparisonUrl, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(identity)).toBe(true);
  });

  it("answers 304 to a matching If-None-Match, and HEAD with the length and no body", async () => {
    const { etag } = (await read(comparisonUrl)).headers;
    const notModified = await read(comparisonUrl, { "if-none-match": `W/${etag}` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    const head = await read(comparisonUrl, {}, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe((await read(comparisonUrl)).rawPayload.length);
  });

  it("shares one entry between query orders", async () => {
    api.app.responseCache?.clear();
    const list = vi.spyOn(api.app.services.medications, "listPublic");
    try {
      const first = await read(`${urlOf(publicEndpoints.listMedications)}?limit=5&page=2`);
      const second = await read(`${urlOf(publicEndpoints.listMedications)}?page=2&limit=5`);
      expect(first.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(list).toHaveBeenCalledTimes(1);
      expect(api.app.responseCache?.size.entries).toBe(1);
    } finally {
      list.mockRestore();
    }
  });

  it("never keeps refusals, admin answers or uncached routes", async () => {
    api.app.responseCache?.clear();
    for (const url of [
      urlOf(publicEndpoints.getMedication, { params: { id: "nothing" } }),
      urlOf(publicEndpoints.compareMedication, { params: { id: "viagra" }, query: { dosage: "9mg" } }),
      urlOf(publicEndpoints.dataVersion),
      "/health",
    ]) {
      await read(url);
      await read(url);
    }
    expect((await call(adminEndpoints.listAdminMedications)).status).toBe(200);
    expect(api.app.responseCache?.size.entries).toBe(0);
  });
});

/** Reads `url` (filling the cache), runs `write`, and answers the body before and after. */
async function aroundWrite(url: string, write: () => Promise<{ status: number; body?: unknown }>) {
  const before = await read(url);
  expect((await read(url)).body).toBe(before.body); // now a hit
  const versionBefore = await version();
  const result = await write();
  expect(result.status, JSON.stringify(result.body)).toBeLessThan(300);
  expect(await version()).toBeGreaterThan(versionBefore);
  const after = await read(url);
  return { before, after };
}

describe("every write to public data makes the next read fresh at once", () => {
  it("a price edit", async () => {
    const rows = AdminPriceList.parse(
      (await call(adminEndpoints.listAdminPricesForMedication, { params: { id: "viagra" } })).body,
    );
    const row = rows.prices.find((price) => price.dosage === DOSAGE);
    if (!row) throw new Error("the demo data has a Viagra price in the dosage");
    const newPrice = Math.round((row.price + 0.37) * 100) / 100;
    const { after } = await aroundWrite(comparisonUrl, () =>
      call(adminEndpoints.updatePrice, { params: { id: row._id }, body: { price: newPrice } }),
    );
    expect(after.json().prices).toEqual(
      expect.arrayContaining([expect.objectContaining({ pharmacyId: row.pharmacyId, price: newPrice })]),
    );
  });

  it("a price sheet applied", async () => {
    const url = urlOf(publicEndpoints.listPricesForMedication, { params: { id: "viagra" } });
    const [first] = z
      .array(z.object({ pharmacyId: z.string(), dosage: z.string(), price: z.number() }))
      .parse((await read(url)).json());
    if (!first) throw new Error("the demo data has Viagra prices");
    const pharmacy = z
      .object({ name: z.string() })
      .parse((await read(urlOf(publicEndpoints.getPharmacy, { params: { id: first.pharmacyId } }))).json());
    const newPrice = Math.round((first.price + 1.11) * 100) / 100;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Viagra");
    for (const row of [
      ["Generic name", "Sildenafil"],
      ["Form", "Tablets"],
      ["Description", ""],
      ["Condition", "Erectile Dysfunction"],
      ["Last updated", "2026-01-01"],
      ["Pharmacy", "Rating", first.dosage, "link"],
      [pharmacy.name, 4, newPrice, ""],
    ])
      sheet.addRow(row);
    const content = Buffer.from(await book.xlsx.writeBuffer()).toString("base64");
    const { after } = await aroundWrite(url, async () => {
      const preview = await call(adminEndpoints.previewPriceSheet, {
        body: { fileName: "cache.xlsx", content },
      });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      return call(adminEndpoints.applyPriceSheet, { body: {} });
    });
    expect(after.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pharmacyId: first.pharmacyId, dosage: first.dosage, price: newPrice }),
      ]),
    );
  });

  it("a medication edit", async () => {
    const url = urlOf(publicEndpoints.getMedication, { params: { id: "viagra" } });
    const { after } = await aroundWrite(url, () =>
      call(adminEndpoints.updateMedication, {
        params: { id: "viagra" },
        body: { description: "Freshly described." },
      }),
    );
    expect(after.json()).toMatchObject({ id: "viagra", description: "Freshly described." });
  });

  it("a pharmacy edit", async () => {
    const url = urlOf(publicEndpoints.getPharmacy, { params: { id: "fernquill-pharmacy" } });
    const { after } = await aroundWrite(url, () =>
      call(adminEndpoints.updatePharmacy, { params: { id: "fernquill-pharmacy" }, body: { rating: 3.3 } }),
    );
    expect(after.json()).toMatchObject({ id: "fernquill-pharmacy", rating: 3.3 });
  });

  it("a category renamed", async () => {
    const url = urlOf(publicEndpoints.listCategories);
    const { after } = await aroundWrite(url, () =>
      call(adminEndpoints.updateCategory, {
        params: { id: "mens-health" },
        body: { name: "Men's Health Clinic" },
      }),
    );
    expect(after.body).toContain("Men's Health Clinic");
  });

  it("a blog post unpublished", async () => {
    const slug = demoBlogPosts[0]?.slug ?? "";
    const [post] = await api.database.db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(eq(blogPosts.slug, slug));
    const url = urlOf(publicEndpoints.getBlogPost, { params: { slug } });
    const { before, after } = await aroundWrite(url, () =>
      call(adminEndpoints.publishBlogPost, { params: { id: post?.id ?? "" }, body: { published: false } }),
    );
    expect(before.statusCode).toBe(200);
    expect(after.statusCode).toBe(404);
  });

  it("an admin message added", async () => {
    const url = urlOf(publicEndpoints.adminMessagesForMedication, { params: { medicationId: "viagra" } });
    const { after } = await aroundWrite(url, () =>
      call(adminEndpoints.createAdminMessage, {
        body: {
          medicationId: "viagra",
          title: "Cache check",
          message: "Shown at once.",
          category: "information",
        },
      }),
    );
    expect(after.body).toContain("Cache check");
  });
});

describe("the store", () => {
  const answer = (size: number, tags: CacheTag[] = ["site"]) => ({
    body: Buffer.alloc(size, "a"),
    etag: '"x"',
    contentType: "application/json; charset=utf-8",
    cacheControl: "public",
    tags,
    headers: null,
  });

  it("keeps at most its entries and bytes, dropping the least recently used", async () => {
    const cache = new ResponseCache({ maxEntries: 2, maxBytes: 10_000, maxAgeMs: 60_000 });
    cache.put("/a", 0, answer(10));
    cache.put("/b", 0, answer(10));
    cache.get("/a");
    cache.put("/c", 0, answer(10));
    expect([cache.get("/a"), cache.get("/b"), cache.get("/c")].map(Boolean)).toEqual([true, false, true]);
    const small = new ResponseCache({ maxEntries: 100, maxBytes: 4_000, maxAgeMs: 60_000 });
    for (const key of ["/1", "/2", "/3", "/4"]) small.put(key, 0, answer(900));
    expect(small.size.bytes).toBeLessThanOrEqual(4_000);
    expect(small.get("/1")).toBeUndefined();
    expect(small.get("/4")).toBeDefined();
  });

  it("drops entries of an older version, older than the maximum age, or made while suspended", async () => {
    let now = 0;
    const cache = new ResponseCache({ maxEntries: 10, maxBytes: 10_000, maxAgeMs: 1000, now: () => now });
    cache.put("/a", 0, answer(10));
    now = 1001;
    expect(cache.get("/a")).toBeUndefined();
    cache.put("/a", 0, answer(10));
    cache.observe(1);
    expect(cache.get("/a")).toBeUndefined();
    // An answer computed before the write committed arrives after it: never stored.
    cache.put("/a", 0, answer(10));
    expect(cache.get("/a")).toBeUndefined();
    cache.suspend();
    expect(cache.version).toBe(-1);
    cache.put("/b", -1, answer(10));
    cache.resume(1);
    expect(cache.get("/b")).toBeUndefined();
  });

  it("drops only the entries carrying a changed tag, and all of them for site (decision 063)", () => {
    const cache = new ResponseCache({ maxEntries: 10, maxBytes: 10_000, maxAgeMs: 60_000 });
    cache.put("/hair", 0, answer(10, ["condition:hair-loss"]));
    cache.put("/weight", 0, answer(10, ["condition:weight-loss"]));
    cache.put("/lists", 0, answer(10, ["prices", "site"]));
    cache.observe(1, ["condition:hair-loss", "medication:finasteride", "prices"]);
    expect([cache.get("/hair"), cache.get("/weight"), cache.get("/lists")].map(Boolean)).toEqual([
      false,
      true,
      false,
    ]);
    // A version heard late (another process's NOTIFY after a local commit) still drops its tags.
    cache.put("/hair", 1, answer(10, ["condition:hair-loss"]));
    cache.observe(3, ["blog:news"]);
    cache.observe(2, ["condition:hair-loss"]);
    expect(cache.get("/hair")).toBeUndefined();
    expect(cache.get("/weight")).toBeDefined();
    cache.observe(4, ["site"]);
    expect(cache.get("/weight")).toBeUndefined();
  });

  it("normalises the query and negotiates encodings as the compression plugin does", () => {
    expect(cacheKey("/x?b=2&a=1&a=0")).toBe("/x?a=1&a=0&b=2");
    expect(cacheKey("/x?dosage=50mg%20x%204")).toBe(cacheKey("/x?dosage=50mg+x+4"));
    expect(cacheKey("/x?")).toBe("/x");
    // Never a key a parser would read otherwise (issue 25): a bad escape is not its %25 spelling,
    // "//host/path" is not "/path".
    expect(cacheKey("/x?q=%zz")).toBeNull();
    expect(cacheKey("/x?q=%25zz")).toBe("/x?q=%25zz");
    expect(cacheKey("//x")).toBeNull();
    expect(cacheKey("//evil.example/x")).toBeNull();
    expect(cacheKey("*")).toBeNull();
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("x-gzip")).toBe("gzip");
  });
});
