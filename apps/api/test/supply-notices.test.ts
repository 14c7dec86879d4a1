import {
  AdminSupplyNotice,
  adminEndpoints,
  ConditionPage,
  type EndpointDefinition,
  ErrorBody,
  endpointUrl,
  formatDay,
  londonDay,
  publicEndpoints,
  SupplyNoticeList,
  stockLine,
} from "@pharmacompare/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactionAnnouncingChanges } from "../src/cache/data-version.ts";
import { auditLog, priceAlerts, prices, supplyNotices } from "../src/db/schema.ts";
import type { PriceChange } from "../src/modules/prices/price-service.ts";
import { bearer, HOUR, MINUTE, signIn } from "./admin-helpers.ts";
import { expectListConvention } from "./list-convention.ts";
import { linkToken, type ParsedMail, parseMail } from "./mail-message.ts";
import { createSmtpSink } from "./smtp-sink.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/*
 * Supply where people look (issue 45, decision 060), over HTTP on a real database with a real SMTP
 * sink: staff keep supply notices (audited, refused by field), the condition page answers the
 * stock line's figures and the notices active for its medication and dosage at once (the response
 * cache on, as in production), alert emails carry them, and a back-in-stock alert fires when a dose
 * comes back at any listed pharmacy after being out of stock everywhere.
 */

const SITE = "https://www.pharmacompare.example";
const DAY = 24 * HOUR;
let current = new Date(Date.now() + MINUTE);
const clock = {
  now: () => current,
  advance(ms: number) {
    current = new Date(current.getTime() + ms);
  },
};

const sink = createSmtpSink();
let api: TestApi;
let token: string;
beforeAll(async () => {
  await sink.start();
  api = await createTestApi(
    { SMTP_URL: sink.url, SITE_URL: SITE, WRITE_RATE_LIMIT: "1000" },
    { now: clock.now, responseCache: { maxEntries: 500, maxBytes: 16 * 1024 * 1024, maxAgeMs: 60_000 } },
  );
  token = await signIn(api.app);
});
afterAll(async () => {
  await api?.close();
  await sink.stop();
});

async function call(
  endpoint: EndpointDefinition,
  input: { params?: Record<string, string>; body?: unknown; query?: Record<string, unknown> } = {},
  headers: Record<string, string> = bearer(token),
) {
  const res = await api.app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, input),
    headers,
    ...(input.body === undefined ? {} : { payload: input.body as object }),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

async function conditionPage(query: Record<string, string>) {
  const { status, body } = await api.get(
    endpointUrl(publicEndpoints.conditionPage, {
      params: { subcategoryId: "weight-loss-medications" },
      query,
    }),
  );
  expect(status).toBe(200);
  return ConditionPage.parse(body);
}

const WEGOVY_TOP = "2.4mg (1 pen, 4 doses)";
const WEGOVY_LOW = "1mg (1 pen, 4 doses)";
const SOURCE = "https://www.gov.uk/drug-device-alerts/example-semaglutide-supply";
const notice = (fields: Record<string, unknown> = {}) => ({
  medicationId: "wegovy",
  dosage: WEGOVY_TOP,
  message: "Limited supply of 2.4mg pens is expected for several weeks.",
  sourceUrl: SOURCE,
  sourceDate: londonDay(clock.now()),
  ...fields,
});

