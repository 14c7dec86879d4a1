import {
  AdminMedicationEvent,
  AuditPage,
  adminEndpoints,
  ConditionPage,
  type EndpointDefinition,
  ErrorBody,
  endpointUrl,
  MedicationEventList,
  publicEndpoints,
} from "@pharmacompare/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { medicationEvents, priceHistory, prices } from "../src/db/schema.ts";
import { DEMO_PRICE_EVENTS } from "../src/demo-data/index.ts";
import { bearer, signIn } from "./admin-helpers.ts";
import { expectListConvention } from "./list-convention.ts";
import { confirmAllPrices, createTestApi, type TestApi } from "./test-api.ts";

/*
 * Price context and events on the history (issue 45, decision 059): staff record dated events
 * with a source; the condition page answers today's lowest against the 90-day series the history
 * chart draws, with the events in its window. The clock is fixed so the history this file writes
 * (tadalafil 5mg) gives one known sentence; the demo's own history is weeks before it.
 */

const NOW = new Date("2031-06-20T12:00:00Z");
const MEDICATION = "tadalafil";
const DOSAGE = "5mg x 28 tablets";
/** Listed today for the first time: too little history. */
const NEW_DOSAGE = "20mg x 8 tablets";
const PHARMACY = "kestrel-lane-pharmacy";
const source = "https://www.gov.uk/";

let api: TestApi;
let token: string;

beforeAll(async () => {
  // The response cache on, as in production: an event written must reach the page at once.
  api = await createTestApi(
    {},
    {
      now: () => NOW,
      responseCache: { maxEntries: 500, maxBytes: 16 * 1024 * 1024, maxAgeMs: 60_000 },
    },
  );
  token = await signIn(api.app);
  const { db } = api.database;
  const mine = (table: typeof prices | typeof priceHistory) =>
    and(eq(table.medicationId, MEDICATION), eq(table.dosage, DOSAGE));
  const fresh = (table: typeof prices | typeof priceHistory) =>
    and(eq(table.medicationId, MEDICATION), eq(table.dosage, NEW_DOSAGE));
  for (const where of [mine, fresh]) {
    await db.delete(prices).where(where(prices));
    await db.delete(priceHistory).where(where(priceHistory));
  }
  // £30 from 1 April, £40 from 1 May, £35 today: 90 days from 23 March, 80 of them in stock.
  const row = (price: number, at: string) => ({
    medicationId: MEDICATION,
    dosage: DOSAGE,
    pharmacyId: PHARMACY,
    price,
    inStock: true,
    recordedAt: new Date(at),
  });
  await db
    .insert(priceHistory)
    .values([
      row(30, "2031-04-01T09:00:00Z"),
      row(40, "2031-05-01T09:00:00Z"),
      row(35, "2031-06-20T09:00:00Z"),
    ]);
  const today = (dosage: string, price: number) => ({
    medicationId: MEDICATION,
    dosage,
    pharmacyId: PHARMACY,
    price,
    inStock: true,
    lastUpdated: new Date("2031-06-20T09:00:00Z"),
  });
  await db.insert(prices).values([today(DOSAGE, 35), today(NEW_DOSAGE, 60)]);
  await confirmAllPrices(api, NOW);
});
afterAll(async () => {
  await api?.close();
});

async function call(
  endpoint: EndpointDefinition,
  input: { params?: Record<string, string>; body?: unknown; query?: Record<string, unknown> } = {},
) {
  const res = await api.app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, input),
    headers: bearer(token),
    ...(input.body === undefined ? {} : { payload: input.body as object }),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

async function tadalafilPage() {
  const { status, body } = await api.get(
    endpointUrl(publicEndpoints.conditionPage, {
      params: { subcategoryId: "erectile-dysfunction" },
      query: { medication: "Tadalafil", dosage: DOSAGE },
    }),
  );
  expect(status).toBe(200);
  return ConditionPage.parse(body);
}

const valid = {
  medicationId: MEDICATION,
  dosage: "",
  kind: "list-price-change",
  happenedOn: "2031-05-01",
  summary: "List price of every strength changed",
  sourceUrl: source,
};

describe("the condition page's price context", () => {
  it("reads today's lowest against the history chart's 90 days", async () => {
    const page = await tadalafilPage();
    expect(page.dosage).toBe(DOSAGE);
    expect(page.priceContext).toMatchObject({ from: "2031-03-23", to: "2031-06-20", events: [] });
    // 30 days at £30 (April), 50 at £40 (from 1 May), today £35: the median is £40.
    expect(page.priceContext?.context).toMatchObject({
      label: "below",
      today: 35,
      typical: 40,
      range: { min: 30, max: 40 },
      lowestSince: "2031-04-30",
    });
    expect(page.priceContext?.context?.sentence).toBe(
      "£35.00 is the lowest price today, the lowest since 30 April; since 1 April it ranged from £30.00 to £40.00, typically £40.00.",
    );
  });

  it("adds an event staff record at once, with the move it came before", async () => {
    await tadalafilPage(); // warm the response cache
    const created = await call(adminEndpoints.createMedicationEvent, { body: valid });
    expect(created.status).toBe(201);
    const event = AdminMedicationEvent.parse(created.body);
    try {
      const page = await tadalafilPage();
      expect(page.priceContext?.events).toEqual([
        {
          id: event.id,
          kind: "list-price-change",
          happenedOn: "2031-05-01",
          dosage: null,
          summary: valid.summary,
          sourceUrl: source,
        },
      ]);
      expect(page.priceContext?.context?.sentence).toMatch(
        / Prices rose after the manufacturer's list-price change on 1 May\.$/,
      );
    } finally {
      await call(adminEndpoints.deleteMedicationEvent, { params: { id: event.id } });
    }
    expect((await tadalafilPage()).priceContext?.events).toEqual([]);
  });

  it("leaves out another dosage's event and one outside the window", async () => {
    const other = await call(adminEndpoints.createMedicationEvent, {
      body: { ...valid, dosage: "20mg x 4 tablets" },
    });
    const old = await call(adminEndpoints.createMedicationEvent, {
      body: { ...valid, happenedOn: "2031-03-22" },
    });
    expect([other.status, old.status]).toEqual([201, 201]);
    try {
      const page = await tadalafilPage();
      expect(page.priceContext?.events).toEqual([]);
      expect(page.priceContext?.context?.sentence).not.toContain("after");
    } finally {
      for (const created of [other, old]) {
        await call(adminEndpoints.deleteMedicationEvent, {
          params: { id: AdminMedicationEvent.parse(created.body).id },
        });
      }
    }
  });

  it("says a price with too little history is new", async () => {
    const { status, body } = await api.get(
      endpointUrl(publicEndpoints.conditionPage, {
        params: { subcategoryId: "erectile-dysfunction" },
        query: { medication: "Tadalafil", dosage: NEW_DOSAGE },
      }),
    );
    expect(status).toBe(200);
    const context = ConditionPage.parse(body).priceContext?.context;
    expect(context).toMatchObject({ label: "new", daysKnown: 1, range: null, typical: null });
    expect(context?.sentence).toMatch(/not enough history to compare\.$/);
  });
});

