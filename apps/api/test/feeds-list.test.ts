import { adminEndpoints, type FeedHeldRow, type FeedListRow } from "@pharmacompare/contract";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedHeldRows, pharmacies } from "../src/db/schema.ts";
import { catalogueCaller } from "./catalogue-helpers.ts";
import { expectListConvention } from "./list-convention.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * The back-office Feeds screen's list (issue 29, decision 047): every pharmacy's feed by pharmacy
 * name, paged in SQL with the one list convention (decision 037) and searched by name or address.
 */
let api: TestApi;
let call: Awaited<ReturnType<typeof catalogueCaller>>;
let named: { id: string; name: string }[];

beforeAll(async () => {
  api = await createTestApi({ FEEDS_ALLOW_INSECURE: "true" });
  call = await catalogueCaller(api);
  named = await api.database.db
    .select({ id: pharmacies.id, name: pharmacies.name })
    .from(pharmacies)
    .orderBy(asc(pharmacies.name))
    .limit(5);
  for (const [index, pharmacy] of named.entries()) {
    const set = await call(adminEndpoints.setPharmacyFeed, {
      params: { id: pharmacy.id },
      body: { url: `http://127.0.0.1:9/feed-${index}.csv`, format: "flat-csv", runsPerDay: 4 },
    });
    expect(set.status).toBe(200);
  }
});
afterAll(async () => {
  await api?.close();
});

const list = (query: Record<string, unknown>) =>
  call(adminEndpoints.listFeeds, { query: query as Record<string, string | number> });

describe("the Feeds screen's list", () => {
  it("pages with the list convention: page, limit, total, totalPages and feeds", async () => {
    await expectListConvention(list, "feeds", {}, (row) => (row as unknown as FeedListRow).pharmacyId);
  });

  it("names each feed's pharmacy, in name order, with its schedule and next run, and finds by name or address", async () => {
    const { body } = await list({ limit: 100 });
    const { feeds, total } = body as { feeds: FeedListRow[]; total: number };
    expect(total).toBe(named.length);
    expect(feeds.map((feed) => feed.pharmacyName)).toEqual(named.map((pharmacy) => pharmacy.name));
    expect(feeds[0]).toMatchObject({
      pharmacyId: named[0]?.id,
      runsPerDay: 4,
      schedule: expect.stringMatching(/^every 6 hours from \d\d:\d\d/),
      nextRunAt: expect.any(String),
      lastRun: null,
    });

    const byName = (await list({ search: named[1]?.name.slice(0, 6).toUpperCase() ?? "" })).body as {
      feeds: FeedListRow[];
    };
    expect(byName.feeds.map((feed) => feed.pharmacyId)).toContain(named[1]?.id);
    const byAddress = (await list({ search: "feed-2.csv" })).body as { feeds: FeedListRow[]; total: number };
    expect(byAddress).toMatchObject({ total: 1, feeds: [{ pharmacyId: named[2]?.id }] });

    await call(adminEndpoints.setPharmacyFeed, {
      params: { id: named[3]?.id ?? "" },
      body: { url: "http://127.0.0.1:9/feed-3.csv", format: "flat-csv", active: false },
    });
    const off = (await list({ state: "off" })).body as { feeds: FeedListRow[]; total: number };
    expect(off).toMatchObject({
      total: 1,
      feeds: [{ pharmacyId: named[3]?.id, active: false, nextRunAt: null }],
    });
    expect(((await list({ state: "on" })).body as { total: number }).total).toBe(named.length - 1);
    expect((await list({ state: "paused" })).status).toBe(400);
  });

  it('says "every hour", never "every 1 hours", of a feed run 24 times a day (issue 41)', async () => {
    const set = await call(adminEndpoints.setPharmacyFeed, {
      params: { id: named[4]?.id ?? "" },
      body: { url: "http://127.0.0.1:9/feed-4.csv", format: "flat-csv", runsPerDay: 24 },
    });
    expect(set.status).toBe(200);
    expect((set.body as FeedListRow).schedule).toMatch(/^every hour from \d\d:\d\d Europe\/London$/);
    // The scheduler reads the same words (a schedule it could not read would stop every feed).
    const jobs = await api.app.services.feeds.jobs();
    expect(jobs.find((job) => job.name === `feed:${named[4]?.id}`)?.schedule).toMatch(/^every hour from/);
    await expect(api.app.services.jobs.tick()).resolves.toBeDefined();
  });
});

describe("the Feed review queue's list", () => {
  it("pages with the list convention, oldest first, and finds rows by medication or pharmacy name", async () => {
    const at = Date.parse("2026-03-02T09:00:00Z");
    await api.database.db.insert(feedHeldRows).values(
      ["Alpha", "Bravo", "Charlie", "Delta", "Echo"].map((medicationName, index) => ({
        pharmacyId: named[index % 2]?.id ?? "",
        medicationName,
        dosage: "10mg",
        oldPrice: 10,
        newPrice: 4.5,
        reasons: ["the price falls by 55 %"],
        heldAt: new Date(at + index * 60_000),
      })),
    );
    const held = (query: Record<string, unknown>) =>
      call(adminEndpoints.listFeedHeldRows, { query: query as Record<string, string | number> });
    await expectListConvention(held, "rows");

    const all = (await held({})).body as { rows: FeedHeldRow[]; total: number };
    expect(all.rows.map((row) => row.medicationName)).toEqual(["Alpha", "Bravo", "Charlie", "Delta", "Echo"]);
    expect(all.rows[0]).toMatchObject({
      pharmacyName: named[0]?.name,
      oldPrice: 10,
      newPrice: 4.5,
      status: "held",
    });
    const found = (await held({ search: "charl" })).body as { rows: FeedHeldRow[] };
    expect(found.rows.map((row) => row.medicationName)).toEqual(["Charlie"]);
    const byPharmacy = (await held({ search: named[1]?.name ?? "" })).body as { total: number };
    expect(byPharmacy.total).toBe(2);
  });
});
