import {
  adminEndpoints,
  ClickOutMonths,
  type Price,
  publicEndpoints,
  ServiceHealth,
} from "@pharmacompare/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cachePurges,
  clickOuts,
  contacts,
  emailOutbox,
  priceAlerts,
  prices,
  subscriptions,
} from "../src/db/schema.ts";
import { catalogueCaller, expectRefusedUnchanged } from "./catalogue-helpers.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * The dashboard's "is everything working?" (issue 31): each figure against rows this test made,
 * as the change between a read before and a read after (the seeded database has rows of its own),
 * on a fixed clock: Monday 15 June 2026, 12:00 in London.
 */
const NOW = new Date("2026-06-15T11:00:00Z");
const BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1.15";

let api: TestApi;
let call: Awaited<ReturnType<typeof catalogueCaller>>;
let price: Price;
beforeAll(async () => {
  api = await createTestApi({}, { now: () => NOW });
  call = await catalogueCaller(api);
  const res = await api.get(urlOf(publicEndpoints.listPricesForMedication, { params: { id: "wegovy" } }));
  price = (res.body as Price[])[0] as Price;
});
afterAll(async () => {
  await api?.close();
});

async function health(): Promise<ServiceHealth> {
  const res = await call(adminEndpoints.serviceHealth);
  expect(res.status).toBe(200);
  return ServiceHealth.parse(res.body);
}

const at = (iso: string) => new Date(iso);
const consent = { consentVersion: "test", consentedAt: at("2026-06-01T09:00:00Z"), consentSource: "test" };
let emails = 0;
const email = (status: "sent" | "failed" | "pending", times: Partial<typeof emailOutbox.$inferInsert>) => {
  emails += 1;
  return {
    idempotencyKey: `health-${emails}`,
    messageId: `<health-${emails}@pharmacompare.test>`,
    template: "test",
    toAddress: `health-${emails}@example.co.uk`,
    subject: "Test",
    textBody: "Test",
    status,
    ...times,
  };
};

/** A figure of `after` minus the same figure of `before`. */
const change = <T>(before: T[], after: T[], find: (row: T) => boolean, value: (row: T) => number) =>
  value(after.find(find) as T) - (before.find(find) ? value(before.find(find) as T) : 0);