describe("price events in the back-office", () => {
  it("lists the demo's events under the list convention, latest day first", async () => {
    const list = await call(adminEndpoints.listMedicationEvents);
    expect(list.status).toBe(200);
    const body = MedicationEventList.parse(list.body);
    expect(body.total).toBe(DEMO_PRICE_EVENTS.length);
    const days = body.events.map((event) => event.happenedOn);
    expect(days).toEqual([...days].sort().reverse());
    expect(body.events.find((event) => event.kind === "list-price-change")).toMatchObject({
      medicationId: "mounjaro",
      medicationName: "Mounjaro",
      dosage: null,
    });
    await expectListConvention(
      (query) => call(adminEndpoints.listMedicationEvents, { query }),
      "events",
      {},
      (row) => String(row.id),
    );
    const mounjaro = MedicationEventList.parse(
      (await call(adminEndpoints.listMedicationEvents, { query: { medication: "mounjaro" } })).body,
    );
    expect(mounjaro.total).toBe(
      DEMO_PRICE_EVENTS.filter((event) => event.medicationId === "mounjaro").length,
    );
    const searched = MedicationEventList.parse(
      (await call(adminEndpoints.listMedicationEvents, { query: { search: "wegovy" } })).body,
    );
    expect(searched.events.map((event) => event.medicationId)).toEqual(["wegovy"]);
  });

  it("refuses bad input with 400 naming the field, and writes nothing", async () => {
    const before = (await api.database.db.select().from(medicationEvents)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, kind: "rumour" }, "kind"],
      [{ ...valid, happenedOn: "01/05/2031" }, "happenedOn"],
      [{ ...valid, summary: "   " }, "summary"],
      [{ ...valid, sourceUrl: "http://www.gov.uk/" }, "sourceUrl"],
      [{ ...valid, sourceUrl: undefined }, "sourceUrl"],
      [{ ...valid, medicationId: "no-such-medicine" }, "medicationId"],
      [{ ...valid, dosage: "999mg x 1" }, "dosage"],
    ];
    for (const [body, field] of cases) {
      const res = await call(adminEndpoints.createMedicationEvent, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(ErrorBody.parse(res.body).fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await api.database.db.select().from(medicationEvents)).length).toBe(before);
  });

  it("edits and deletes an event, each audited; an unknown one is 404", async () => {
    const created = AdminMedicationEvent.parse(
      (await call(adminEndpoints.createMedicationEvent, { body: { ...valid, dosage: DOSAGE } })).body,
    );
    expect(created).toMatchObject({ dosage: DOSAGE, medicationName: "Tadalafil" });
    const edited = await call(adminEndpoints.updateMedicationEvent, {
      params: { id: created.id },
      body: { ...valid, kind: "supply-disruption", summary: "Short supply reported" },
    });
    expect(edited.status).toBe(200);
    expect(AdminMedicationEvent.parse(edited.body)).toMatchObject({
      kind: "supply-disruption",
      summary: "Short supply reported",
      dosage: null,
    });
    expect((await call(adminEndpoints.deleteMedicationEvent, { params: { id: created.id } })).status).toBe(
      200,
    );
    for (const endpoint of [adminEndpoints.updateMedicationEvent, adminEndpoints.deleteMedicationEvent]) {
      const res = await call(endpoint, { params: { id: created.id }, body: valid });
      expect(res.status).toBe(404);
    }
    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "medication_event", limit: 10 } }))
        .body,
    );
    const mine = audit.entries.filter((entry) => entry.entityId === created.id).map((entry) => entry.action);
    expect(mine.sort()).toEqual(["create", "delete", "update"]);
  });

  it("answers 401 without a session", async () => {
    const res = await api.app.inject({ method: "GET", url: "/api/admin/medication-events" });
    expect(res.statusCode).toBe(401);
  });
});

describe("the demo", () => {
  it("marks an illustrative list-price change on Mounjaro's history", () => {
    const event = DEMO_PRICE_EVENTS.find((entry) => entry.medicationId === "mounjaro");
    expect(event).toMatchObject({ kind: "list-price-change" });
    expect(event?.summary).toMatch(/illustrative/);
    expect(event?.daysAgo).toBeLessThan(90);
  });
});
