import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { adminEndpoints, type FeedHeldRow, type FeedRun } from "@pharmacompare/contract";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  emailOutbox,
  medications,
  pharmacyFeeds,
  priceAlerts,
  priceHistory,
  prices,
} from "../src/db/schema.ts";
import { createJobScheduler } from "../src/jobs/scheduler.ts";
import { fetchFeed, guardedLookup } from "../src/modules/feeds/feed-fetch.ts";
import { createFeedService } from "../src/modules/feeds/feed-service.ts";
import { MINUTE, testClock } from "./admin-helpers.ts";
import { catalogueCaller, confirmedAlert, expectRefusedUnchanged } from "./catalogue-helpers.ts";
import { createTestApi, type TestApi, testSecretBox } from "./test-api.ts";

/**
 * Pharmacy price feeds (issue 29, decision 045) against a loopback feed server (node:http, real
 * sockets): what staff see from the API, what the database holds after each run, and that the
 * production address rule refuses a redirect to 127.0.0.1.
 */
const clock = testClock({ frozen: true });
let api: TestApi;
let call: Awaited<ReturnType<typeof catalogueCaller>>;
let server: Server;
let base: string;
/** What the feed server answers on each path, and every request it received. */
const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
const received: IncomingMessage[] = [];

const PHARMACY = "kestrel-lane-pharmacy";
const PHARMACY_NAME = "Kestrel Lane Pharmacy";

