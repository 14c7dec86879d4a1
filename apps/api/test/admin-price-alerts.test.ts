import {
  AdminPriceAlertResponse,
  AuditPage,
  adminEndpoints,
  type EndpointDefinition,
  ErrorBody,
  endpointUrl,
  PriceAlertPage,
} from "@pharmacompare/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, priceAlerts } from "../src/db/schema.ts";
import { bearer, MINUTE, signIn } from "./admin-helpers.ts";
import { expectListConvention } from "./list-convention.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

const DAY = 24 * 60 * MINUTE;
const MEDICATION = { id: "viagra", name: "Viagra", dosage: "50mg x 4 tablets" };
/** A dosage no pharmacy prices: its alerts have no current price. */
const UNPRICED = "999mg x 1 tablet";
const START = Date.parse("2026-06-01T09:00:00Z");

let api: TestApi;
let token: string;
let lowest: { name: string; price: number };

type NewAlert = typeof priceAlerts.$inferInsert;

/** An alert as the public form and its confirmation would leave it. */
function alertRow(n: number, overrides: Partial<NewAlert> = {}): NewAlert {
  const createdAt = new Date(START + n * MINUTE);
  return {
    email: `watcher${String(n).padStart(2, "0")}@example.co.uk`,
    medicationId: MEDICATION.id,
    medicationName: MEDICATION.name,
    dosage: n % 2 === 0 ? MEDICATION.dosage : UNPRICED,
    targetPrice: 1,
    currentPrice: 20,
    status: ["active", "active", "triggered", "cancelled", "expired"][n % 5] as string,
    confirmedAt: createdAt,
    consentVersion: "test",
    consentedAt: createdAt,
    consentSource: "price-alert-form",
    createdAt,
    expiresAt: new Date(Date.now() + 30 * DAY),
    updatedAt: createdAt,
    ...overrides,
  };
}

/** 12 alerts, one a minute: statuses cycle active, active, triggered, cancelled, expired. */
const seeded = Array.from({ length: 12 }, (_, index) => alertRow(index + 1));

beforeAll(async () => {
  api = await createTestApi();
  token = await signIn(api.app);
  const price = await api.app.services.prices.lowest(MEDICATION.id, MEDICATION.dosage);
  if (!price) throw new Error("the demo data has no in-stock price for the test's medication");
  lowest = { name: price.pharmacy.name, price: price.price };
  await api.database.db.delete(priceAlerts);
  await api.database.db.insert(priceAlerts).values(seeded);
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

async function list(query: Record<string, unknown> = {}) {
  const res = await call(adminEndpoints.listPriceAlerts, { query });
  expect(res.status).toBe(200);
  return PriceAlertPage.parse(res.body);
}

async function setStatus(id: string, status: string) {
  const res = await call(adminEndpoints.updatePriceAlertStatus, { params: { id }, body: { status } });
  expect(res.status).toBe(200);
  return AdminPriceAlertResponse.parse(res.body).alert;
}

const rowOf = async (id: string) =>
  (await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, id)))[0];
const idOf = async (email: string) =>
  (await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.email, email)))[0]?.id as string;
const rows = () => api.database.db.select().from(priceAlerts).orderBy(priceAlerts.id);

async function insertAlert(n: number, overrides: Partial<NewAlert>) {
  const [row] = await api.database.db.insert(priceAlerts).values(alertRow(n, overrides)).returning();
  if (!row) throw new Error("not inserted");
  return row;
}

/** A pending email about an alert, as its confirmation would be queued. */
async function queueEmailFor(alertId: string, key: string) {
  await api.database.db.insert(emailOutbox).values({
    idempotencyKey: key,
    messageId: `<${key}@test>`,
    template: "price-alert-confirmation",
    toAddress: "someone@example.co.uk",
    subject: "Confirm",
    textBody: "Confirm",
    priceAlertId: alertId,
  });
}
const outboxStatus = async (key: string) =>
  (await api.database.db.select().from(emailOutbox).where(eq(emailOutbox.idempotencyKey, key)))[0]?.status;

