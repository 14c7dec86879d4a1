import {
  dailyLowestCsv,
  monthFigure,
  PriceIndexConditionAnswer,
  PriceIndexDailyLowest,
  PriceIndexMonthAnswer,
  priceIndexCsv,
  publicEndpoints,
} from "@pharmacompare/contract";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceHistory, priceIndexMonths, prices } from "../src/db/schema.ts";
import {
  computeIndexMonth,
  PRICE_INDEX_JOB,
  priceIndexJob,
  readDailyLowest,
  readIndexMonth,
  readIndexMonths,
} from "../src/modules/price-index/index.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/*
 * The monthly UK price index (issue 45, decision 061) on a fixed history: the job writes the
 * expected rows, a re-run (and a run cut short, then run again) writes the same rows, the month's
 * API answer carries the changes, and the downloads agree with what the page reads. The API's
 * clock is in August 2031; every other history row of the seeded database is removed, so the
 * history starts in July 2030.
 */
const NOW = new Date("2031-08-05T12:00:00Z");
const MEDICATION = "tadalafil";
const DOSAGE = "5mg x 28 tablets";
const KESTREL = "kestrel-lane-pharmacy";
const BRAMBLEWICK = "bramblewick-chemist";
const HARBOURLIGHT = "harbourlight-meds";

type Row = { pharmacyId: string; price: number; inStock?: boolean; at: string };
const history: Row[] = [
  // A year earlier: 30.00 all July 2030, carried forward until June 2031.
  { pharmacyId: KESTREL, price: 30, at: "2030-07-01T08:00:00Z" },
  // June 2031: 25.00 for 15 days, then 24.00 at Bramblewick for 15: an even count, median 24.50.
  { pharmacyId: KESTREL, price: 25, at: "2031-06-01T08:00:00Z" },
  { pharmacyId: BRAMBLEWICK, price: 24, at: "2031-06-16T09:00:00Z" },
  // July 2031: Bramblewick out of stock; 25.00 × 9 days, 26.00 × 11, then 23.00 × 11 (from 21 July,
  // UK time): an odd count, median 25.00.
  { pharmacyId: BRAMBLEWICK, price: 24, inStock: false, at: "2031-07-01T08:00:00Z" },
  { pharmacyId: KESTREL, price: 26, at: "2031-07-10T10:00:00Z" },
  { pharmacyId: HARBOURLIGHT, price: 23, at: "2031-07-20T23:30:00Z" },
];

let api: TestApi;
/** The API's clock: each run asked for gets a minute of its own (a manual run's slot is its moment). */
let clock = NOW;
const runIndex = () => {
  clock = new Date(clock.getTime() + 60_000);
  return api.app.services.jobs.runNow(PRICE_INDEX_JOB);
};

beforeAll(async () => {
  api = await createTestApi({}, { now: () => clock });
  const { db } = api.database;
  await db.delete(priceHistory);
  await db.delete(prices).where(and(eq(prices.medicationId, MEDICATION), eq(prices.dosage, DOSAGE)));
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
    [KESTREL, BRAMBLEWICK, HARBOURLIGHT].map((pharmacyId) => {
      const last = history.filter((row) => row.pharmacyId === pharmacyId).at(-1) as Row;
      return {
        medicationId: MEDICATION,
        dosage: DOSAGE,
        pharmacyId,
        price: last.price,
        inStock: last.inStock ?? true,
        lastUpdated: new Date(last.at),
      };
    }),
  );
});
afterAll(async () => {
  await api?.close();
});

async function storedRows() {
  const rows = await api.database.db
    .select()
    .from(priceIndexMonths)
    .orderBy(asc(priceIndexMonths.month), asc(priceIndexMonths.medicationId), asc(priceIndexMonths.dosage));
  return rows.map(({ computedAt: _computedAt, ...row }) => row);
}

async function monthAnswer(month: string) {
  const { status, body } = await api.get(urlOf(publicEndpoints.priceIndexMonth, { params: { month } }));
  expect(status).toBe(200);
  return PriceIndexMonthAnswer.parse(body);
}

