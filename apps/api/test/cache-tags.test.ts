import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { AdminPriceList, adminEndpoints, publicEndpoints } from "@pharmacompare/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildWeb } from "../../../scripts/web-build.ts";
import { publicDataChanges } from "../src/db/schema.ts";
import { catalogueCaller } from "./catalogue-helpers.ts";
import { sendOverSocket } from "./over-a-socket.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * Purges by tag in our own caches (issue 46, decision 063): a change to Finasteride's price drops
 * the hair-loss answers and pages, which show it, and leaves the weight-loss ones stored (still
 * hits); a change to site-wide data drops everything. Both caches: the API's response cache and
 * the web's page cache, the second asking the API what changed since the version it knows.
 * Lives with the API's tests because it needs a running API (as page-cache-early.test.ts does).
 */
const webBuild = fileURLToPath(new URL("../../web/build/server/index.js", import.meta.url));
const webServerModule = fileURLToPath(new URL("../../web/server/web-server.ts", import.meta.url));

const HAIR = "hair-loss";
const WEIGHT = "weight-loss-medications";
const DOSAGE = "1mg x 28 tablets";
const hairPage = `/condition/${HAIR}?medication=Finasteride&dosage=${encodeURIComponent(DOSAGE)}`;
const weightPage = `/condition/${WEIGHT}`;
const hairAnswer = urlOf(publicEndpoints.conditionPage, {
  params: { subcategoryId: HAIR },
  query: { medication: "finasteride", dosage: DOSAGE },
});
const weightAnswer = urlOf(publicEndpoints.conditionPage, { params: { subcategoryId: WEIGHT } });

let api: TestApi;
let web: FastifyInstance | undefined;
let base: string;
let call: Awaited<ReturnType<typeof catalogueCaller>>;
let finasteride: AdminPriceList["prices"][number];

beforeAll(async () => {
  if (!existsSync(webBuild)) buildWeb();
  api = await createTestApi(
    {},
    { responseCache: { maxEntries: 500, maxBytes: 16 * 1024 * 1024, maxAgeMs: 60_000 } },
  );
  call = await catalogueCaller(api);
  // The web reads from the instance that writes: a second instance in this process would hear the
  // writes on PostgreSQL only through a LISTEN connection, which test instances do not open
  // (response-cache-processes.pg.test.ts proves the cross-process case with real processes).
  const address = await api.app.listen({ host: "127.0.0.1", port: 0 });
  process.env.API_INTERNAL_URL = address;
  process.env.API_URL = address;
  // Every page request asks the API what changed (the interval's bound is not what is tested).
  process.env.PAGE_CACHE_CHECK_MS = "0";
  const { createWebServer } = (await import(webServerModule)) as {
    createWebServer(options: { logger: unknown; renderAheadPages?: number }): Promise<FastifyInstance>;
  };
  // No render ahead (issue 47, page-cache.test.ts): here a miss is what proves a page was dropped.
  web = await createWebServer({ logger: false, renderAheadPages: 0 });
  await web.listen({ host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${(web.server.address() as AddressInfo).port}`;
  const list = await call(adminEndpoints.listAdminPricesForMedication, { params: { id: "finasteride" } });
  const row = AdminPriceList.parse(list.body).prices.find(
    (price) => price.dosage === DOSAGE && price.inStock,
  );
  if (!row) throw new Error("the seeded catalogue has an in-stock Finasteride price in the dosage");
  finasteride = row;
}, 300_000);
afterAll(async () => {
  await web?.close();
  await api?.close();
});

const page = (path: string) => sendOverSocket(base, path, {});
const read = (url: string) => api.app.inject({ method: "GET", url });

async function changeFinasteridePrice(price: number) {
  const answer = await call(adminEndpoints.updatePrice, { params: { id: finasteride._id }, body: { price } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe("a price change drops only what shows it", () => {
  it("in the API's response cache: the weight-loss answer stays a hit, hair-loss is computed again", async () => {
    api.app.responseCache?.clear();
    const load = vi.spyOn(api.app.services.conditionPages, "load");
    try {
      const hairBefore = await read(hairAnswer);
      expect(hairBefore.headers.xkey).toBe(`condition:${HAIR}`);
      expect(String(hairBefore.headers["cache-control"])).toContain("s-maxage=");
      const weightBefore = await read(weightAnswer);
      expect(weightBefore.statusCode).toBe(200);
      await read(hairAnswer);
      await read(weightAnswer);
      expect(load).toHaveBeenCalledTimes(2);

      await changeFinasteridePrice(6.41);
      load.mockClear();
      const weightAfter = await read(weightAnswer);
      expect(weightAfter.body).toBe(weightBefore.body);
      // Still a hit: the condition page's loader did not run for weight loss.
      expect(load).not.toHaveBeenCalled();
      const hairAfter = await read(hairAnswer);
      expect(load).toHaveBeenCalledTimes(1);
      expect(hairAfter.body).not.toBe(hairBefore.body);
      expect(hairAfter.body).toContain("6.41");
    } finally {
      load.mockRestore();
    }
  });

  it("in the web's page cache: the weight-loss page stays stored, the hair-loss page shows the new price", async () => {
    await changeFinasteridePrice(7.32);
    for (const path of [hairPage, weightPage]) {
      await page(path);
      const stored = await page(path);
      expect(stored.headers["x-cache"], path).toBe("hit");
    }
    const hairStored = await page(hairPage);
    expect(hairStored.headers["cache-control"]).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=30",
    );
    // The page's tags: its layout's (site) and its loaders' answers'.
    expect(String(hairStored.headers.xkey).split(" ")).toEqual(
      expect.arrayContaining(["site", `condition:${HAIR}`]),
    );
    expect(String(hairStored.headers.xkey)).not.toContain(`condition:${WEIGHT}`);
    expect(hairStored.body.toString()).toContain("£7.32");

    await changeFinasteridePrice(7.19);
    const weight = await page(weightPage);
    expect(weight.headers["x-cache"]).toBe("hit");
    const hair = await page(hairPage);
    expect(hair.headers["x-cache"]).toBe("miss");
    expect(hair.body.toString()).toContain("£7.19");
    expect(hair.body.toString()).not.toContain("£7.32");
  });
});

describe("rendered ahead (issue 47)", () => {
  it("a page a price change dropped is rendered again in the background: the next visitor is sent it stored, with the new price", async () => {
    const { createWebServer } = (await import(webServerModule)) as {
      createWebServer(options: { logger: unknown }): Promise<FastifyInstance>;
    };
    const ahead = await createWebServer({ logger: false });
    await ahead.listen({ host: "127.0.0.1", port: 0 });
    const aheadBase = `http://127.0.0.1:${(ahead.server.address() as AddressInfo).port}`;
    const visit = (path: string) => sendOverSocket(aheadBase, path, {});
    const load = vi.spyOn(api.app.services.conditionPages, "load");
    try {
      for (const path of [hairPage, weightPage]) await visit(path);
      expect((await visit(hairPage)).headers["x-cache"]).toBe("hit");
      await changeFinasteridePrice(8.14);
      api.app.responseCache?.clear();
      load.mockClear();
      // The visitor whose request finds the change is sent the weight-loss page, untouched by it.
      expect((await visit(weightPage)).headers["x-cache"]).toBe("hit");
      // Meanwhile the hair-loss page renders again without anyone asking for it.
      await vi.waitFor(() => expect(load).toHaveBeenCalled(), { timeout: 10_000 });
      const hair = await visit(hairPage);
      expect(hair.headers["x-cache"]).toBe("hit");
      expect(hair.body.toString()).toContain("£8.14");
    } finally {
      load.mockRestore();
      await ahead.close();
    }
  });
});

