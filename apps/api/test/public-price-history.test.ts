import { ErrorBody, Price, PriceHistory, publicEndpoints } from "@pharmacompare/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceHistory, prices } from "../src/db/schema.ts";
import { confirmAllPrices, createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * GET /api/prices/history/{medicationId}: the daily lowest and each pharmacy's daily price, from
 * history rows this file writes itself. The API's clock is fixed (UK summer time, BST), so the
 * expectations hold whenever the suite runs; the seeded demo history is weeks before it.
 */
const NOW = new Date("2031-06-20T12:00:00Z");
const MEDICATION = "tadalafil";
const DOSAGE = "5mg x 28 tablets";

const KESTREL = "kestrel-lane-pharmacy"; // "Kestrel Lane Pharmacy"
const BRAMBLEWICK = "bramblewick-chemist"; // "Bramblewick Chemist"
const HARBOURLIGHT = "harbourlight-meds"; // "Harbourlight Meds"
const FERNQUILL = "fernquill-pharmacy"; // made inactive in one test
const COPPERWREN = "copperwren-dispensary"; // has history but no current price

let api: TestApi;

type Row = { pharmacyId: string; price: number; inStock?: boolean; at: string };
const history: Row[] = [
  { pharmacyId: KESTREL, price: 40, at: "2031-04-01T09:00:00Z" },
  { pharmacyId: KESTREL, price: 30, at: "2031-05-01T09:00:00Z" }, // before the 10-day window, carried in
  { pharmacyId: KESTREL, price: 28, at: "2031-06-14T08:00:00Z" },
  { pharmacyId: KESTREL, price: 27, at: "2031-06-14T17:00:00Z" }, // the day's last price wins
  { pharmacyId: BRAMBLEWICK, price: 25, at: "2031-06-10T23:30:00Z" }, // 00:30 on 11 June in London
  { pharmacyId: BRAMBLEWICK, price: 24, inStock: false, at: "2031-06-15T23:30:00Z" }, // 16 June, UK time
  { pharmacyId: BRAMBLEWICK, price: 26, at: "2031-06-18T10:00:00Z" },
  { pharmacyId: HARBOURLIGHT, price: 29, at: "2031-06-15T09:00:00Z" },
  { pharmacyId: HARBOURLIGHT, price: 5, at: "2031-06-25T09:00:00Z" }, // after "now": not yet
  { pharmacyId: FERNQUILL, price: 10, at: "2031-06-12T09:00:00Z" },
  { pharmacyId: COPPERWREN, price: 9, at: "2031-06-12T09:00:00Z" },
];
/** The prices table as the write path leaves it: each listing pharmacy's latest price. */
const current: Row[] = [
  { pharmacyId: KESTREL, price: 27, at: "2031-06-14T17:00:00Z" },
  { pharmacyId: BRAMBLEWICK, price: 26, at: "2031-06-18T10:00:00Z" },
  { pharmacyId: HARBOURLIGHT, price: 29, at: "2031-06-15T09:00:00Z" },
  { pharmacyId: FERNQUILL, price: 10, at: "2031-06-12T09:00:00Z" },
];

beforeAll(async () => {
  api = await createTestApi({}, { now: () => NOW });
  const { db } = api.database;
  const mine = (table: typeof prices | typeof priceHistory) =>
    and(eq(table.medicationId, MEDICATION), eq(table.dosage, DOSAGE));
  await db.delete(prices).where(mine(prices));
  await db.delete(priceHistory).where(mine(priceHistory));
  await db.insert(priceHistory).values(
    history.map((row) => ({
      medicationId: MEDICATION,
      dosage: DOSAGE,
      pharmacyId: row.pharmacyId,
      price: row.price,
      inStock: row.inStock ?? true,
      recordedAt: new Date(row.at),
    })),
  );
  await db.insert(prices).values(
    current.map((row) => ({
      medicationId: MEDICATION,
      dosage: DOSAGE,
      pharmacyId: row.pharmacyId,
      price: row.price,
      inStock: row.inStock ?? true,
      lastUpdated: new Date(row.at),
    })),
  );
  await db.execute(`update pharmacies set active = false where id = '${FERNQUILL}'`);
  // The API's day is in 2031: every price confirmed that day, as its feeds would (decision 048).
  await confirmAllPrices(api, NOW);
});
afterAll(async () => {
  await api?.close();
});

async function history10(query: { dosage?: string; days?: unknown } = { dosage: DOSAGE, days: 10 }) {
  const url = urlOf(publicEndpoints.priceHistory, {
    params: { medicationId: MEDICATION },
    query: query as { dosage: string; days?: number },
  });
  return api.get(url);
}

async function ok(days = 10) {
  const { status, body } = await history10({ dosage: DOSAGE, days });
  expect(status, JSON.stringify(body)).toBe(200);
  return PriceHistory.parse(body);
}

const dates = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `2031-06-${String(from + index).padStart(2, "0")}`);