describe("the price index job", () => {
  it("writes each month from the history's start to the last complete one", async () => {
    const result = await runIndex();
    expect(result.outcome).toBe("succeeded");
    expect(result.summary).toMatchObject({ months: 13, latest: "2031-07" });
    const rows = await storedRows();
    expect(rows.map((row) => row.month)).toEqual([
      "2030-07-01",
      "2030-08-01",
      "2030-09-01",
      "2030-10-01",
      "2030-11-01",
      "2030-12-01",
      "2031-01-01",
      "2031-02-01",
      "2031-03-01",
      "2031-04-01",
      "2031-05-01",
      "2031-06-01",
      "2031-07-01",
    ]);
    const subcategoryId = rows[0]?.subcategoryId;
    expect(rows.find((row) => row.month === "2030-07-01")).toEqual({
      month: "2030-07-01",
      medicationId: MEDICATION,
      dosage: DOSAGE,
      subcategoryId,
      medianLowest: 30,
      days: 31,
      pharmacies: 1,
    });
    expect(rows.find((row) => row.month === "2031-06-01")).toMatchObject({
      medianLowest: 24.5,
      days: 30,
      pharmacies: 2,
    });
    expect(rows.find((row) => row.month === "2031-07-01")).toMatchObject({
      medianLowest: 25,
      days: 31,
      pharmacies: 2,
    });
  });

  it("writes the same rows when run again, and after a run cut short between months", async () => {
    const before = await storedRows();
    expect((await runIndex()).outcome).toBe("succeeded");
    expect(await storedRows()).toEqual(before);

    // A run that dies after its first month (as a SIGKILL would, faults/scenarios): that month is
    // whole, the rest as they were; the next run leaves every month as a full run does.
    const { db } = api.database;
    await db.delete(priceIndexMonths);
    const dying = priceIndexJob(db, {
      now: () => NOW,
      monthWritten: () => {
        throw new Error("killed");
      },
    });
    await expect(dying.run({ runId: "x", scheduledFor: NOW, renew: async () => true })).rejects.toThrow();
    expect((await storedRows()).map((row) => row.month)).toEqual(["2030-07-01"]);
    expect((await runIndex()).outcome).toBe("succeeded");
    expect(await storedRows()).toEqual(before);
  });

  it("computes a month with no prices as no rows, and replaces a month whole", async () => {
    const { db } = api.database;
    expect(await computeIndexMonth(db, "2029-01", { now: () => NOW })).toBe(0);
    await db
      .update(priceIndexMonths)
      .set({ medianLowest: 99 })
      .where(eq(priceIndexMonths.month, "2031-07-01"));
    expect(await computeIndexMonth(db, "2031-07", { now: () => NOW })).toBe(1);
    expect((await monthAnswer("2031-07")).rows[0]?.medianLowest).toBe(25);
  });
});