describe("the demo's supply notices", () => {
  it("seeds one active notice on Wegovy 2.4mg and one ended, shown on the page only while active", async () => {
    const list = SupplyNoticeList.parse((await call(adminEndpoints.listSupplyNotices)).body);
    expect(list.notices.map((entry) => [entry.medicationId, entry.status]).sort()).toEqual([
      ["mounjaro", "ended"],
      ["wegovy", "active"],
    ]);
    const top = await conditionPage({ medication: "Wegovy", dosage: WEGOVY_TOP });
    expect(top.supplyNotices.map((entry) => entry.medicationId)).toEqual(["wegovy"]);
    expect(top.supplyNotices[0]?.sourceUrl).toMatch(/^https:\/\/www\.gov\.uk\//);
    const ended = await conditionPage({ medication: "Mounjaro" });
    expect(ended.supplyNotices).toEqual([]);
  });
});

describe("the stock line's figures on the condition page", () => {
  it("counts the listed pharmacies and those in stock, from the comparison's own rows", async () => {
    const page = await conditionPage({ medication: "Wegovy", dosage: WEGOVY_LOW });
    const rows = page.comparison?.prices ?? [];
    expect(rows.length).toBeGreaterThan(1);
    expect(page.stock).toEqual({ inStock: rows.filter((row) => row.inStock).length, listed: rows.length });

    // One pharmacy out of stock: one fewer, at once (the write bumps the data version).
    const first = rows.find((row) => row.inStock);
    if (!first) throw new Error("no in-stock row");
    const before = page.stock?.inStock ?? 0;
    await writePrices({
      medicationId: "wegovy",
      dosage: WEGOVY_LOW,
      pharmacyId: first.pharmacyId,
      price: first.price,
      inStock: false,
    });
    const after = await conditionPage({ medication: "Wegovy", dosage: WEGOVY_LOW });
    expect(after.stock).toEqual({ inStock: before - 1, listed: rows.length });
    expect(stockLine(after.stock ?? { inStock: 0, listed: 1 })).toBe(
      `In stock at ${before - 1} of ${rows.length} pharmacies`,
    );
    await writePrices({
      medicationId: "wegovy",
      dosage: WEGOVY_LOW,
      pharmacyId: first.pharmacyId,
      price: first.price,
      inStock: true,
    });
  });
});

describe("supply notices in the back-office", () => {
  it("needs a session", async () => {
    const res = await call(adminEndpoints.createSupplyNotice, { body: notice() }, {});
    expect(res.status).toBe(401);
  });

  it("refuses bad input with 400 naming the field, and writes nothing", async () => {
    const count = async () => (await api.database.db.select().from(supplyNotices)).length;
    const before = await count();
    const start = new Date(clock.now().getTime() + DAY).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [notice({ medicationId: "no-such-medicine" }), "medicationId"],
      [notice({ dosage: "9mg" }), "dosage"],
      [notice({ message: "   " }), "message"],
      [notice({ message: "x".repeat(401) }), "message"],
      [notice({ sourceUrl: "http://www.gov.uk/alerts" }), "sourceUrl"],
      [notice({ sourceUrl: "" }), "sourceUrl"],
      [notice({ sourceDate: "12/08/2026" }), "sourceDate"],
      [notice({ startsAt: start, endsAt: new Date(clock.now().getTime()).toISOString() }), "endsAt"],
      [notice({ endsAt: "tomorrow" }), "endsAt"],
    ];
    for (const [body, field] of cases) {
      const res = await call(adminEndpoints.createSupplyNotice, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(ErrorBody.parse(res.body).fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it("adds, edits, ends and deletes a notice, each audited, and the page follows at once", async () => {
    const created = await call(adminEndpoints.createSupplyNotice, {
      body: notice({ dosage: null, message: "Every strength is short this week." }),
    });
    expect(created.status).toBe(201);
    const added = AdminSupplyNotice.parse(created.body);
    expect(added).toMatchObject({ status: "active", dosage: null, medicationName: "Wegovy", endsAt: null });

    // A notice on every dosage shows on each of them; the page's cached answer is refreshed.
    const low = await conditionPage({ medication: "Wegovy", dosage: WEGOVY_LOW });
    expect(low.supplyNotices.map((entry) => entry.message)).toEqual(["Every strength is short this week."]);
    const top = await conditionPage({ medication: "Wegovy", dosage: WEGOVY_TOP });
    expect(top.supplyNotices).toHaveLength(2);

    clock.advance(MINUTE);
    const edited = await call(adminEndpoints.updateSupplyNotice, {
      params: { id: added.id },
      body: notice({ dosage: WEGOVY_TOP, message: "Only 2.4mg pens are short now." }),
    });
    expect(edited.status).toBe(200);
    // The form sent no start: the notice keeps the one it had.
    expect(AdminSupplyNotice.parse(edited.body).startsAt).toBe(added.startsAt);
    expect((await conditionPage({ medication: "Wegovy", dosage: WEGOVY_LOW })).supplyNotices).toEqual([]);

    clock.advance(MINUTE);
    const ended = await call(adminEndpoints.endSupplyNotice, { params: { id: added.id } });
    expect(ended.status).toBe(200);
    expect(AdminSupplyNotice.parse(ended.body).status).toBe("ended");
    const topAfter = await conditionPage({ medication: "Wegovy", dosage: WEGOVY_TOP });
    expect(topAfter.supplyNotices.map((entry) => entry.id)).not.toContain(added.id);
    const again = await call(adminEndpoints.endSupplyNotice, { params: { id: added.id } });
    expect(again.status).toBe(409);
    expect(ErrorBody.parse(again.body).error).toBe("This notice has already ended");

    const endedList = SupplyNoticeList.parse(
      (await call(adminEndpoints.listSupplyNotices, { query: { status: "ended" } })).body,
    );
    expect(endedList.notices.map((entry) => entry.id)).toContain(added.id);

    expect((await call(adminEndpoints.deleteSupplyNotice, { params: { id: added.id } })).status).toBe(200);
    expect((await call(adminEndpoints.deleteSupplyNotice, { params: { id: added.id } })).status).toBe(404);

    const trail = await api.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "supply_notice"), eq(auditLog.entityId, added.id)))
      .orderBy(auditLog.createdAt);
    expect(trail.map((entry) => entry.action)).toEqual(["create", "update", "status_change", "delete"]);
  });

  it("keeps a scheduled notice off the page until it starts, and refuses to end it", async () => {
    const startsAt = new Date(clock.now().getTime() + 2 * HOUR).toISOString();
    const created = AdminSupplyNotice.parse(
      (
        await call(adminEndpoints.createSupplyNotice, {
          body: notice({ message: "From this afternoon.", startsAt }),
        })
      ).body,
    );
    expect(created.status).toBe("scheduled");
    const page = await conditionPage({ medication: "Wegovy", dosage: WEGOVY_TOP });
    expect(page.supplyNotices.map((entry) => entry.id)).not.toContain(created.id);
    expect((await call(adminEndpoints.endSupplyNotice, { params: { id: created.id } })).status).toBe(409);
    await call(adminEndpoints.deleteSupplyNotice, { params: { id: created.id } });
  });

  it("lists under the one list convention, searching the message and the medication", async () => {
    for (const message of ["First of three.", "Second of three.", "Third of three."]) {
      await call(adminEndpoints.createSupplyNotice, { body: notice({ message }) });
    }
    await expectListConvention(
      (query) => call(adminEndpoints.listSupplyNotices, { query }),
      "notices",
      {},
      (row) => String(row.id),
    );
    const found = SupplyNoticeList.parse(
      (await call(adminEndpoints.listSupplyNotices, { query: { search: "of three" } })).body,
    );
    expect(found.total).toBe(3);
    const byName = SupplyNoticeList.parse(
      (await call(adminEndpoints.listSupplyNotices, { query: { search: "mounjaro" } })).body,
    );
    expect(byName.notices.map((entry) => entry.medicationId)).toEqual(["mounjaro"]);
    for (const entry of found.notices)
      await call(adminEndpoints.deleteSupplyNotice, { params: { id: entry.id } });
  });
});

// ---------------------------------------------------------------------------- alerts

let address = 0;
function post(url: string, payload?: unknown) {
  return api.app.inject({
    method: "POST",
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: `198.51.100.${(address++ % 250) + 1}`,
  });
}

/** A price write as the feeds make one; its commit is announced to this process's response cache. */
function writePrices(changes: PriceChange | PriceChange[]) {
  clock.advance(MINUTE);
  return transactionAnnouncingChanges(api.database.db, (tx) => api.app.services.prices.write(tx, changes));
}

async function deliveredTo(email: string): Promise<ParsedMail[]> {
  const from = sink.received.length;
  await api.app.services.outbox.deliverDue();
  return sink.received
    .slice(from)
    .filter((mail) => mail.to.includes(email))
    .map((mail) => parseMail(mail.raw));
}

async function confirmedAlert(pair: { medicationId: string; dosage: string }, email: string, kind: string) {
  // A moment of its own: confirming looks at the rows written at that moment (alert-watch.ts).
  clock.advance(MINUTE);
  const res = await post(urlOf(publicEndpoints.createPriceAlert), { email, ...pair, kind, consent: true });
  expect(res.statusCode, res.body).toBe(201);
  const [confirmation] = await deliveredTo(email);
  if (!confirmation) throw new Error("no confirmation email");
  const confirmed = await post(
    urlOf(publicEndpoints.confirmEmail, {
      query: { token: linkToken(confirmation.text, `${SITE}/confirm`) },
    }),
  );
  expect(confirmed.statusCode).toBe(200);
  const [alert] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.email, email));
  if (!alert) throw new Error("alert not stored");
  return alert;
}