describe("GET /api/admin/price-alerts", () => {
  it("pages with the list convention: page, limit, total, totalPages and alerts", async () => {
    await expectListConvention((query) => call(adminEndpoints.listPriceAlerts, { query }), "alerts");
  });

  it("pages 10 at a time, newest first, with totals over every alert", async () => {
    const first = await list();
    expect(first).toMatchObject({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(first.alerts.map((a) => a.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `watcher${String(12 - i).padStart(2, "0")}@example.co.uk`),
    );
    const second = await list({ page: 2 });
    expect(second.alerts.map((a) => a.email)).toEqual(["watcher02@example.co.uk", "watcher01@example.co.uk"]);
    const totals = { active: 5, triggered: 3, cancelled: 2, expired: 2 };
    expect(first.totals).toEqual(totals);
    // The totals do not follow the page, the search or the filter.
    expect(second.totals).toEqual(totals);
    expect((await list({ status: "expired", search: "watcher05" })).totals).toEqual(totals);
  });

  it("answers every field of the dialog, the current price being the live lowest in-stock one", async () => {
    const [priced] = (await list({ search: "watcher12" })).alerts;
    const row = await rowOf(await idOf("watcher12@example.co.uk"));
    expect(priced).toEqual({
      _id: row?.id,
      email: "watcher12@example.co.uk",
      medicationId: MEDICATION.id,
      medicationName: MEDICATION.name,
      dosage: MEDICATION.dosage,
      kind: "target",
      targetPrice: 1,
      currentPrice: lowest.price,
      status: "triggered",
      createdAt: new Date(START + 12 * MINUTE).toISOString(),
      expiresAt: row?.expiresAt.toISOString(),
      triggeredAt: null,
      lowestPharmacy: lowest,
      confirmed: true,
      confirmedAt: new Date(START + 12 * MINUTE).toISOString(),
      pausedAt: null,
    });
    const [unpriced] = (await list({ search: "watcher11" })).alerts;
    expect(unpriced).toMatchObject({ dosage: UNPRICED, currentPrice: null, lowestPharmacy: null });
  });

  it("searches the address or the medication's name, ignoring case", async () => {
    expect((await list({ search: "WATCHER0" })).total).toBe(9);
    expect((await list({ search: "watcher1" })).alerts.map((a) => a.email)).toEqual([
      "watcher12@example.co.uk",
      "watcher11@example.co.uk",
      "watcher10@example.co.uk",
    ]);
    expect((await list({ search: "viAGRA" })).total).toBe(12);
    expect((await list({ search: "sildenafil-nothing" })).total).toBe(0);
  });

  it("filters by status, with search and paging", async () => {
    const cancelled = await list({ status: "cancelled" });
    expect(cancelled.alerts.map((a) => a.email)).toEqual([
      "watcher08@example.co.uk",
      "watcher03@example.co.uk",
    ]);
    expect(cancelled).toMatchObject({ total: 2, totalPages: 1 });
    expect((await list({ status: "active", search: "watcher1" })).alerts.map((a) => a.email)).toEqual([
      "watcher11@example.co.uk",
      "watcher10@example.co.uk",
    ]);
    const paged = await list({ status: "active", limit: 2, page: 2 });
    expect(paged).toMatchObject({ total: 5, totalPages: 3 });
    expect(paged.alerts.map((a) => a.email)).toEqual(["watcher06@example.co.uk", "watcher05@example.co.uk"]);
  });

  it("refuses an unknown status naming it", async () => {
    const res = await call(adminEndpoints.listPriceAlerts, { query: { status: "paused" } });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).fields).toHaveProperty("status");
  });
});