beforeAll(async () => {
  api = await createTestApi(
    { FEEDS_ALLOW_INSECURE: "true", FEED_TIMEOUT_SECONDS: "1", FEED_MAX_MB: "1" },
    { now: clock.now },
  );
  call = await catalogueCaller(api);
  server = createServer((req, res) => {
    received.push(req);
    const route = routes.get(new URL(req.url ?? "/", "http://feed").pathname);
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await api?.close();
});

/** The pharmacy's stored prices, with names as a feed writes them. */
async function storedPrices(pharmacyId = PHARMACY) {
  const rows = await api.database.db
    .select({ price: prices, name: medications.name })
    .from(prices)
    .innerJoin(medications, eq(medications.id, prices.medicationId))
    .where(eq(prices.pharmacyId, pharmacyId))
    .orderBy(asc(prices.medicationId), asc(prices.dosage));
  return rows.map(({ price, name }) => ({ ...price, medication: { name } }));
}

async function historyCount(): Promise<number> {
  const [row] = await api.database.db.select({ n: count() }).from(priceHistory);
  return row?.n ?? 0;
}

function csv(
  rows: { medication: string; dosage: string; price: number | string; link?: string; stock?: string }[],
) {
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return [
    "medication,dosage,price,link,stock",
    ...rows.map((row) =>
      [row.medication, row.dosage, String(row.price), row.link ?? "", row.stock ?? "yes"]
        .map(quote)
        .join(","),
    ),
  ].join("\n");
}

function serve(path: string, body: string | Buffer, headers: Record<string, string> = {}) {
  routes.set(path, (_req, res) => {
    res.writeHead(200, { "content-type": "text/csv; charset=utf-8", ...headers }).end(body);
  });
}

async function setFeed(path: string, more: Record<string, unknown> = {}) {
  const res = await call(adminEndpoints.setPharmacyFeed, {
    params: { id: PHARMACY },
    body: { url: `${base}${path}`, format: "flat-csv", ...more },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function runNow(): Promise<FeedRun> {
  clock.advance(MINUTE);
  const res = await call(adminEndpoints.runPharmacyFeed, { params: { id: PHARMACY } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as FeedRun;
}

async function heldRows(): Promise<FeedHeldRow[]> {
  const res = await call(adminEndpoints.listFeedHeldRows, { query: { pharmacyId: PHARMACY } });
  expect(res.status).toBe(200);
  return (res.body as { rows: FeedHeldRow[] }).rows;
}

describe("a pharmacy's feed settings", () => {
  it("keeps the credential header encrypted, never answers it, and sends it to the feed", async () => {
    serve("/with-header.csv", csv([]));
    const feed = (await setFeed("/with-header.csv", {
      header: { name: "Authorization", value: "Bearer feed-secret-123" },
    })) as { headerName: string; schedule: string; nextRunAt: string };
    expect(feed.headerName).toBe("Authorization");
    expect(JSON.stringify(feed)).not.toContain("feed-secret-123");
    expect(feed.schedule).toMatch(/^daily \d\d:\d\d Europe\/London$/);
    const [row] = await api.database.db
      .select()
      .from(pharmacyFeeds)
      .where(eq(pharmacyFeeds.pharmacyId, PHARMACY));
    expect(row?.headerValueSealed).not.toContain("feed-secret-123");
    expect(testSecretBox().open(row?.headerValueSealed ?? "", `pharmacy_feeds.header:${PHARMACY}`)).toBe(
      "Bearer feed-secret-123",
    );
    const [audit] = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, PHARMACY))
      .orderBy(asc(auditLog.createdAt));
    expect(JSON.stringify(audit)).not.toContain("feed-secret-123");

    received.length = 0;
    const run = await runNow();
    expect(run.outcome).toBe("succeeded");
    expect(received[0]?.headers.authorization).toBe("Bearer feed-secret-123");
    // The fetcher names the site it runs for, from SITE_URL, not a fixed domain (issue 41).
    const elsewhere = await api.another({
      FEEDS_ALLOW_INSECURE: "true",
      SITE_URL: "https://prices.example.org",
    });
    received.length = 0;
    clock.advance(MINUTE);
    expect((await elsewhere.services.jobs.runNow(`feed:${PHARMACY}`)).outcome).toBe("succeeded");
    expect(received[0]?.headers["user-agent"]).toBe("PharmaCompare price feed (+https://prices.example.org)");
    // Removing the header: null.
    await setFeed("/with-header.csv", { header: null });
  });

  it("refuses an http or loopback address under the production rule, changing nothing", async () => {
    const production = await api.another({ FEEDS_ALLOW_INSECURE: "false" });
    const { signIn, bearer } = await import("./admin-helpers.ts");
    const token = await signIn(production);
    for (const [url, message] of [
      [`${base}/good.csv`, "The feed address must be an https address"],
      [
        "https://127.0.0.1/prices.csv",
        "The feed address must not be on a private, loopback or link-local network",
      ],
      [
        "https://169.254.169.254/latest",
        "The feed address must not be on a private, loopback or link-local network",
      ],
      [
        "https://[::1]/prices.csv",
        "The feed address must not be on a private, loopback or link-local network",
      ],
      [
        "https://localhost/prices.csv",
        "The feed address must not be on a private, loopback or link-local network",
      ],
    ] as const) {
      const body = await expectRefusedUnchanged(
        api,
        async () => {
          const res = await production.inject({
            method: "PUT",
            url: `/api/admin/pharmacies/bramblewick-chemist/feed`,
            headers: bearer(token),
            payload: { url, format: "flat-csv" },
          });
          return { status: res.statusCode, body: res.json() };
        },
        400,
      );
      expect(body.fields?.url).toBe(message);
    }
    const none = await api.database.db
      .select()
      .from(pharmacyFeeds)
      .where(eq(pharmacyFeeds.pharmacyId, "bramblewick-chemist"));
    expect(none).toEqual([]);
  });
});

describe("a feed's life", () => {
  it("a paused feed is not run now (409) nor scheduled; a removed one answers 404", async () => {
    serve("/paused.csv", csv([]));
    await setFeed("/paused.csv", { active: false });
    const paused = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.runPharmacyFeed, { params: { id: PHARMACY } }),
      409,
    );
    expect(paused.error).toBe("The feed is paused; switch it on to run it");
    expect((await api.app.services.feeds.jobs()).map((job) => job.name)).not.toContain(`feed:${PHARMACY}`);
    const listed = await call(adminEndpoints.listFeeds);
    expect(
      (listed.body as { feeds: { pharmacyId: string; nextRunAt: string | null }[] }).feeds,
    ).toContainEqual(expect.objectContaining({ pharmacyId: PHARMACY, nextRunAt: null }));

    const removed = await call(adminEndpoints.deletePharmacyFeed, { params: { id: "harbourlight-meds" } });
    expect(removed.status).toBe(404);
    await call(adminEndpoints.setPharmacyFeed, {
      params: { id: "harbourlight-meds" },
      body: { url: `${base}/paused.csv`, format: "flat-csv" },
    });
    expect(
      (await call(adminEndpoints.deletePharmacyFeed, { params: { id: "harbourlight-meds" } })).status,
    ).toBe(200);
    // A pharmacy without a feed is a normal state, answered without a 404 (issue 41); an unknown
    // pharmacy is still one.
    const gone = await call(adminEndpoints.getPharmacyFeed, { params: { id: "harbourlight-meds" } });
    expect(gone).toEqual({ status: 200, body: { feed: null } });
    const nobody = await call(adminEndpoints.getPharmacyFeed, { params: { id: "no-such-pharmacy" } });
    expect(nobody).toEqual({
      status: 404,
      body: expect.objectContaining({ error: 'Pharmacy "no-such-pharmacy" not found' }),
    });
    const unknown = await call(adminEndpoints.setPharmacyFeed, {
      params: { id: "no-such-pharmacy" },
      body: { url: `${base}/paused.csv`, format: "flat-csv" },
    });
    expect(unknown.status).toBe(404);
  });
});

describe("running a feed", () => {
  it("a good feed: changed prices are written with history, unchanged ones only re-confirmed, the run recorded", async () => {
    const before = await storedPrices();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = before as [(typeof before)[0], (typeof before)[0], (typeof before)[0]];
    const raised = Math.round(first.price * 110) / 100;
    serve(
      "/good.csv",
      csv([
        { medication: first.medication.name, dosage: first.dosage, price: raised },
        {
          medication: second.medication.name,
          dosage: second.dosage,
          price: second.price,
          link: second.link ?? "",
        },
        {
          medication: third.medication.name,
          dosage: third.dosage,
          price: third.price,
          stock: third.inStock ? "no" : "yes",
        },
      ]),
    );
    await setFeed("/good.csv");
    const historyBefore = await historyCount();
    const run = await runNow();
    expect(run).toMatchObject({
      outcome: "succeeded",
      manual: true,
      error: null,
      counts: { read: 3, changed: 2, confirmed: 1, held: 0, refused: 0, notModified: false },
    });
    expect(await historyCount()).toBe(historyBefore + 2);
    const after = await storedPrices();
    const byKey = new Map(after.map((row) => [`${row.medicationId}|${row.dosage}`, row]));
    const now = clock.now();
    expect(byKey.get(`${first.medicationId}|${first.dosage}`)).toMatchObject({
      price: raised,
      lastUpdated: now,
      lastConfirmed: now,
      confirmedBy: "feed",
    });
    // Unchanged: confirmed now, last updated as it was.
    expect(byKey.get(`${second.medicationId}|${second.dosage}`)).toMatchObject({
      price: second.price,
      lastUpdated: second.lastUpdated,
      lastConfirmed: now,
      confirmedBy: "feed",
    });
    expect(byKey.get(`${third.medicationId}|${third.dosage}`)?.inStock).toBe(!third.inStock);

    const runs = await call(adminEndpoints.listPharmacyFeedRuns, { params: { id: PHARMACY } });
    expect((runs.body as { runs: FeedRun[] }).runs[0]).toEqual(run);
    const feed = await call(adminEndpoints.getPharmacyFeed, { params: { id: PHARMACY } });
    expect((feed.body as { feed: { lastRun: FeedRun } }).feed.lastRun).toEqual(run);
  });

  it("304: a feed not modified since its ETag re-confirms the prices it set and adds no history", async () => {
    const before = await storedPrices();
    const body = csv(
      before.map((row) => ({
        medication: row.medication.name,
        dosage: row.dosage,
        price: row.price,
        stock: row.inStock ? "yes" : "no",
      })),
    );
    routes.set("/etag.csv", (req, res) => {
      if (req.headers["if-none-match"] === '"v1"') res.writeHead(304).end();
      else res.writeHead(200, { "content-type": "text/csv", etag: '"v1"' }).end(body);
    });
    await setFeed("/etag.csv");
    expect((await runNow()).counts).toMatchObject({ notModified: false, changed: 0 });
    const historyBefore = await historyCount();
    received.length = 0;
    const run = await runNow();
    expect(received[0]?.headers["if-none-match"]).toBe('"v1"');
    expect(run.counts).toMatchObject({ notModified: true, changed: 0, confirmed: before.length });
    expect(await historyCount()).toBe(historyBefore);
    for (const row of await storedPrices()) expect(row.lastConfirmed).toEqual(clock.now());
  });

  it.each([
    [
      "500",
      "/broken.csv",
      (_req: IncomingMessage, res: ServerResponse) => res.writeHead(500).end("oops"),
      "The feed answered 500 instead of 200",
    ],
    [
      "a slow feed past the timeout",
      "/slow.csv",
      (_req: IncomingMessage, res: ServerResponse) => {
        res.writeHead(200, { "content-type": "text/csv" });
        res.write("medication,dosage,price\n");
        setTimeout(() => res.end(), 3000).unref();
      },
      "The feed did not answer in full within 1 seconds",
    ],
    [
      "a feed over the size limit (no Content-Length: counted as it arrives)",
      "/huge.csv",
      (_req: IncomingMessage, res: ServerResponse) => {
        res.writeHead(200, { "content-type": "text/csv" });
        const line = `${"x".repeat(1023)}\n`;
        for (let i = 0; i < 1100; i += 1) res.write(line);
        res.end();
      },
      "The feed is larger than 1 MB; it was not read",
    ],
    [
      "a malformed file",
      "/malformed.csv",
      (_req: IncomingMessage, res: ServerResponse) =>
        res
          .writeHead(200, { "content-type": "text/csv" })
          .end(Buffer.from([0x50, 0x4b, 0x00, 0xff, 0xfe, 0x00])),
      "The feed file could not be read: The file's content is not CSV text",
    ],
    [
      "a page instead of a file",
      "/page.csv",
      (_req: IncomingMessage, res: ServerResponse) =>
        res.writeHead(200, { "content-type": "text/html" }).end("<html>sign in</html>"),
      'The feed answered content type "text/html", not CSV; it was not read',
    ],
  ])(
    "%s: the run fails with a reason staff can read, and no price changes",
    async (_name, path, route, error) => {
      routes.set(path, route);
      await setFeed(path);
      const before = await storedPrices();
      const historyBefore = await historyCount();
      const run = await runNow();
      expect(run.outcome).toBe("failed");
      expect(run.error).toContain(error);
      expect(await storedPrices()).toEqual(before);
      expect(await historyCount()).toBe(historyBefore);
    },
  );

  it("a feed that halves every price: each row held with its run, nothing applied, no alert fired", async () => {
    const before = await storedPrices();
    const [watched] = before as [(typeof before)[0]];
    const alertId = await confirmedAlert(api, {
      medicationId: watched.medicationId,
      medicationName: watched.medication.name,
      dosage: watched.dosage,
      // Any halved price would meet it.
      targetPrice: watched.price,
      currentPrice: watched.price,
    });
    const [outboxBefore] = await api.database.db.select({ n: count() }).from(emailOutbox);
    serve(
      "/halved.csv",
      csv(
        before.map((row) => ({
          medication: row.medication.name,
          dosage: row.dosage,
          price: row.price * 0.45,
        })),
      ),
    );
    await setFeed("/halved.csv");
    const historyBefore = await historyCount();
    const run = await runNow();
    expect(run.counts).toMatchObject({
      read: before.length,
      changed: 0,
      held: before.length,
      triggeredAlerts: 0,
    });
    expect(await storedPrices()).toEqual(before);
    expect(await historyCount()).toBe(historyBefore);
    const [alert] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alertId));
    expect(alert?.status).toBe("active");
    const [outboxAfter] = await api.database.db.select({ n: count() }).from(emailOutbox);
    expect(outboxAfter?.n).toBe(outboxBefore?.n);

    const held = await heldRows();
    expect(held).toHaveLength(before.length);
    expect(held[0]).toMatchObject({
      pharmacyName: PHARMACY_NAME,
      runId: run.id,
      status: "held",
      reasons: ["the price falls by 55 % (more than 50 %)"],
    });
    const first = held.find(
      (row) => row.medicationId === watched.medicationId && row.dosage === watched.dosage,
    );
    expect(first).toMatchObject({ oldPrice: watched.price, newPrice: Math.round(watched.price * 45) / 100 });

    // Staff accept one (through the price-write path: history, the alert fires) and reject another.
    const others = held.filter((row) => row !== first).map((row) => row.id);
    const accepted = await call(adminEndpoints.decideFeedHeldRows, {
      body: { ids: [first?.id], decision: "accept" },
    });
    expect(accepted).toEqual({ status: 200, body: { accepted: 1, rejected: 0, triggeredAlerts: 1 } });
    const [written] = await api.database.db
      .select()
      .from(prices)
      .where(
        and(
          eq(prices.pharmacyId, PHARMACY),
          eq(prices.medicationId, watched.medicationId),
          eq(prices.dosage, watched.dosage),
        ),
      );
    expect(written?.price).toBe(first?.newPrice);
    expect(await historyCount()).toBe(historyBefore + 1);
    const rejected = await call(adminEndpoints.decideFeedHeldRows, {
      body: { ids: others, decision: "reject" },
    });
    expect(rejected.body).toEqual({ accepted: 0, rejected: others.length, triggeredAlerts: 0 });
    expect(await heldRows()).toEqual([]);
    // A row decided once cannot be decided again.
    const again = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.decideFeedHeldRows, { body: { ids: [first?.id], decision: "reject" } }),
      409,
    );
    expect(again.error).toContain("is no longer held (accepted)");
  });

  it("an unchanged feed: every price re-confirmed, no history rows, last updated kept", async () => {
    const before = await storedPrices();
    serve(
      "/unchanged.csv",
      csv(
        before.map((row) => ({
          medication: row.medication.name,
          dosage: row.dosage,
          price: row.price,
          link: row.link ?? "",
          stock: row.inStock ? "yes" : "no",
        })),
      ),
    );
    await setFeed("/unchanged.csv");
    const historyBefore = await historyCount();
    const run = await runNow();
    expect(run.counts).toMatchObject({ changed: 0, confirmed: before.length, held: 0, refused: 0 });
    expect(await historyCount()).toBe(historyBefore);
    const after = await storedPrices();
    expect(after.map((row) => row.lastUpdated)).toEqual(before.map((row) => row.lastUpdated));
    for (const row of after) expect(row).toMatchObject({ lastConfirmed: clock.now(), confirmedBy: "feed" });
  });

  it("holds a link to another site and an unknown medication or dosage; refuses unreadable rows with reasons", async () => {
    const [one] = (await storedPrices()) as [Awaited<ReturnType<typeof storedPrices>>[0]];
    serve(
      "/mixed.csv",
      csv([
        {
          medication: one.medication.name,
          dosage: one.dosage,
          price: one.price,
          link: "https://elsewhere.example/buy",
        },
        { medication: "Unheard-of Pill", dosage: "5mg", price: 9.99 },
        { medication: one.medication.name, dosage: "999mg x 1", price: 9.99 },
        { medication: one.medication.name, dosage: one.dosage, price: "free" },
        { medication: "", dosage: "5mg", price: 1 },
      ]),
    );
    await setFeed("/mixed.csv");
    const run = await runNow();
    expect(run.counts).toMatchObject({
      read: 5,
      changed: 0,
      held: 3,
      refused: 2,
      refusals: [
        { row: 5, reason: 'the price "free" is not an amount in pounds above 0' },
        { row: 6, reason: "no medication" },
      ],
    });
    const reasons = (await heldRows()).map((row) => row.reasons);
    expect(reasons).toEqual([
      ["the link goes to elsewhere.example, not the pharmacy's website"],
      ['"Unheard-of Pill" is not a medication in the catalogue'],
      [`"999mg x 1" is not one of ${one.medication.name}'s dosages`],
    ]);
    const unknown = (await heldRows()).find((row) => row.medicationId === null);
    const refused = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.decideFeedHeldRows, { body: { ids: [unknown?.id], decision: "accept" } }),
      409,
    );
    expect(refused.error).toContain("is not in the catalogue yet");
  });
});