describe("a change to site-wide data", () => {
  it("drops every stored answer and page", async () => {
    for (const path of [hairPage, weightPage]) {
      await page(path);
      expect((await page(path)).headers["x-cache"], path).toBe("hit");
    }
    await read(weightAnswer);
    const load = vi.spyOn(api.app.services.conditionPages, "load");
    try {
      // A category renamed: its name is in every page's header (site).
      const renamed = await call(adminEndpoints.updateCategory, {
        params: { id: "mens-health" },
        body: { name: "Men's Health and Care" },
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      await read(weightAnswer);
      expect(load).toHaveBeenCalledTimes(1);
      for (const path of [hairPage, weightPage]) {
        expect((await page(path)).headers["x-cache"], path).toBe("miss");
      }
    } finally {
      load.mockRestore();
    }
  });
});

describe("GET /api/data-version?since=", () => {
  it("answers the tags changed after a version, none when nothing changed, site when too old", async () => {
    const now = (await read(urlOf(publicEndpoints.dataVersion))).json() as { version: number };
    expect((await read(`/api/data-version?since=${now.version}`)).json()).toEqual({
      version: now.version,
      tags: [],
    });
    await changeFinasteridePrice(6.99);
    const after = (await read(`/api/data-version?since=${now.version}`)).json() as {
      version: number;
      tags: string[];
    };
    expect(after.version).toBe(now.version + 1);
    expect(after.tags).toEqual(
      expect.arrayContaining([
        "medication:finasteride",
        `condition:${HAIR}`,
        `pharmacy:${finasteride.pharmacyId}`,
      ]),
    );
    expect(after.tags).not.toContain("site");
    // Versions before the first recorded change (the seed's) are not known: everything changed.
    expect((await read("/api/data-version?since=0")).json()).toMatchObject({ tags: ["site"] });
  });
});

describe("public_data_changes", () => {
  it("keeps the last thousand versions, pruned as writes go", async () => {
    await api.database.db.execute(
      "insert into public_data_changes (version, tags) values (50, '{site}') on conflict do nothing",
    );
    await api.database.db.execute("update data_versions set version = 1099 where key = 'public'");
    await changeFinasteridePrice(6.5);
    const kept = await api.database.db.select({ version: publicDataChanges.version }).from(publicDataChanges);
    const versions = kept.map((row) => row.version);
    expect(versions).toContain(1100);
    expect(versions).not.toContain(50);
    expect(Math.min(...versions)).toBeGreaterThanOrEqual(100);
    // 1099 was never recorded: a cache that knows 1098 cannot be told what changed since.
    expect((await read("/api/data-version?since=1099")).json()).toMatchObject({ version: 1100 });
    expect((await read("/api/data-version?since=1098")).json()).toMatchObject({
      version: 1100,
      tags: ["site"],
    });
    const since = (await read("/api/data-version?since=1100")).json();
    expect(since).toEqual({ version: 1100, tags: [] });
  });
});