describe("PUT /api/admin/price-alerts/{id}/status", () => {
  it("ends an alert: the status is kept, its unsent emails cancelled, the change audited", async () => {
    const alert = await insertAlert(30, { email: "ending@example.co.uk", status: "active" });
    await queueEmailFor(alert.id, "ending-1");
    const cancelled = await setStatus(alert.id, "cancelled");
    expect(cancelled).toMatchObject({ _id: alert.id, status: "cancelled" });
    expect((await rowOf(alert.id))?.status).toBe("cancelled");
    expect(await outboxStatus("ending-1")).toBe("cancelled");
    expect((await list({ status: "cancelled", search: "ending@" })).alerts.map((a) => a._id)).toEqual([
      alert.id,
    ]);

    for (const status of ["triggered", "expired"] as const) {
      expect((await setStatus(alert.id, status)).status).toBe(status);
      expect((await rowOf(alert.id))?.status).toBe(status);
    }
    const audit = AuditPage.parse(
      (
        await api.app.inject({
          url: urlOf(adminEndpoints.listAuditEntries, { query: { entityType: "price_alert" } }),
          headers: bearer(token),
        })
      ).json(),
    );
    expect(audit.entries[0]).toMatchObject({
      action: "status_change",
      entityId: alert.id,
      changes: { status: { from: "triggered", to: "expired" } },
    });
    expect(JSON.stringify(audit.entries)).not.toContain("ending@example.co.uk");
  });

  it("sets an expired alert active with a fresh expiry, checked at once against the price (target not met)", async () => {
    const alert = await insertAlert(31, {
      email: "renew@example.co.uk",
      dosage: MEDICATION.dosage,
      status: "expired",
      targetPrice: 1,
      expiresAt: new Date(Date.now() - DAY),
    });
    const before = Date.now();
    const active = await setStatus(alert.id, "active");
    expect(active).toMatchObject({ status: "active", confirmed: true, currentPrice: lowest.price });
    const expiresAt = Date.parse(active.expiresAt);
    // ALERT_TTL_DAYS (90 by default) from now.
    expect(expiresAt).toBeGreaterThanOrEqual(before + 90 * DAY - MINUTE);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 90 * DAY + MINUTE);
    const row = await rowOf(alert.id);
    expect(row?.status).toBe("active");
    expect(row?.currentPrice).toBe(lowest.price);
  });

  it("keeps an expiry still ahead when an alert is set active", async () => {
    const expiresAt = new Date(Date.now() + 10 * DAY);
    const alert = await insertAlert(32, { email: "ahead@example.co.uk", status: "triggered", expiresAt });
    const active = await setStatus(alert.id, "active");
    expect(active.expiresAt).toBe(expiresAt.toISOString());
  });

  it("fires a confirmed alert set active whose target the price already meets, queueing its email", async () => {
    const alert = await insertAlert(33, {
      email: "met@example.co.uk",
      dosage: MEDICATION.dosage,
      status: "expired",
      targetPrice: lowest.price + 5,
      expiresAt: new Date(Date.now() - DAY),
    });
    const fired = await setStatus(alert.id, "active");
    expect(fired).toMatchObject({ status: "triggered", lowestPharmacy: lowest });
    expect(fired.triggeredAt).not.toBeNull();
    const queued = await api.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.priceAlertId, alert.id), eq(emailOutbox.template, "price-drop")));
    expect(queued).toHaveLength(1);
  });

  it("makes a cancelled alert set active wait for its visitor's confirmation again", async () => {
    const alert = await insertAlert(34, {
      email: "stopped@example.co.uk",
      dosage: MEDICATION.dosage,
      status: "cancelled",
      targetPrice: lowest.price + 5,
    });
    const active = await setStatus(alert.id, "active");
    expect(active).toMatchObject({ status: "active", confirmed: false, confirmedAt: null });
    // Unconfirmed, it does not fire although the target is met.
    const queued = await api.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.priceAlertId, alert.id));
    expect(queued).toHaveLength(0);
  });

  it("refuses an unknown status or none with 400 naming it, changing nothing", async () => {
    const id = await idOf("watcher01@example.co.uk");
    const before = await rows();
    for (const body of [{ status: "paused" }, {}, { status: null }]) {
      const res = await call(adminEndpoints.updatePriceAlertStatus, { params: { id }, body });
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).fields).toHaveProperty("status");
    }
    expect(await rows()).toEqual(before);
  });

  it("answers 404 for an unknown id and 400 for one that is not an id", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    const res = await call(adminEndpoints.updatePriceAlertStatus, {
      params: { id: unknown },
      body: { status: "active" },
    });
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.body).error).toBe(`Price alert "${unknown}" not found`);
    expect(
      (await call(adminEndpoints.updatePriceAlertStatus, { params: { id: "x" }, body: { status: "active" } }))
        .status,
    ).toBe(400);
  });
});

describe("DELETE /api/admin/price-alerts/{id}", () => {
  it("deletes the alert and cancels its unsent emails; again answers 404", async () => {
    const alert = await insertAlert(40, { email: "gone@example.co.uk" });
    await queueEmailFor(alert.id, "gone-1");
    const res = await call(adminEndpoints.deletePriceAlert, { params: { id: alert.id } });
    expect(res).toEqual({ status: 200, body: { message: "Price alert deleted" } });
    expect(await rowOf(alert.id)).toBeUndefined();
    expect(await outboxStatus("gone-1")).toBe("cancelled");
    expect((await call(adminEndpoints.deletePriceAlert, { params: { id: alert.id } })).status).toBe(404);
  });
});