describe("back in stock, and the supply notice in the alert email", () => {
  it("fires when the dose comes back at one pharmacy after being out of stock at every one, with the notice", async () => {
    const pair = { medicationId: "wegovy", dosage: WEGOVY_TOP };
    const email = "restock@example.co.uk";
    const alert = await confirmedAlert(pair, email, "back-in-stock");
    const listed = await api.database.db
      .select()
      .from(prices)
      .where(and(eq(prices.medicationId, pair.medicationId), eq(prices.dosage, pair.dosage)));
    expect(listed.length).toBeGreaterThan(1);

    // Out of stock everywhere: nothing to say yet.
    const out = await writePrices(
      listed.map((row) => ({ ...pair, pharmacyId: row.pharmacyId, price: row.price, inStock: false })),
    );
    expect(out.triggeredAlerts).toEqual([]);
    expect((await conditionPage({ medication: "Wegovy", dosage: WEGOVY_TOP })).stock?.inStock).toBe(0);

    // One pharmacy back: the email, naming it, with the active notice and its source.
    const back = listed.at(-1);
    if (!back) throw new Error("no price");
    const fired = await writePrices({
      ...pair,
      pharmacyId: back.pharmacyId,
      price: back.price,
      inStock: true,
    });
    expect(fired.triggeredAlerts).toEqual([alert.id]);
    const [mail] = await deliveredTo(email);
    expect(mail?.subject).toBe("Price alert: back in stock at a pharmacy");
    expect(mail?.text).toContain(`Wegovy ${WEGOVY_TOP} back in stock`);
    const [demo] = (await conditionPage({ medication: "Wegovy", dosage: WEGOVY_TOP })).supplyNotices;
    if (!demo) throw new Error("no active notice");
    expect(mail?.text).toContain("Supply notice");
    expect(mail?.text).toContain(demo.message);
    expect(mail?.text).toContain(`Source: www.gov.uk, ${formatDay(demo.sourceDate)}:\n${demo.sourceUrl}`);
    expect(mail?.html).toContain(
      `<h3 style="margin:24px 0 8px;font-size:17px;line-height:1.3;font-weight:700;color:#0f172a">Supply notice</h3>`,
    );

    await writePrices(
      listed.map((row) => ({ ...pair, pharmacyId: row.pharmacyId, price: row.price, inStock: row.inStock })),
    );
  });

  it("fires when a pharmacy lists the dose in stock for the first time while every other is out, not before", async () => {
    const pair = { medicationId: "wegovy", dosage: WEGOVY_TOP };
    const email = "firstlisting@example.co.uk";
    const alert = await confirmedAlert(pair, email, "back-in-stock");
    const listed = await api.database.db
      .select()
      .from(prices)
      .where(and(eq(prices.medicationId, pair.medicationId), eq(prices.dosage, pair.dosage)));
    const [newcomer, later] = (await api.app.services.pharmacies.listPublic()).filter(
      (pharmacy) => !listed.some((row) => row.pharmacyId === pharmacy.id),
    );
    if (!newcomer || !later) throw new Error("every pharmacy lists it");
    const price = listed[0]?.price ?? 200;

    // A new listing while others have it in stock is not "back".
    const ordinary = await writePrices({ ...pair, pharmacyId: later.id, price, inStock: true });
    expect(ordinary.triggeredAlerts).toEqual([]);
    const all = [...listed.map((row) => row.pharmacyId), later.id];
    await writePrices(all.map((pharmacyId) => ({ ...pair, pharmacyId, price, inStock: false })));
    // Out everywhere, then a pharmacy that never listed it has it in stock: the dose is back.
    const fired = await writePrices({ ...pair, pharmacyId: newcomer.id, price, inStock: true });
    expect(fired.triggeredAlerts).toEqual([alert.id]);
    const [mail] = await deliveredTo(email);
    expect(mail?.text).toContain(`${newcomer.name} has Wegovy ${WEGOVY_TOP} back in stock`);

    await writePrices([
      ...listed.map((row) => ({
        ...pair,
        pharmacyId: row.pharmacyId,
        price: row.price,
        inStock: row.inStock,
      })),
      { ...pair, pharmacyId: newcomer.id, remove: true as const },
      { ...pair, pharmacyId: later.id, remove: true as const },
    ]);
  });

  it("carries no notice for a dosage without one", async () => {
    const pair = { medicationId: "wegovy", dosage: WEGOVY_LOW };
    const email = "nonotice@example.co.uk";
    const alert = await confirmedAlert(pair, email, "any-fall");
    const cheapest = await api.app.services.prices.lowest(pair.medicationId, pair.dosage);
    if (!cheapest) throw new Error("no price");
    const fired = await writePrices({
      ...pair,
      pharmacyId: cheapest.pharmacyId,
      price: Math.round(cheapest.price * 100 - 100) / 100,
    });
    expect(fired.triggeredAlerts).toEqual([alert.id]);
    const [mail] = await deliveredTo(email);
    expect(mail?.text).not.toContain("Supply notice");
  });
});
