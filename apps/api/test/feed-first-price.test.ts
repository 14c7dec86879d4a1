import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { addDays, adminEndpoints, type FeedHeldRow, type FeedRun, londonDay } from "@pharmacompare/contract";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { medications, priceAlerts, prices } from "../src/db/schema.ts";
import { londonInstant } from "../src/jobs/schedule.ts";
import { MINUTE, testClock } from "./admin-helpers.ts";
import { catalogueCaller, confirmedAlert } from "./catalogue-helpers.ts";
import { createSmtpSink } from "./smtp-sink.ts";
import { confirmedSubscribers } from "./subscribers.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * A feed's first price for a medication and dosage is checked too (issue 42): the hold rule used to
 * compare a row only with the pharmacy's own stored price, so a first price of £0.01 became the
 * lowest, fired every alert on the pair and made the day's price drops. End to end: a loopback
 * feed server over real HTTP, a confirmed alert and a subscriber, the outbox delivering to a real
 * SMTP server, and the price-drops job.
 */
const sink = createSmtpSink();
const clock = testClock({ frozen: true });
let api: TestApi;
let call: Awaited<ReturnType<typeof catalogueCaller>>;
let server: Server;
let base: string;
let body = "";

const PHARMACY = "kestrel-lane-pharmacy";

beforeAll(async () => {
  await sink.start();
  // Noon in London two days on: the demo's own history is outside the price-drops window.
  const noon = londonInstant(addDays(londonDay(clock.now()), 2), 12, 0);
  clock.advance(noon.getTime() - clock.now().getTime());
  api = await createTestApi(
    { SMTP_URL: sink.url, FEEDS_ALLOW_INSECURE: "true", WRITE_RATE_LIMIT: "1000" },
    { now: clock.now },
  );
  call = await catalogueCaller(api);
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/csv; charset=utf-8" }).end(body);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await api?.close();
  await sink.stop();
});

/** A pair the pharmacy prices that other pharmacies price too: its own price is removed, so the feed's is a first. */
async function unpricedPair() {
  const own = await api.database.db
    .select({ medicationId: prices.medicationId, dosage: prices.dosage, name: medications.name })
    .from(prices)
    .innerJoin(medications, eq(medications.id, prices.medicationId))
    .where(eq(prices.pharmacyId, PHARMACY));
  for (const pair of own) {
    const [other] = await api.database.db
      .select({ id: prices.id })
      .from(prices)
      .where(
        and(
          eq(prices.medicationId, pair.medicationId),
          eq(prices.dosage, pair.dosage),
          ne(prices.pharmacyId, PHARMACY),
        ),
      );
    if (!other) continue;
    await api.database.db.transaction((tx) =>
      api.app.services.prices.write(tx, { ...pair, pharmacyId: PHARMACY, remove: true }, clock.now()),
    );
    const lowest = await api.app.services.prices.lowest(pair.medicationId, pair.dosage);
    if (lowest) return { ...pair, lowest: lowest.price };
  }
  throw new Error("no pair priced by another pharmacy");
}

async function runFeed(medication: string, dosage: string, price: number): Promise<FeedRun> {
  body = `medication,dosage,price\n${medication},${dosage},${price.toFixed(2)}\n`;
  clock.advance(MINUTE);
  const res = await call(adminEndpoints.runPharmacyFeed, { params: { id: PHARMACY } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as FeedRun;
}

async function ownPrice(pair: { medicationId: string; dosage: string }) {
  const [row] = await api.database.db
    .select({ price: prices.price })
    .from(prices)
    .where(
      and(
        eq(prices.pharmacyId, PHARMACY),
        eq(prices.medicationId, pair.medicationId),
        eq(prices.dosage, pair.dosage),
      ),
    );
  return row?.price;
}

describe("a feed's first price for a medication and dosage", () => {
  it("£0.01 far below the lowest is held for review: no price, no alert email, no price drops", async () => {
    const pair = await unpricedPair();
    const alertId = await confirmedAlert(api, {
      medicationId: pair.medicationId,
      medicationName: pair.name,
      dosage: pair.dosage,
      targetPrice: Math.round(pair.lowest * 50) / 100,
      currentPrice: pair.lowest,
    });
    await confirmedSubscribers(() => api, clock.now)("first-price@example.co.uk");
    const set = await call(adminEndpoints.setPharmacyFeed, {
      params: { id: PHARMACY },
      body: { url: `${base}/prices.csv`, format: "flat-csv" },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await api.app.services.outbox.deliverDue();
    const mailBefore = sink.received.length;

    const run = await runFeed(pair.name, pair.dosage, 0.01);
    expect(run.counts).toMatchObject({ read: 1, changed: 0, held: 1, triggeredAlerts: 0 });
    expect(await ownPrice(pair)).toBeUndefined();
    expect((await api.app.services.prices.lowest(pair.medicationId, pair.dosage))?.price).toBe(pair.lowest);

    // Staff see it in the review queue, saying why in words.
    const queue = await call(adminEndpoints.listFeedHeldRows, { query: { pharmacyId: PHARMACY } });
    const [held] = (queue.body as { rows: FeedHeldRow[] }).rows;
    expect(held).toMatchObject({ oldPrice: null, newPrice: 0.01, status: "held" });
    expect(held?.reasons).toHaveLength(1);
    expect(held?.reasons[0]).toMatch(
      /^first price, far below the lowest: £0\.01 is \d+ % below the lowest price listed now, £\d+\.\d\d \(more than 50 %\)$/,
    );

    // Nothing reaches anyone: the alert waits, no email goes out, the day has no price drop.
    const [alert] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alertId));
    expect(alert?.status).toBe("active");
    clock.advance(MINUTE);
    expect(await api.app.services.jobs.runNow("priceDrops")).toMatchObject({
      outcome: "succeeded",
      summary: { falls: 0, queued: 0 },
    });
    await api.app.services.outbox.deliverDue();
    expect(sink.received.slice(mailBefore)).toEqual([]);
  });

  it("a sensible first price is applied", async () => {
    const pair = await unpricedPair();
    const sensible = Math.round(pair.lowest * 110) / 100;
    const run = await runFeed(pair.name, pair.dosage, sensible);
    expect(run.counts).toMatchObject({ read: 1, changed: 1, held: 0 });
    expect(await ownPrice(pair)).toBe(sensible);
  });

  it("a feed holding thousands of rows keeps them all (more values than one statement may bind)", async () => {
    // 5,000 held rows × their columns pass PostgreSQL's 65,535 parameters per statement (issue 46's
    // bench found a large feed failing so): every row is held, the run succeeds.
    const rows = Array.from(
      { length: 5000 },
      (_, i) => `Unlisted Remedy ${i},10mg,${(5 + i / 1000).toFixed(2)}`,
    );
    body = `medication,dosage,price\n${rows.join("\n")}\n`;
    clock.advance(MINUTE);
    const res = await call(adminEndpoints.runPharmacyFeed, { params: { id: PHARMACY } });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect((res.body as FeedRun).counts).toMatchObject({ read: 5000, changed: 0, held: 5000 });
    const queue = await call(adminEndpoints.listFeedHeldRows, { query: { pharmacyId: PHARMACY } });
    expect((queue.body as { total: number }).total).toBe(5000);
  });
});