describe("the other formats and sources", () => {
  it("a feed in the price-sheet format (the workbook staff export): only the pharmacy's own rows count, stock is left as stored", async () => {
    const file = await api.app.services.priceSheets.exportXlsx();
    routes.set("/prices.xlsx", (_req, res) =>
      res
        .writeHead(200, {
          "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        })
        .end(file.content),
    );
    await setFeed("/prices.xlsx", { format: "price-sheet" });
    const before = await storedPrices();
    const historyBefore = await historyCount();
    const run = await runNow();
    expect(run.outcome, run.error ?? "").toBe("succeeded");
    expect(run.counts).toMatchObject({ changed: 0, held: 0 });
    expect(run.counts?.confirmed).toBeGreaterThan(0);
    expect(run.counts?.refusals).toContainEqual({
      row: null,
      reason: "prices for Bramblewick Chemist were left out: a feed speaks for its own pharmacy only",
    });
    expect(await historyCount()).toBe(historyBefore);
    const after = await storedPrices();
    expect(after.map((row) => [row.price, row.inStock])).toEqual(
      before.map((row) => [row.price, row.inStock]),
    );
  });

  it("a price sheet applied unchanged re-confirms its prices (by sheet) without history rows", async () => {
    const file = await api.app.services.priceSheets.exportXlsx();
    const preview = await call(adminEndpoints.previewPriceSheet, {
      body: { fileName: "prices.xlsx", content: file.content.toString("base64") },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const historyBefore = await historyCount();
    clock.advance(MINUTE);
    const applied = await call(adminEndpoints.applyPriceSheet, { body: {} });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ written: 0, changed: 0, new: 0 });
    expect(await historyCount()).toBe(historyBefore);
    const confirmed = await api.database.db
      .select({ n: count() })
      .from(prices)
      .where(and(eq(prices.confirmedBy, "sheet"), eq(prices.lastConfirmed, clock.now())));
    expect(confirmed[0]?.n).toBeGreaterThan(0);
  });

  it("staff saving a price unchanged re-confirm it (by staff) without a history row", async () => {
    const [one] = (await storedPrices()) as [Awaited<ReturnType<typeof storedPrices>>[0]];
    const historyBefore = await historyCount();
    clock.advance(MINUTE);
    const res = await call(adminEndpoints.updatePrice, {
      params: { id: one.id },
      body: { price: one.price },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await historyCount()).toBe(historyBefore);
    const [after] = await api.database.db.select().from(prices).where(eq(prices.id, one.id));
    expect(after).toMatchObject({
      lastConfirmed: clock.now(),
      confirmedBy: "staff",
      lastUpdated: one.lastUpdated,
    });
  });
});

describe("fetching under the production address rule", () => {
  const production = {
    allowHttp: true,
    allowPrivateAddresses: false,
    timeoutMs: 2000,
    maxBytes: 1024 * 1024,
  };

  it("refuses a redirect to 127.0.0.1 or localhost, and a name resolving to loopback, without connecting", async () => {
    // 127.0.0.2 stands in for the pharmacy's public server; the redirect's target is checked as production would.
    const publicServer = createServer((req, res) => {
      const to =
        req.url === "/by-name" ? `http://localhost:${port}/secret` : `http://127.0.0.1:${port}/secret`;
      res.writeHead(302, { location: to }).end();
    });
    publicServer.listen(0, "127.0.0.2");
    await once(publicServer, "listening");
    const { port } = server.address() as AddressInfo;
    const hop = `http://127.0.0.2:${(publicServer.address() as AddressInfo).port}`;
    let secretAsked = false;
    routes.set("/secret", (_req, res) => {
      secretAsked = true;
      res.writeHead(200, { "content-type": "text/csv" }).end("medication,dosage,price\n");
    });
    try {
      await expect(
        fetchFeed({ url: `${hop}/by-ip` }, { ...production, treatAsPublic: ["127.0.0.2"] }),
      ).rejects.toThrow(
        "The feed redirected to an address that must not be on a private, loopback or link-local network",
      );
      await expect(
        fetchFeed({ url: `${hop}/by-name` }, { ...production, treatAsPublic: ["127.0.0.2"] }),
      ).rejects.toThrow(
        "The feed redirected to an address that must not be on a private, loopback or link-local network",
      );
      // A name that resolves to loopback is refused by the socket's own lookup, before any connection.
      const looked = await new Promise<Error | null>((resolve) =>
        guardedLookup({ ...production, treatAsPublic: ["127.0.0.2"] })("localhost", { all: true }, (error) =>
          resolve(error),
        ),
      );
      expect(looked?.message).toBe(
        "The feed's address localhost is on a private, loopback or link-local network; it was not fetched",
      );
      expect(secretAsked).toBe(false);
      // And as a run: recorded as failed, nothing applied.
      const feeds = createFeedService(api.database.db, {
        settings: {
          allowInsecure: false,
          userAgent: "PharmaCompare price feed (+https://prices.example.org)",
          timeoutMs: 2000,
          maxBytes: 1024 * 1024,
          holdFallPercent: 50,
          holdRisePercent: 100,
        },
        now: clock.now,
        secretBox: testSecretBox(),
        prices: api.app.services.prices,
        categories: api.app.services.categories,
        audit: api.app.services.audit,
        outbox: api.app.services.outbox,
        policy: { allowHttp: true, treatAsPublic: ["127.0.0.2"] },
      });
      await setFeed("/unused.csv");
      await api.database.db
        .update(pharmacyFeeds)
        .set({ url: `${hop}/by-ip` })
        .where(eq(pharmacyFeeds.pharmacyId, PHARMACY));
      const scheduler = createJobScheduler(api.database.db, {
        now: clock.now,
        log: { info() {}, warn() {}, error() {} } as never,
        jobs: [],
        moreJobs: feeds.jobs,
      });
      clock.advance(MINUTE);
      const result = await scheduler.runNow(feeds.feedJobName(PHARMACY));
      expect(result.outcome).toBe("failed");
      expect(String(result.summary.error)).toContain(
        "must not be on a private, loopback or link-local network",
      );
      expect(secretAsked).toBe(false);
    } finally {
      publicServer.close();
    }
  });

  it("refuses more than three redirects", async () => {
    routes.set("/loop", (_req, res) => res.writeHead(302, { location: "/loop" }).end());
    await expect(
      fetchFeed(
        { url: `${base}/loop` },
        { allowHttp: true, allowPrivateAddresses: true, timeoutMs: 2000, maxBytes: 1024 },
      ),
    ).rejects.toThrow("The feed redirected more than 3 times; it was not followed");
  });
});

describe("feeds on the scheduler", () => {
  it("a due feed runs once across two processes (the lease), and its run is recorded", async () => {
    const before = await storedPrices();
    serve(
      "/scheduled.csv",
      csv(
        before.map((row) => ({
          medication: row.medication.name,
          dosage: row.dosage,
          price: row.price,
          stock: row.inStock ? "yes" : "no",
        })),
      ),
    );
    const feed = (await setFeed("/scheduled.csv")) as { nextRunAt: string };
    const other = await api.another();
    const log = { info() {}, warn() {}, error() {} } as never;
    const first = createJobScheduler(api.database.db, {
      now: clock.now,
      log,
      jobs: [],
      moreJobs: api.app.services.feeds.jobs,
      holder: "first",
    });
    const second = createJobScheduler(other.database.db, {
      now: clock.now,
      log,
      jobs: [],
      moreJobs: other.services.feeds.jobs,
      holder: "second",
    });
    // `npm run jobs:run -- feed:<pharmacy>` finds it by this name.
    expect(await first.names()).toContain(`feed:${PHARMACY}`);
    received.length = 0;

    // The Feeds screen and the scheduler agree (issue 41): a feed just set runs at the next run
    // the screen shows, not at the tick after it was saved for a moment earlier today.
    let staff = call;
    const listed = async () => {
      const res = await staff(adminEndpoints.listFeeds, { query: { search: PHARMACY_NAME } });
      expect(res.status).toBe(200);
      const rows = (res.body as { feeds: { pharmacyId: string; nextRunAt: string | null }[] }).feeds;
      return rows.find((row) => row.pharmacyId === PHARMACY)?.nextRunAt;
    };
    expect(await listed()).toBe(feed.nextRunAt);
    const nextRun = Date.parse(feed.nextRunAt);
    expect(nextRun).toBeGreaterThan(clock.now().getTime());
    clock.advance(MINUTE);
    const early = [...(await first.tick()), ...(await second.tick())];
    expect(early.filter((result) => result.job === `feed:${PHARMACY}`)).toEqual([]);
    expect(received).toHaveLength(0);
    expect(await listed()).toBe(feed.nextRunAt);

    clock.advance(nextRun - clock.now().getTime());
    const [a, b] = await Promise.all([first.tick(), second.tick()]);
    const feedRuns = [...a, ...b].filter((result) => result.job === `feed:${PHARMACY}`);
    expect(feedRuns).toHaveLength(1);
    expect(feedRuns[0]).toMatchObject({ outcome: "succeeded", summary: { confirmed: before.length } });
    expect(received.filter((req) => req.url === "/scheduled.csv")).toHaveLength(1);
    // The same slot is not run again; the screen moves on to the next one (signed in again:
    // the clock moved past the session's life).
    staff = await catalogueCaller(api);
    expect((await first.tick()).filter((result) => result.job === `feed:${PHARMACY}`)).toEqual([]);
    expect(Date.parse((await listed()) ?? "")).toBe(nextRun + 24 * 60 * MINUTE);
  });
});