describe("GET /api/admin/service-health", () => {
  it("answers the last 30 UK days, every day and week listed, with an as-of time", async () => {
    const figures = await health();
    expect(figures.asOf).toBe(NOW.toISOString());
    expect([figures.from, figures.to]).toEqual(["2026-05-17", "2026-06-15"]);
    expect(figures.clickOuts.byDay.map((row) => row.day)).toHaveLength(30);
    expect(figures.emails.byDay[0]?.day).toBe("2026-05-17");
    // Sunday 17 May belongs to the week of Monday 11 May; Monday 15 June starts the last one.
    expect(figures.alerts.map((row) => row.week)).toEqual([
      "2026-05-11",
      "2026-05-18",
      "2026-05-25",
      "2026-06-01",
      "2026-06-08",
      "2026-06-15",
    ]);
  });

  it("counts what this test did, each on its UK day and week, and what waits now", async () => {
    const before = await health();
    const { db } = api.database;

    // Click-outs: two visits through a price, one through the pharmacy page, one by a bot; older
    // counts outside the window, and a pharmacy deleted since (its id stands for its name).
    for (const path of [`/go/${price._id}?from=comparison`, `/go/${price._id}?from=comparison`]) {
      expect((await api.app.inject({ url: path, headers: { "user-agent": BROWSER } })).statusCode).toBe(302);
    }
    const other =
      price.pharmacyId === "bramblewick-chemist" ? "kestrel-lane-pharmacy" : "bramblewick-chemist";
    await api.app.inject({
      url: `/go/pharmacy/${other}?from=pharmacy-page`,
      headers: { "user-agent": BROWSER },
    });
    await api.app.inject({ url: `/go/${price._id}`, headers: { "user-agent": "Googlebot/2.1" } });
    await api.app.services.clickOuts.flush();
    await db.insert(clickOuts).values([
      {
        day: "2026-05-16",
        pharmacyId: price.pharmacyId,
        medicationId: "wegovy",
        dosage: "x",
        source: "other",
        count: 50,
      },
      {
        day: "2026-06-10",
        pharmacyId: "gone-pharmacy",
        medicationId: "wegovy",
        dosage: "x",
        source: "email",
        count: 4,
      },
    ]);

    // Alerts: set on 2 June, confirmed on 3 June, fired on 10 June; one set at 00:30 on 8 June in
    // London (23:30 UTC on the 7th), which is the week of 8 June.
    const alert = {
      medicationId: "wegovy",
      medicationName: "Wegovy",
      dosage: price.dosage,
      targetPrice: 1,
      currentPrice: 100,
      expiresAt: at("2026-07-30T00:00:00Z"),
      ...consent,
    };
    await db.insert(priceAlerts).values([
      {
        ...alert,
        email: "fired@example.co.uk",
        status: "triggered",
        createdAt: at("2026-06-02T10:00:00Z"),
        confirmedAt: at("2026-06-03T10:00:00Z"),
        triggeredAt: at("2026-06-10T10:00:00Z"),
      },
      { ...alert, email: "late@example.co.uk", createdAt: at("2026-06-07T23:30:00Z") },
    ]);

    // Subscriptions: one gained on 9 June, one lost on 12 June, one bounced on 14 June.
    await db.insert(subscriptions).values([
      { ...consent, email: "gained@example.co.uk", subscribedAt: at("2026-06-09T08:00:00Z") },
      {
        ...consent,
        email: "lost@example.co.uk",
        status: "unsubscribed",
        subscribedAt: at("2026-01-05T08:00:00Z"),
        unsubscribedAt: at("2026-06-12T08:00:00Z"),
      },
      {
        ...consent,
        email: "bounced@example.co.uk",
        status: "bounced",
        subscribedAt: at("2026-01-05T08:00:00Z"),
        updatedAt: at("2026-06-14T08:00:00Z"),
      },
    ]);

    // Email: one accepted today, one failed for good yesterday, two waiting.
    await db
      .insert(emailOutbox)
      .values([
        email("sent", { sentAt: at("2026-06-15T08:00:00Z") }),
        email("failed", { nextAttemptAt: at("2026-06-14T20:00:00Z") }),
        email("pending", { createdAt: at("2026-06-15T10:00:00Z") }),
        email("pending", { createdAt: at("2026-06-15T10:30:00Z") }),
      ]);

    // A price last confirmed 14 days ago; a contact message waiting and one read.
    await db
      .update(prices)
      .set({ lastUpdated: at("2026-06-01T09:00:00Z"), lastConfirmed: at("2026-06-01T09:00:00Z") })
      .where(eq(prices.id, price._id));
    const message = { name: "A", email: "a@example.co.uk", subject: "general", message: "Hello" };
    await db.insert(contacts).values([
      { ...message, status: "new" },
      { ...message, status: "read" },
    ]);

    const after = await health();
    const day = (d: string) => (row: { day: string }) => row.day === d;
    const week = (w: string) => (row: { week: string }) => row.week === w;

    expect(after.clickOuts.total - before.clickOuts.total).toBe(7);
    expect(change(before.clickOuts.byDay, after.clickOuts.byDay, day("2026-06-15"), (r) => r.count)).toBe(3);
    expect(change(before.clickOuts.byDay, after.clickOuts.byDay, day("2026-06-10"), (r) => r.count)).toBe(4);
    const byPharmacy = (list: ServiceHealth["clickOuts"]["byPharmacy"], id: string) =>
      list.find((row) => row.pharmacyId === id)?.count ?? 0;
    expect(
      byPharmacy(after.clickOuts.byPharmacy, price.pharmacyId) -
        byPharmacy(before.clickOuts.byPharmacy, price.pharmacyId),
    ).toBe(2);
    expect(
      byPharmacy(after.clickOuts.byPharmacy, other) - byPharmacy(before.clickOuts.byPharmacy, other),
    ).toBe(1);
    expect(after.clickOuts.byPharmacy.find((row) => row.pharmacyId === other)?.name).toMatch(
      /^(Bramblewick|Kestrel)/,
    );
    expect(after.clickOuts.byPharmacy.find((row) => row.pharmacyId === "gone-pharmacy")).toEqual({
      pharmacyId: "gone-pharmacy",
      name: "gone-pharmacy",
      count: 4,
    });
    const counts = after.clickOuts.byPharmacy.map((row) => row.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    expect(change(before.alerts, after.alerts, week("2026-06-01"), (r) => r.set)).toBe(1);
    expect(change(before.alerts, after.alerts, week("2026-06-01"), (r) => r.confirmed)).toBe(1);
    expect(change(before.alerts, after.alerts, week("2026-06-08"), (r) => r.set)).toBe(1);
    expect(change(before.alerts, after.alerts, week("2026-06-08"), (r) => r.fired)).toBe(1);
    expect(change(before.alerts, after.alerts, week("2026-06-01"), (r) => r.fired)).toBe(0);

    expect(change(before.subscriptions, after.subscriptions, week("2026-06-08"), (r) => r.gained)).toBe(1);
    expect(change(before.subscriptions, after.subscriptions, week("2026-06-08"), (r) => r.lost)).toBe(1);
    expect(change(before.subscriptions, after.subscriptions, week("2026-06-08"), (r) => r.bounced)).toBe(1);

    expect(change(before.emails.byDay, after.emails.byDay, day("2026-06-15"), (r) => r.accepted)).toBe(1);
    expect(change(before.emails.byDay, after.emails.byDay, day("2026-06-14"), (r) => r.failed)).toBe(1);
    expect(after.emails.backlog - before.emails.backlog).toBe(2);
    expect(after.emails.oldestWaitingSince).not.toBeNull();

    expect(after.stalePrices.total - before.stalePrices.total).toBe(1);
    expect(after.stalePrices.byMedication.map((row) => row.medicationId)).toContain("wegovy");
    expect(after.contactsWaiting - before.contactsWaiting).toBe(1);
  });
});

describe("the dashboard's waiting cache purges (decision 064)", () => {
  it("counts the purges a shared cache has not taken, and when the oldest was owed", async () => {
    expect((await health()).cachePurges).toEqual({ waiting: 0, oldestWaitingSince: null });
    const target = "http://127.0.0.1:9";
    await api.database.db.insert(cachePurges).values([
      {
        target,
        tags: ["site"],
        attempts: 7,
        lastError: "fetch failed",
        createdAt: at("2026-06-15T10:40:00Z"),
      },
      { target, tags: ["medication:wegovy"], createdAt: at("2026-06-15T10:59:00Z") },
    ]);
    try {
      expect((await health()).cachePurges).toEqual({
        waiting: 2,
        oldestWaitingSince: "2026-06-15T10:40:00.000Z",
      });
    } finally {
      await api.database.db.delete(cachePurges);
    }
  });
});

describe("the dashboard's stale prices (issue 41)", () => {
  it("counts by last confirmation with PRICE_STALE_DAYS, as the public pages flag them", async () => {
    // Its own API with limits other than the contract's defaults: the dashboard must use these.
    const own = await createTestApi({ PRICE_STALE_DAYS: "3", PRICE_HIDE_DAYS: "5" });
    try {
      const ownCall = await catalogueCaller(own);
      const { db } = own.database;
      const now = Date.now();
      const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000);
      // Every price changed a month ago and confirmed unchanged today: none is stale.
      await db.update(prices).set({ lastUpdated: daysAgo(30), lastConfirmed: new Date(now) });
      const listed = (
        await own.get(urlOf(publicEndpoints.listPricesForMedication, { params: { id: "wegovy" } }))
      ).body as Price[];
      const [flagged, gone] = listed;
      if (!flagged || !gone) throw new Error("the seed lists two Wegovy prices or more");
      // One confirmed 4 days ago (past 3, not past the contract's 7), one 6 days ago (past 5: hidden).
      await db
        .update(prices)
        .set({ lastConfirmed: daysAgo(4) })
        .where(eq(prices.id, flagged._id));
      await db
        .update(prices)
        .set({ lastConfirmed: daysAgo(6) })
        .where(eq(prices.id, gone._id));

      const res = await ownCall(adminEndpoints.serviceHealth);
      expect(res.status).toBe(200);
      const { stalePrices } = ServiceHealth.parse(res.body);
      expect(stalePrices).toEqual({
        staleDays: 3,
        hideDays: 5,
        total: 2,
        hidden: 1,
        byMedication: [{ medicationId: "wegovy", name: expect.any(String), count: 2 }],
      });

      // What the public pages say about the same rows: one "may be out of date", one gone.
      const after = (
        await own.get(urlOf(publicEndpoints.listPricesForMedication, { params: { id: "wegovy" } }))
      ).body as Price[];
      expect(after.find((row) => row._id === flagged._id)?.mayBeOutOfDate).toBe(true);
      expect(after.find((row) => row._id === gone._id)).toBeUndefined();
      expect(after.filter((row) => row.mayBeOutOfDate)).toHaveLength(stalePrices.total - stalePrices.hidden);
    } finally {
      await own.close();
    }
  });
});