describe("the index's API and downloads", () => {
  it("answers a month with its changes on the previous month and last year, under CC BY 4.0", async () => {
    const answer = await monthAnswer("2031-07");
    expect(answer).toMatchObject({ licence: "CC BY 4.0", month: "2031-07" });
    expect(answer.rows).toEqual([
      expect.objectContaining({
        medicationId: MEDICATION,
        dosage: DOSAGE,
        medianLowest: 25,
        days: 31,
        pharmacies: 2,
        previousMonth: { pence: 50, percent: 2 },
        lastYear: { pence: -500, percent: -16.7 },
      }),
    ]);
    // The first month has nothing to compare with.
    expect((await monthAnswer("2030-07")).rows[0]).toMatchObject({ previousMonth: null, lastYear: null });
    const archive = await api.get(urlOf(publicEndpoints.priceIndexArchive));
    expect((archive.body as { months: { month: string }[] }).months[0]).toEqual({
      month: "2031-07",
      rows: 1,
    });
  });

  it("answers 404 for a month not computed and 400 for one that is not a month", async () => {
    expect(
      (await api.get(urlOf(publicEndpoints.priceIndexMonth, { params: { month: "2031-08" } }))).status,
    ).toBe(404);
    expect((await api.get("/api/price-index/2031-13")).status).toBe(400);
    expect((await api.get("/api/price-index/2031-07/daily-lowest/../x")).status).toBe(404);
  });

  it("the daily lowest download reproduces the month's figures, and the CSVs hold the same", async () => {
    const answer = await monthAnswer("2031-07");
    const daily = await api.get(
      urlOf(publicEndpoints.priceIndexDailyLowest, { params: { month: "2031-07" } }),
    );
    expect(daily.status).toBe(200);
    const file = PriceIndexDailyLowest.parse(daily.body);
    expect(Object.keys(daily.body as object)[0]).toBe("licence");
    expect(file.rows).toHaveLength(31);
    for (const row of answer.rows) {
      const own = file.rows.filter(
        (day) => day.medicationId === row.medicationId && day.dosage === row.dosage,
      );
      const figure = monthFigure(
        own.map((day) => ({ date: day.date, lowest: day.lowest, pharmacies: day.pharmacies })),
      );
      expect(figure).toEqual({ medianLowest: row.medianLowest, days: row.days, pharmacies: row.pharmacies });
    }
    const csv = priceIndexCsv(answer).split("\r\n");
    expect(csv[0]).toMatch(/^# UK price index, July 2031 .*licensed CC BY 4\.0/);
    expect(csv[2]).toBe(
      `2031-07,${answer.conditions[0]?.name},${MEDICATION},${answer.rows[0]?.medicationName},${DOSAGE},25.00,31,2,50,2.0,-500,-16.7`,
    );
    const dailyCsv = dailyLowestCsv(file).split("\r\n");
    expect(dailyCsv[0]).toContain("CC BY 4.0");
    expect(dailyCsv[2]).toBe(`2031-07-01,${MEDICATION},${DOSAGE},25.00,1`);
    expect(dailyCsv).toContain(`2031-07-21,${MEDICATION},${DOSAGE},23.00,2`);
  });

  it("answers a condition's rows and its chained index over the months", async () => {
    const answer = await monthAnswer("2031-07");
    const subcategoryId = answer.rows[0]?.subcategoryId as string;
    const { status, body } = await api.get(
      urlOf(publicEndpoints.priceIndexCondition, { params: { month: "2031-07", subcategoryId } }),
    );
    expect(status).toBe(200);
    const condition = PriceIndexConditionAnswer.parse(body);
    expect(condition.rows).toEqual(answer.rows);
    expect(condition.series[0]).toEqual({ month: "2030-07", index: 100 });
    // 30.00 → 24.50 → 25.00: 100 × 24.5/30 × 25/24.5 = 83.3.
    expect(condition.series.at(-1)).toEqual({ month: "2031-07", index: 83.3 });
    const none = await api.get(
      urlOf(publicEndpoints.priceIndexCondition, { params: { month: "2031-07", subcategoryId: "nothing" } }),
    );
    expect(none.status).toBe(404);
  });

  it("exports the reads the open API serves: the same figures as the pages and downloads", async () => {
    const { db } = api.database;
    expect(await readIndexMonth(db, "2031-07")).toEqual(await monthAnswer("2031-07"));
    expect((await readIndexMonths(db)).months).toHaveLength(13);
    expect(
      await readDailyLowest(db, {
        medicationId: MEDICATION,
        dosage: DOSAGE,
        from: "2031-07-20",
        to: "2031-07-21",
      }),
    ).toEqual([
      { date: "2031-07-20", medicationId: MEDICATION, dosage: DOSAGE, lowest: 26, pharmacies: 1 },
      { date: "2031-07-21", medicationId: MEDICATION, dosage: DOSAGE, lowest: 23, pharmacies: 2 },
    ]);
  });
});
