import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  AdminPrice,
  adminEndpoints,
  ConditionPage,
  type FeedHeldRow,
  type FeedRun,
  MedicationComparison,
  PriceSheetPreview,
  publicEndpoints,
} from "@pharmacompare/contract";
import { and, asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { medications, pharmacies, priceAlerts, prices } from "../src/db/schema.ts";
import { MINUTE, testClock } from "./admin-helpers.ts";
import { catalogueCaller, confirmedAlert, expectRefusedUnchanged } from "./catalogue-helpers.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * First-order and ongoing prices told apart (issue 44, decision 057), end to end over HTTP on a
 * real database: the back-office's price form, price sheets and feeds read and write the
 * introductory price and refuse a pair the database would, beside the field and by row; the public
 * comparison carries both prices and its view; alerts watch the ongoing price only.
 */
const clock = testClock({ frozen: true });
let api: TestApi;
let call: Awaited<ReturnType<typeof catalogueCaller>>;
let server: Server;
let base: string;
const files = new Map<string, string>();

beforeAll(async () => {
  api = await createTestApi({ FEEDS_ALLOW_INSECURE: "true", FEED_TIMEOUT_SECONDS: "1" }, { now: clock.now });
  call = await catalogueCaller(api);
  server = createServer((req, res) => {
    const body = files.get(new URL(req.url ?? "/", "http://feed").pathname);
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { "content-type": "text/csv; charset=utf-8" }).end(body);
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

/** Every stored price of a medication, one dosage, cheapest first. */
async function rowsOf(medicationId: string, dosage: string) {
  return api.database.db
    .select()
    .from(prices)
    .where(and(eq(prices.medicationId, medicationId), eq(prices.dosage, dosage)))
    .orderBy(asc(prices.price), asc(prices.pharmacyId));
}

async function stored(id: string) {
  const [row] = await api.database.db.select().from(prices).where(eq(prices.id, id));
  if (!row) throw new Error(`price ${id} not stored`);
  return row;
}

async function edit(id: string, body: Record<string, unknown>) {
  return call(adminEndpoints.updatePrice, { params: { id }, body });
}

/** A medication's first dosage with at least three in-stock prices, and those rows. */
async function pricedPair(medicationId: string) {
  const [medication] = await api.database.db
    .select()
    .from(medications)
    .where(eq(medications.id, medicationId));
  for (const dosage of medication?.dosages ?? []) {
    const rows = (await rowsOf(medicationId, dosage)).filter((row) => row.inStock);
    if (rows.length >= 3) return { dosage, rows, name: medication?.name ?? medicationId };
  }
  throw new Error(`${medicationId} has no dosage with three prices`);
}

describe("the price form", () => {
  it("writes both prices, shows them to visitors, and the comparison's view follows the query", async () => {
    const { dosage, rows } = await pricedPair("viagra");
    const dearest = rows.at(-1) as (typeof rows)[number];
    const intro = Math.max(1, Math.floor(rows[0]?.price ?? 2) - 1);
    const res = await edit(dearest.id, {
      introductoryPrice: String(intro),
      introductoryTerms: "first-order",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(AdminPrice.parse(res.body)).toMatchObject({
      price: dearest.price,
      introductoryPrice: intro,
      introductoryTerms: "first-order",
    });
    const comparison = MedicationComparison.parse(
      (
        await api.get(
          urlOf(publicEndpoints.compareMedication, { params: { id: "viagra" }, query: { dosage } }),
        )
      ).body,
    );
    expect(comparison.view).toBe("three-months");
    const row = comparison.prices.find((entry) => entry._id === dearest.id);
    expect(row).toMatchObject({ introductoryPrice: intro, introductoryTerms: "first-order" });

    const page = (view?: string) =>
      api.get(
        urlOf(publicEndpoints.conditionPage, {
          params: { subcategoryId: "erectile-dysfunction" },
          // An unknown view is sent as it is, to see it refused.
          query: { medication: "Viagra", dosage, ...(view ? { view: view as "ongoing" } : {}) },
        }),
      );
    const firstOrder = ConditionPage.parse((await page("first-order")).body).comparison;
    expect(firstOrder?.view).toBe("first-order");
    // The first order there is below every other pack: it is that view's Best.
    expect(firstOrder?.prices[0]).toMatchObject({ _id: dearest.id, isBest: true, viewPrice: intro });
    const ongoing = ConditionPage.parse((await page("ongoing")).body).comparison;
    expect(ongoing?.prices.at(-1)?._id).toBe(dearest.id);
    expect(ongoing?.prices.find((entry) => entry._id === dearest.id)?.isBest).toBe(false);
    expect((await page("cheapest")).status).toBe(400);

    // Cleared with "" (the form's empty fields): the comparison has no view again.
    const cleared = await edit(dearest.id, { introductoryPrice: "", introductoryTerms: "" });
    expect(AdminPrice.parse(cleared.body)).toMatchObject({
      introductoryPrice: null,
      introductoryTerms: null,
    });
    const after = MedicationComparison.parse(
      (
        await api.get(
          urlOf(publicEndpoints.compareMedication, { params: { id: "viagra" }, query: { dosage } }),
        )
      ).body,
    );
    expect(after.view).toBeNull();
  });

  it("refuses half a pair, an introductory price not below the price, and a price at or below a kept one, beside the field", async () => {
    const { rows } = await pricedPair("viagra");
    const row = rows[1] as (typeof rows)[number];
    const half = await expectRefusedUnchanged(api, () => edit(row.id, { introductoryPrice: 5 }), 400);
    expect(half.fields).toEqual({
      introductoryTerms: "is required with an introductory price: first-order or first-month",
    });
    const above = await expectRefusedUnchanged(
      api,
      () => edit(row.id, { introductoryPrice: row.price, introductoryTerms: "first-month" }),
      400,
    );
    expect(above.fields?.introductoryPrice).toMatch(/^must be below the ongoing price \(£/);
    expect((await edit(row.id, { introductoryPrice: 1, introductoryTerms: "first-month" })).status).toBe(200);
    const lower = await expectRefusedUnchanged(api, () => edit(row.id, { price: 1 }), 400);
    expect(lower.fields?.price).toBe(
      "must be above the introductory price (£1.00): change or clear that too",
    );
    const created = await call(adminEndpoints.createPrice, {
      body: {
        medicationId: "viagra",
        pharmacyId: "no-such-pharmacy",
        dosage: row.dosage,
        price: "20",
        introductoryPrice: "25",
        introductoryTerms: "first-order",
      },
    });
    expect(created.status).toBe(400);
    expect((created.body as { fields: Record<string, string> }).fields.introductoryPrice).toBe(
      "must be below the ongoing price (£20.00)",
    );
    expect((await edit(row.id, { introductoryPrice: null, introductoryTerms: null })).status).toBe(200);
  });
});

describe("price alerts", () => {
  it("fire on the ongoing price: an introductory price below the target does not, the ongoing price does", async () => {
    const { dosage, rows, name } = await pricedPair("viagra");
    const lowest = rows[0] as (typeof rows)[number];
    const target = Math.round((lowest.price - 2) * 100) / 100;
    const alertId = await confirmedAlert(api, {
      medicationId: "viagra",
      medicationName: name,
      dosage,
      targetPrice: target,
      currentPrice: lowest.price,
    });
    const other = rows[1] as (typeof rows)[number];
    const intro = await edit(other.id, { introductoryPrice: 1, introductoryTerms: "first-month" });
    expect(intro.status, JSON.stringify(intro.body)).toBe(200);
    const statusOf = async () =>
      (await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alertId)))[0]?.status;
    expect(await statusOf()).toBe("active");
    expect((await edit(other.id, { price: target })).status).toBe(200);
    expect(await statusOf()).toBe("triggered");
    expect((await edit(other.id, { introductoryPrice: null, introductoryTerms: null })).status).toBe(200);
  });
});

async function xlsx(rows: unknown[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Viagra");
  for (const row of [
    ["Generic name", "Sildenafil"],
    ["Form", "Tablets"],
    ["Description", ""],
    ["Condition", "Erectile Dysfunction"],
    ["Last updated", "2026-01-01"],
    ...rows,
  ])
    sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function sheet(rows: unknown[][]) {
  const bytes = await xlsx(rows);
  const res = await call(adminEndpoints.previewPriceSheet, {
    body: { fileName: "prices.xlsx", content: bytes.toString("base64") },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return PriceSheetPreview.parse(res.body);
}

async function apply() {
  const res = await call(adminEndpoints.applyPriceSheet, { body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("price sheets", () => {
  it("read and write the columns: set, kept when absent, cleared by a blank cell, refused by row when the price would fall to them", async () => {
    const { dosage, rows } = await pricedPair("viagra");
    const row = rows[2] as (typeof rows)[number];
    const [pharmacy] = await api.database.db
      .select({ name: pharmacies.name })
      .from(pharmacies)
      .where(eq(pharmacies.id, row.pharmacyId));
    const name = pharmacy?.name ?? "";
    const header = ["Pharmacy", "Rating", dosage, "Introductory price", "Introductory terms", "link"];

    const set = await sheet([header, [name, 4, row.price, 3.5, "First month", ""]]);
    expect(set.changes).toEqual([
      expect.objectContaining({
        pharmacyId: row.pharmacyId,
        status: "changed",
        newIntroductoryPrice: 3.5,
        newIntroductoryTerms: "first-month",
      }),
    ]);
    await apply();
    expect(await stored(row.id)).toMatchObject({
      price: row.price,
      introductoryPrice: 3.5,
      introductoryTerms: "first-month",
    });

    // Without the columns: a new ongoing price, the introductory one kept.
    const raised = Math.round((row.price + 1) * 100) / 100;
    await sheet([
      ["Pharmacy", "Rating", dosage, "link"],
      [name, 4, raised, ""],
    ]);
    await apply();
    expect(await stored(row.id)).toMatchObject({ price: raised, introductoryPrice: 3.5 });

    // A price at the stored introductory price is refused, naming the row and the field.
    const refused = await sheet([
      ["Pharmacy", "Rating", dosage, "link"],
      [name, 4, 3.5, ""],
    ]);
    expect(refused.changes).toEqual([]);
    expect(refused.skipped).toEqual([
      {
        sheet: "Viagra",
        row: 7,
        reason: `row 7, ${name}, ${dosage}: the price £3.50 must be above the stored introductory price (£3.50); change or clear "Introductory price" too. The row is left as it is`,
      },
    ]);
    // Half a pair in the file is refused beside its column.
    const half = await sheet([header, [name, 4, raised, 2, "", ""]]);
    expect(half.skipped[0]?.reason).toContain('"Introductory terms" is required with an introductory price');

    // Blank cells clear it.
    await sheet([header, [name, 4, raised, "", "", ""]]);
    await apply();
    expect(await stored(row.id)).toMatchObject({
      price: raised,
      introductoryPrice: null,
      introductoryTerms: null,
    });
  });
});

describe("feeds", () => {
  const PHARMACY = "kestrel-lane-pharmacy";

  async function runFeed(path: string, body: string): Promise<FeedRun> {
    files.set(path, body);
    const set = await call(adminEndpoints.setPharmacyFeed, {
      params: { id: PHARMACY },
      body: { url: `${base}${path}`, format: "flat-csv" },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    clock.advance(MINUTE);
    const res = await call(adminEndpoints.runPharmacyFeed, { params: { id: PHARMACY } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as FeedRun;
  }

  it("write the CSV's fields, refuse a price at or below a kept one by row, and held rows carry them to accept", async () => {
    const [row] = await api.database.db
      .select({ price: prices, name: medications.name })
      .from(prices)
      .innerJoin(medications, eq(medications.id, prices.medicationId))
      .where(eq(prices.pharmacyId, PHARMACY))
      .orderBy(asc(prices.medicationId), asc(prices.dosage))
      .limit(1);
    if (!row) throw new Error("the pharmacy has prices");
    const { price, name } = row;
    const intro = Math.round(price.price * 50) / 100;
    const line = (amount: number | string, introPrice: string, terms: string) =>
      `${name},${price.dosage},${amount},,yes,${introPrice},${terms}`;
    const head = "medication,dosage,price,link,stock,introductory price,introductory terms";

    const first = await runFeed(
      "/intro.csv",
      [head, line(price.price, String(intro), "first-order")].join("\n"),
    );
    expect(first.counts).toMatchObject({ changed: 1, refused: 0, held: 0 });
    expect(await stored(price.id)).toMatchObject({
      introductoryPrice: intro,
      introductoryTerms: "first-order",
    });

    const below = await runFeed(
      "/below.csv",
      ["medication,dosage,price,link,stock", `${name},${price.dosage},${intro},,yes`].join("\n"),
    );
    expect(below.counts).toMatchObject({ changed: 0, refused: 1 });
    expect(below.counts?.refusals[0]?.reason).toContain("must be above the stored introductory price");
    expect(await stored(price.id)).toMatchObject({ price: price.price, introductoryPrice: intro });

    const bad = await runFeed("/bad.csv", [head, line(price.price, "1", "forever")].join("\n"));
    expect(bad.counts?.refusals[0]?.reason).toContain(
      'the introductory terms "forever" are not first-order or first-month',
    );

    // A price that falls by more than half is held; the held row shows and, accepted, writes its introductory price.
    const fallen = Math.round(price.price * 40) / 100;
    const fallenIntro = Math.round(fallen * 50) / 100;
    const held = await runFeed(
      "/held.csv",
      [head, line(fallen, String(fallenIntro), "first-month")].join("\n"),
    );
    expect(held.counts).toMatchObject({ held: 1, changed: 0 });
    const list = await call(adminEndpoints.listFeedHeldRows, { query: { pharmacyId: PHARMACY } });
    const heldRow = (list.body as { rows: FeedHeldRow[] }).rows.find((entry) => entry.status === "held");
    expect(heldRow).toMatchObject({
      newPrice: fallen,
      newIntroductoryPrice: fallenIntro,
      newIntroductoryTerms: "first-month",
    });
    const decided = await call(adminEndpoints.decideFeedHeldRows, {
      body: { ids: [heldRow?.id], decision: "accept" },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(await stored(price.id)).toMatchObject({
      price: fallen,
      introductoryPrice: fallenIntro,
      introductoryTerms: "first-month",
    });
  });
});