describe("GET /api/admin/click-outs/monthly", () => {
  it("answers click-outs by UK month and pharmacy, by month then name", async () => {
    await api.database.db.insert(clickOuts).values([
      {
        day: "2025-12-31",
        pharmacyId: "kestrel-lane-pharmacy",
        medicationId: "",
        dosage: "",
        source: "other",
        count: 9,
      },
      {
        day: "2026-01-01",
        pharmacyId: "kestrel-lane-pharmacy",
        medicationId: "",
        dosage: "",
        source: "other",
        count: 2,
      },
      {
        day: "2026-01-20",
        pharmacyId: "kestrel-lane-pharmacy",
        medicationId: "a",
        dosage: "b",
        source: "comparison",
        count: 3,
      },
      {
        day: "2026-01-20",
        pharmacyId: "bramblewick-chemist",
        medicationId: "a",
        dosage: "b",
        source: "comparison",
        count: 1,
      },
      {
        day: "2026-02-01",
        pharmacyId: "kestrel-lane-pharmacy",
        medicationId: "",
        dosage: "",
        source: "other",
        count: 5,
      },
    ]);
    const res = await call(adminEndpoints.clickOutMonths, { query: { from: "2026-01", to: "2026-01" } });
    expect(res.status).toBe(200);
    expect(ClickOutMonths.parse(res.body)).toEqual({
      from: "2026-01",
      to: "2026-01",
      rows: [
        { month: "2026-01", pharmacyId: "bramblewick-chemist", name: "Bramblewick Chemist", count: 1 },
        { month: "2026-01", pharmacyId: "kestrel-lane-pharmacy", name: "Kestrel Lane Pharmacy", count: 5 },
      ],
    });
    // By default, the last 12 months up to this one (June 2026).
    const byDefault = ClickOutMonths.parse((await call(adminEndpoints.clickOutMonths)).body);
    expect([byDefault.from, byDefault.to]).toEqual(["2025-07", "2026-06"]);
    expect(byDefault.rows.filter((row) => row.month === "2025-12")).toEqual([
      { month: "2025-12", pharmacyId: "kestrel-lane-pharmacy", name: "Kestrel Lane Pharmacy", count: 9 },
    ]);
  });

  it("refuses a bad month, a reversed range or more than 24 months with a 400 naming the field", async () => {
    for (const [query, field] of [
      [{ from: "2026-13" }, "from"],
      [{ to: "June" }, "to"],
      [{ from: "2026-05", to: "2026-01" }, "from"],
      [{ from: "2020-01", to: "2026-01" }, "from"],
    ] as const) {
      const body = await expectRefusedUnchanged(
        api,
        () => call(adminEndpoints.clickOutMonths, { query }),
        400,
      );
      expect(body.fields?.[field], JSON.stringify(query)).toBeDefined();
    }
  });

  it("is for signed-in staff only", async () => {
    const res = await api.app.inject({ url: urlOf(adminEndpoints.clickOutMonths) });
    expect(res.statusCode).toBe(401);
    expect((await api.app.inject({ url: urlOf(adminEndpoints.serviceHealth) })).statusCode).toBe(401);
  });
});