describe("GET /api/prices/history/{medicationId}", () => {
  it("answers each day's price per pharmacy, carried forward, in UK days, pharmacies by name", async () => {
    const answer = await ok();
    expect(answer).toMatchObject({
      medicationId: MEDICATION,
      dosage: DOSAGE,
      days: 10,
      from: "2031-06-11",
      to: "2031-06-20",
    });
    const byId = Object.fromEntries(answer.pharmacies.map((entry) => [entry.pharmacyId, entry]));
    // Inactive Fernquill and Copperwren (no current price) never appear.
    expect(answer.pharmacies.map((entry) => entry.name)).toEqual([
      "Bramblewick Chemist",
      "Harbourlight Meds",
      "Kestrel Lane Pharmacy",
    ]);

    const series = (id: string) => byId[id]?.points.map(({ date, price, inStock }) => [date, price, inStock]);
    expect(series(KESTREL)).toEqual(dates(11, 20).map((date) => [date, date < "2031-06-14" ? 30 : 27, true]));
    expect(series(BRAMBLEWICK)).toEqual(
      dates(11, 20).map((date) => {
        if (date < "2031-06-16") return [date, 25, true];
        if (date < "2031-06-18") return [date, 24, false];
        return [date, 26, true];
      }),
    );
    // Nothing before its first price; the row recorded after "now" is not used.
    expect(series(HARBOURLIGHT)).toEqual(dates(15, 20).map((date) => [date, 29, true]));
  });

  it("answers the daily lowest of the in-stock prices only", async () => {
    const { lowest } = await ok();
    expect(lowest).toEqual([
      ...dates(11, 15).map((date) => ({ date, price: 25 })),
      // Bramblewick's £24 is out of stock: Kestrel's £27 is the lowest a visitor could buy.
      ...dates(16, 17).map((date) => ({ date, price: 27 })),
      ...dates(18, 20).map((date) => ({ date, price: 26 })),
    ]);
  });

  it("counts an inactive pharmacy again once it is active", async () => {
    await api.withSql(
      `update pharmacies set active = true where id = '${FERNQUILL}'`,
      `update pharmacies set active = false where id = '${FERNQUILL}'`,
      async () => {
        const answer = await ok();
        expect(answer.pharmacies.map((entry) => entry.pharmacyId)).toContain(FERNQUILL);
        expect(answer.lowest.map((point) => point.price)).toEqual([25, ...Array(9).fill(10)]);
      },
    );
  });

  it("reaches back 90 days by default, carrying in the last price from before", async () => {
    const { status, body } = await history10({ dosage: DOSAGE });
    expect(status).toBe(200);
    const answer = PriceHistory.parse(body);
    expect(answer).toMatchObject({ days: 90, from: "2031-03-23", to: "2031-06-20" });
    // Nothing is known before Kestrel's first price on 1 April.
    expect(answer.lowest[0]).toEqual({ date: "2031-04-01", price: 40 });
    expect(answer.lowest.find((point) => point.date === "2031-05-01")).toEqual({
      date: "2031-05-01",
      price: 30,
    });
    const kestrel = answer.pharmacies.find((entry) => entry.pharmacyId === KESTREL);
    expect(kestrel?.points).toHaveLength(30 + 31 + 20);

    // One day: today only, whatever came before.
    expect((await ok(1)).lowest).toEqual([{ date: "2031-06-20", price: 26 }]);
  });

  it("ends on today's price after a price write, which the comparison agrees with", async () => {
    await api.database.db.transaction((tx) =>
      api.app.services.prices.write(tx, {
        medicationId: MEDICATION,
        pharmacyId: HARBOURLIGHT,
        dosage: DOSAGE,
        price: 22.5,
      }),
    );
    const answer = await ok();
    expect(answer.lowest.at(-1)).toEqual({ date: "2031-06-20", price: 22.5 });
    expect(answer.lowest.at(-2)).toEqual({ date: "2031-06-19", price: 26 });
    const lowest = await api.get(
      urlOf(publicEndpoints.lowestPrice, { params: { id: MEDICATION }, query: { dosage: DOSAGE } }),
    );
    expect(Price.parse(lowest.body).price).toBe(22.5);
  });

  it("agrees with the comparison today for the seeded demo history", async () => {
    const dosage = "50mg x 4 tablets";
    const { status, body } = await api.get(
      urlOf(publicEndpoints.priceHistory, { params: { medicationId: "viagra" }, query: { dosage } }),
    );
    expect(status).toBe(200);
    const answer = PriceHistory.parse(body);
    const listed = await api.get(
      urlOf(publicEndpoints.listPricesForMedication, { params: { id: "viagra" }, query: { dosage } }),
    );
    const rows = Price.array().parse(listed.body);
    expect(answer.pharmacies.map((entry) => entry.pharmacyId).sort()).toEqual(
      rows.map((row) => row.pharmacyId).sort(),
    );
    const lowest = Price.parse(
      (await api.get(urlOf(publicEndpoints.lowestPrice, { params: { id: "viagra" }, query: { dosage } })))
        .body,
    );
    expect(answer.lowest.at(-1)).toEqual({ date: "2031-06-20", price: lowest.price });
  });
});

describe("GET /api/prices/history/{medicationId} refusals", () => {
  it.each([
    [{ days: 10 }, "dosage"],
    [{ dosage: "1kg", days: 10 }, "dosage"],
    [{ dosage: DOSAGE, days: 0 }, "days"],
    [{ dosage: DOSAGE, days: 91 }, "days"],
    [{ dosage: DOSAGE, days: 2.5 }, "days"],
    [{ dosage: DOSAGE, days: "week" }, "days"],
  ])("answers 400 naming the field for %j", async (query, field) => {
    const { status, body } = await history10(query);
    expect(status).toBe(400);
    const refusal = ErrorBody.parse(body);
    expect(refusal.error).toContain(field);
    expect(Object.keys(refusal.fields ?? {})).toEqual([field]);
  });

  it("answers 404 for an unknown or hidden medication", async () => {
    const url = (medicationId: string) =>
      urlOf(publicEndpoints.priceHistory, { params: { medicationId }, query: { dosage: DOSAGE } });
    const unknown = await api.get(url("no-such-medication"));
    expect(unknown.status).toBe(404);
    expect(ErrorBody.parse(unknown.body).error).toBe('Medication "no-such-medication" not found');
    await api.withSql(
      `update medications set active = false where id = '${MEDICATION}'`,
      `update medications set active = true where id = '${MEDICATION}'`,
      async () => {
        expect((await api.get(url(MEDICATION))).status).toBe(404);
      },
    );
  });
});
