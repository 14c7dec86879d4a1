import {
  CONSENT_WORDING,
  emailLinkMessages,
  formatPounds,
  manageAlertsMessages,
  PRICE_ALERT_KIND_WORDS,
  PRICE_ALERT_RULES,
  type PriceAlertKind,
  publicEndpoints,
  targetTooHighMessage,
} from "@pharmacompare/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentEvents, emailLinks, priceAlerts, priceHistory } from "../src/db/schema.ts";
import type { PriceChange } from "../src/modules/prices/price-service.ts";
import { HOUR, MINUTE } from "./admin-helpers.ts";
import { linkToken, type ParsedMail, parseMail } from "./mail-message.ts";
import { createSmtpSink } from "./smtp-sink.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * Alerts that watch for any fall, the lowest price in 90 days or a pharmacy back in stock (issue 30,
 * decision 043), over SMTP on a real database: each fires from the one price-write path, in the
 * write's transaction, at most once a UK day; the target kind behaves as before; and the manage
 * link in every alert email opens every alert of the address, to pause, re-target, delete or stop.
 */
const SITE = "https://www.pharmacompare.example";
const API = "https://api.pharmacompare.example";
const DAY = 24 * HOUR;

// Noon UTC (12:00 or 13:00 in London) a few days after the seed's history ends, moved on by whole
// days and minutes only: each test's "same day" never straddles London's midnight.
let current = new Date(Math.ceil(Date.now() / DAY) * DAY + 3 * DAY + 12 * HOUR);
const clock = {
  now: () => current,
  advance(ms: number) {
    current = new Date(current.getTime() + ms);
  },
};

const sink = createSmtpSink();
let api: TestApi;
beforeAll(async () => {
  await sink.start();
  api = await createTestApi(
    { SMTP_URL: sink.url, SITE_URL: SITE, API_URL: API, WRITE_RATE_LIMIT: "1000" },
    { now: clock.now },
  );
});
afterAll(async () => {
  await api?.close();
  await sink.stop();
});

let address = 0;
function post(url: string, payload?: unknown) {
  return api.app.inject({
    method: "POST",
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: `198.51.100.${(address++ % 250) + 1}`,
  });
}

interface Pair {
  medicationId: string;
  dosage: string;
}

async function lowest(pair: Pair) {
  const price = await api.app.services.prices.lowest(pair.medicationId, pair.dosage);
  if (!price) throw new Error(`no in-stock price for ${pair.medicationId} ${pair.dosage}`);
  return price;
}

/** The lowest in-stock price the pair ever had: a price under it is a new 90-day low for sure. */
async function lowestEver(pair: Pair): Promise<number> {
  const [row] = await api.database.db
    .select({ price: sql<string>`min(${priceHistory.price})` })
    .from(priceHistory)
    .where(
      and(
        eq(priceHistory.medicationId, pair.medicationId),
        eq(priceHistory.dosage, pair.dosage),
        eq(priceHistory.inStock, true),
      ),
    );
  return Number(row?.price);
}

const pence = (pounds: number) => Math.round(pounds * 100) / 100;

function writePrices(changes: PriceChange | PriceChange[]) {
  clock.advance(MINUTE);
  return api.database.db.transaction((tx) => api.app.services.prices.write(tx, changes));
}

function mailTo(email: string, from = 0): ParsedMail[] {
  return sink.received
    .slice(from)
    .filter((mail) => mail.to.includes(email))
    .map((mail) => parseMail(mail.raw));
}

/** Delivers what is due and answers the messages `email` received meanwhile. */
async function deliveredTo(email: string): Promise<ParsedMail[]> {
  const from = sink.received.length;
  await api.app.services.outbox.deliverDue();
  return mailTo(email, from);
}

function alertBody(pair: Pair, email: string, kind: PriceAlertKind | undefined, targetPrice?: number) {
  return {
    email,
    medicationId: pair.medicationId,
    dosage: pair.dosage,
    ...(kind === undefined ? {} : { kind }),
    ...(targetPrice === undefined ? {} : { targetPrice }),
    consent: true,
  };
}

/** An alert set on the form's API and confirmed from the link in its real email. */
async function confirmedAlert(pair: Pair, email: string, kind: PriceAlertKind, targetPrice?: number) {
  const res = await post(urlOf(publicEndpoints.createPriceAlert), alertBody(pair, email, kind, targetPrice));
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
  return { alert, confirmation, answer: confirmed.json() as { message: string } };
}

describe("an alert's kind, checked at the edge", () => {
  const pair = { medicationId: "viagra", dosage: "50mg x 4 tablets" };

  it("refuses an unknown kind, and a target alert without a target, storing nothing", async () => {
    const count = async () => (await api.database.db.select().from(priceAlerts)).length;
    const before = await count();
    const unknown = await post(
      urlOf(publicEndpoints.createPriceAlert),
      alertBody(pair, "kind@example.co.uk", "sometimes" as PriceAlertKind, 1),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.kind).toMatch(/must be one of target, any-fall, low-90-days, back-in-stock/);
    const noTarget = await post(
      urlOf(publicEndpoints.createPriceAlert),
      alertBody(pair, "kind@example.co.uk", "target"),
    );
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().fields.targetPrice).toBe("is required for a target price alert");
    expect(await count()).toBe(before);
  });

  it("keeps no target for the other kinds, even when the form sends one, and names the kind in its confirmation", async () => {
    const res = await post(
      urlOf(publicEndpoints.createPriceAlert),
      alertBody(pair, "nofall@example.co.uk", "any-fall", 1.5),
    );
    expect(res.statusCode).toBe(201);
    const [alert] = await api.database.db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.email, "nofall@example.co.uk"));
    expect(alert).toMatchObject({ kind: "any-fall", targetPrice: null, status: "active", confirmedAt: null });
    const [confirmation] = await deliveredTo("nofall@example.co.uk");
    expect(confirmation?.text).toContain("What this alert watches: Any fall in the lowest in-stock price");
    expect(confirmation?.text).not.toContain("Your target price");
    expect(confirmation?.text).toContain(`${SITE}/manage-emails?token=`);
    const [event] = await api.database.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.priceAlertId, alert?.id ?? ""));
    expect(event).toMatchObject({ wordingVersion: CONSENT_WORDING.priceAlert.version });
    expect(event?.terms).toMatchObject({ kind: "any-fall", targetPrice: null });
  });

  it("stores an alert without a kind as the specification's target alert, which fires once and is done", async () => {
    const target = pence((await lowest(pair)).price - 1);
    const res = await post(
      urlOf(publicEndpoints.createPriceAlert),
      alertBody(pair, "plain@example.co.uk", undefined, target),
    );
    expect(res.statusCode).toBe(201);
    const [confirmation] = await deliveredTo("plain@example.co.uk");
    const confirmed = await post(
      urlOf(publicEndpoints.confirmEmail, {
        query: { token: linkToken(confirmation?.text ?? "", `${SITE}/confirm`) },
      }),
    );
    expect(confirmed.json()).toEqual({ message: emailLinkMessages.alertConfirmed, kind: "price-alert" });
    const [alert] = await api.database.db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.email, "plain@example.co.uk"));
    expect(alert).toMatchObject({ kind: "target", targetPrice: target });

    const cheapest = await lowest(pair);
    const drop = pence(target - 0.5);
    const fired = await writePrices({ ...pair, pharmacyId: cheapest.pharmacyId, price: drop });
    expect(fired.triggeredAlerts).toEqual([alert?.id]);
    const [mail] = await deliveredTo("plain@example.co.uk");
    expect(mail?.subject).toBe(`Price alert: your target price is met at ${formatPounds(drop)}`);
    expect(mail?.text).toContain(
      `What this alert watches: The lowest price reaching your target of ${formatPounds(target)}`,
    );
    expect(mail?.text).toContain(`${SITE}/manage-emails?token=`);
    // Done: a lower price the next day fires nothing more.
    clock.advance(DAY);
    const again = await writePrices({ ...pair, pharmacyId: cheapest.pharmacyId, price: pence(drop - 0.5) });
    expect(again.triggeredAlerts).toEqual([]);
    expect(await deliveredTo("plain@example.co.uk")).toEqual([]);
    await writePrices({ ...pair, pharmacyId: cheapest.pharmacyId, price: cheapest.price });
  });
});

describe("another kind asked for a confirmed alert", () => {
  it("is held until the address confirms it from the new email, as a new target is (decision 031)", async () => {
    const pair = { medicationId: "viagra", dosage: "50mg x 4 tablets" };
    const email = "change-kind@example.co.uk";
    const target = pence((await lowest(pair)).price - 1);
    const { alert } = await confirmedAlert(pair, email, "target", target);
    const again = await post(
      urlOf(publicEndpoints.createPriceAlert),
      alertBody(pair, email, "back-in-stock", target),
    );
    expect(again.statusCode).toBe(201);
    const [held] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert.id));
    expect(held).toMatchObject({ kind: "target", targetPrice: target });
    const [change] = await deliveredTo(email);
    expect(change?.subject).toBe("Confirm the change to your price alert");
    expect(change?.text).toContain("What this alert watches: A pharmacy back in stock");
    const confirmed = await post(
      urlOf(publicEndpoints.confirmEmail, {
        query: { token: linkToken(change?.text ?? "", `${SITE}/confirm`) },
      }),
    );
    expect(confirmed.json()).toMatchObject({
      message: PRICE_ALERT_KIND_WORDS["back-in-stock"].confirmed,
      change: true,
    });
    const [applied] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert.id));
    expect(applied).toMatchObject({ kind: "back-in-stock", targetPrice: null, status: "active" });
  });
});

describe("alerts that fire at most once a day, from the price-write path", () => {
  it("any fall: fires on a fall, not on a second fall the same day nor on a rise, and again on the next day's fall", async () => {
    const pair = { medicationId: "levitra", dosage: "10mg x 4 tablets" };
    const email = "fall@example.co.uk";
    const { alert, answer } = await confirmedAlert(pair, email, "any-fall");
    expect(answer.message).toBe(PRICE_ALERT_KIND_WORDS["any-fall"].confirmed);
    const pharmacyId = (await lowest(pair)).pharmacyId;
    const was = (await lowest(pair)).price;
    const x = pence((await lowestEver(pair)) - 2);

    const first = await writePrices({ ...pair, pharmacyId, price: x });
    expect(first.triggeredAlerts).toEqual([alert.id]);
    const [mail] = await deliveredTo(email);
    expect(mail?.subject).toBe(`Price alert: the lowest price fell to ${formatPounds(x)}`);
    expect(mail?.subject).not.toContain("Levitra");
    expect(mail?.text).toContain(`Levitra 10mg x 4 tablets is now ${formatPounds(x)}`);
    const fell = (Math.round(was * 100) - Math.round(x * 100)) / 100;
    expect(mail?.text).toContain(
      `down ${formatPounds(fell)} (${Math.round((fell / was) * 100)}%) from ${formatPounds(was)}`,
    );
    // "Compare prices" opens the condition page with this medication AND this dosage (issue 41).
    expect(mail?.text).toContain(
      `Compare prices:\n${SITE}/condition/erectile-dysfunction?${new URLSearchParams({ medication: "Levitra", dosage: pair.dosage })}\n`,
    );
    expect(mail?.text).toContain("What this alert watches: Any fall in the lowest in-stock price");
    expect(mail?.text).toContain(`${SITE}/manage-emails?token=`);
    const [stillOn] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert.id));
    expect(stillOn).toMatchObject({ status: "active", triggeredAt: clock.now(), currentPrice: x });

    expect((await writePrices({ ...pair, pharmacyId, price: pence(x - 1) })).triggeredAlerts).toEqual([]);
    expect((await writePrices({ ...pair, pharmacyId, price: pence(x + 1.5) })).triggeredAlerts).toEqual([]);
    expect(await deliveredTo(email)).toEqual([]);

    clock.advance(DAY);
    expect((await writePrices({ ...pair, pharmacyId, price: pence(x + 0.5) })).triggeredAlerts).toEqual([
      alert.id,
    ]);
    expect((await deliveredTo(email)).map((m) => m.subject)).toEqual([
      `Price alert: the lowest price fell to ${formatPounds(pence(x + 0.5))}`,
    ]);
  });

  it("lowest in 90 days: fires below every price of the 90 days before, not on a smaller fall, once a day", async () => {
    const pair = { medicationId: "vardenafil", dosage: "10mg x 4 tablets" };
    const email = "low@example.co.uk";
    const { alert } = await confirmedAlert(pair, email, "low-90-days");
    const pharmacyId = (await lowest(pair)).pharmacyId;
    const x = pence((await lowestEver(pair)) - 2);

    expect((await writePrices({ ...pair, pharmacyId, price: x })).triggeredAlerts).toEqual([alert.id]);
    const [mail] = await deliveredTo(email);
    expect(mail?.subject).toBe(`Price alert: the lowest price in 90 days, ${formatPounds(x)}`);
    expect(mail?.text).toContain("What this alert watches: The lowest in-stock price in 90 days");
    // A second new low the same day: no second email.
    expect((await writePrices({ ...pair, pharmacyId, price: pence(x - 0.5) })).triggeredAlerts).toEqual([]);

    clock.advance(DAY);
    // A rise, then a fall that stays above the 90-day low: no email.
    await writePrices({ ...pair, pharmacyId, price: pence(x + 1) });
    expect((await writePrices({ ...pair, pharmacyId, price: pence(x + 0.5) })).triggeredAlerts).toEqual([]);
    expect(await deliveredTo(email)).toEqual([]);
    // Below the 90 days' lowest (x − 0.50): the next day's email.
    expect((await writePrices({ ...pair, pharmacyId, price: pence(x - 1) })).triggeredAlerts).toEqual([
      alert.id,
    ]);
    expect(await deliveredTo(email)).toHaveLength(1);
  });

  it("back in stock: fires when a pharmacy's out-of-stock price comes back, naming it, once a day", async () => {
    const pair = { medicationId: "spedra", dosage: "100mg x 4 tablets" };
    const email = "stock@example.co.uk";
    const { alert } = await confirmedAlert(pair, email, "back-in-stock");
    const offers = await api.app.services.prices.forMedication(pair.medicationId, pair.dosage);
    const pharmacy = offers.find((offer) => offer.inStock);
    if (!pharmacy) throw new Error("no in-stock offer");
    const row = { ...pair, pharmacyId: pharmacy.pharmacyId, price: pharmacy.price };

    expect((await writePrices({ ...row, inStock: false })).triggeredAlerts).toEqual([]);
    // A price change that stays out of stock brings nothing back.
    expect(
      (await writePrices({ ...row, price: pence(row.price + 1), inStock: false })).triggeredAlerts,
    ).toEqual([]);
    expect((await writePrices({ ...row, inStock: true })).triggeredAlerts).toEqual([alert.id]);
    const [mail] = await deliveredTo(email);
    expect(mail?.subject).toBe("Price alert: back in stock at a pharmacy");
    expect(mail?.text).toContain(
      `${pharmacy.pharmacy.name} has Spedra 100mg x 4 tablets back in stock, at ${formatPounds(row.price)}.`,
    );
    expect(mail?.text).toContain("What this alert watches: A pharmacy back in stock");

    await writePrices({ ...row, inStock: false });
    expect((await writePrices({ ...row, inStock: true })).triggeredAlerts).toEqual([]);
    // A price write that was in stock before is not "back".
    clock.advance(DAY);
    expect(
      (await writePrices({ ...row, price: pence(row.price + 0.5), inStock: true })).triggeredAlerts,
    ).toEqual([]);
    await writePrices({ ...row, inStock: false });
    expect((await writePrices({ ...row, inStock: true })).triggeredAlerts).toEqual([alert.id]);
    expect(await deliveredTo(email)).toHaveLength(1);
  });
});

describe("manage my alerts, from the link in an alert email", () => {
  const pair = { medicationId: "priligy", dosage: "30mg x 3 tablets" };
  const other = { medicationId: "dapoxetine", dosage: "30mg x 3 tablets" };
  const email = "manage@example.co.uk";
  let token = "";
  const alertsUrl = () => urlOf(publicEndpoints.managedAlerts, { query: { token } });
  const act = (body: unknown) => post(urlOf(publicEndpoints.manageAlert, { query: { token } }), body);
  const alertsOf = async () => api.database.db.select().from(priceAlerts).where(eq(priceAlerts.email, email));

  beforeAll(async () => {
    const fall = await confirmedAlert(pair, email, "any-fall");
    const target = pence((await lowest(other)).price - 1);
    await confirmedAlert(other, email, "target", target);
    token = linkToken(fall.confirmation.text, `${SITE}/manage-emails`);
  });

  it("lists every alert of the address, masked, and refuses a token that is no link", async () => {
    const res = await api.app.inject({ method: "GET", url: alertsUrl() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.email).toBe("m•••@example.co.uk");
    expect(body.alerts.map((alert: { kind: string }) => alert.kind).sort()).toEqual(["any-fall", "target"]);
    expect(body.alerts[0]).toMatchObject({ status: "active", confirmed: true, paused: false });
    const unknown = await api.app.inject({
      method: "GET",
      url: urlOf(publicEndpoints.managedAlerts, { query: { token: "x".repeat(43) } }),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(emailLinkMessages.unknownLink);
  });

  it("pauses an alert so a price write fires nothing, and resumes it", async () => {
    const [fall] = (await alertsOf()).filter((alert) => alert.kind === "any-fall");
    if (!fall) throw new Error("no any-fall alert");
    const paused = await act({ action: "pause", alertId: fall.id });
    expect(paused.json()).toEqual({ message: manageAlertsMessages.paused });
    clock.advance(DAY);
    const cheapest = await lowest(pair);
    const x = pence((await lowestEver(pair)) - 2);
    expect(
      (await writePrices({ ...pair, pharmacyId: cheapest.pharmacyId, price: x })).triggeredAlerts,
    ).toEqual([]);
    expect(await deliveredTo(email)).toEqual([]);

    expect((await act({ action: "resume", alertId: fall.id })).json()).toEqual({
      message: manageAlertsMessages.resumed,
    });
    expect(
      (await writePrices({ ...pair, pharmacyId: cheapest.pharmacyId, price: pence(x - 1) })).triggeredAlerts,
    ).toEqual([fall.id]);
    const [mail] = await deliveredTo(email);
    // The email's own manage link works as the first one did.
    token = linkToken(mail?.text ?? "", `${SITE}/manage-emails`);
    expect((await api.app.inject({ method: "GET", url: alertsUrl() })).statusCode).toBe(200);
  });

  it("changes a target only below today's lowest price, recording the change as consent from the inbox", async () => {
    const [alert] = (await alertsOf()).filter((row) => row.kind === "target");
    if (!alert) throw new Error("no target alert");
    const now = (await lowest(other)).price;
    const tooHigh = await act({ action: "target", alertId: alert.id, targetPrice: now });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().fields.targetPrice).toBe(targetTooHighMessage(now));
    const ofAnyFall = (await alertsOf()).find((row) => row.kind === "any-fall");
    const noTarget = await act({ action: "target", alertId: ofAnyFall?.id, targetPrice: 1 });
    expect(noTarget.statusCode).toBe(400);
    expect((await alertsOf()).find((row) => row.id === alert.id)?.targetPrice).toBe(alert.targetPrice);

    const lower = pence(now - 2);
    const changed = await act({ action: "target", alertId: alert.id, targetPrice: lower });
    expect(changed.json()).toEqual({ message: manageAlertsMessages.targetChanged });
    expect((await alertsOf()).find((row) => row.id === alert.id)).toMatchObject({ targetPrice: lower });
    const events = await api.database.db
      .select()
      .from(consentEvents)
      .where(and(eq(consentEvents.priceAlertId, alert.id), eq(consentEvents.source, "manage-link")));
    expect(events.map((event) => event.terms)).toEqual([expect.objectContaining({ targetPrice: lower })]);
  });

  it("sets a finished alert again, checked as a new alert is; pauses only an alert that is on (issue 41)", async () => {
    const [alert] = (await alertsOf()).filter((row) => row.kind === "target");
    if (!alert?.targetPrice) throw new Error("no target alert");
    // It fires: the lowest price reaches its target.
    const cheapest = await lowest(other);
    expect(
      (await writePrices({ ...other, pharmacyId: cheapest.pharmacyId, price: alert.targetPrice }))
        .triggeredAlerts,
    ).toEqual([alert.id]);
    const pause = await act({ action: "pause", alertId: alert.id });
    expect(pause.statusCode).toBe(409);
    expect(pause.json().error).toBe(manageAlertsMessages.ended);

    const now = (await lowest(other)).price;
    const tooHigh = await act({ action: "set-again", alertId: alert.id, targetPrice: now });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().fields.targetPrice).toBe(targetTooHighMessage(now));
    const none = await act({ action: "set-again", alertId: alert.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toHaveProperty("targetPrice");
    const notMoney = await act({ action: "set-again", alertId: alert.id, targetPrice: 1.234 });
    expect(notMoney.statusCode).toBe(400);
    expect((await alertsOf()).find((row) => row.id === alert.id)).toMatchObject({ status: "triggered" });

    const target = pence(now - 1);
    const again = await act({ action: "set-again", alertId: alert.id, targetPrice: target });
    expect(again.json()).toEqual({ message: manageAlertsMessages.setAgain });
    const ttl = PRICE_ALERT_RULES.defaultTtlDays * DAY;
    expect((await alertsOf()).find((row) => row.id === alert.id)).toMatchObject({
      status: "active",
      targetPrice: target,
      triggeredAt: null,
      pausedAt: null,
      expiresAt: new Date(clock.now().getTime() + ttl),
    });
    const listed = (await api.app.inject({ method: "GET", url: alertsUrl() })).json();
    expect(listed.alerts.find((row: { id: string }) => row.id === alert.id)).toMatchObject({
      status: "active",
      targetPrice: target,
    });
    // On again: nothing to set again, and it pauses.
    const twice = await act({ action: "set-again", alertId: alert.id, targetPrice: pence(target - 1) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(manageAlertsMessages.stillOn);

    // One that ran out is set again for a new term, with no target for a kind that has none.
    const [fall] = (await alertsOf()).filter((row) => row.kind === "any-fall");
    if (!fall) throw new Error("no any-fall alert");
    await api.database.db
      .update(priceAlerts)
      .set({ status: "expired", expiresAt: new Date(clock.now().getTime() - DAY) })
      .where(eq(priceAlerts.id, fall.id));
    expect((await act({ action: "set-again", alertId: fall.id, targetPrice: 1 })).json()).toEqual({
      message: manageAlertsMessages.setAgain,
    });
    expect((await alertsOf()).find((row) => row.id === fall.id)).toMatchObject({
      status: "active",
      targetPrice: null,
      expiresAt: new Date(clock.now().getTime() + ttl),
    });
    const events = await api.database.db
      .select()
      .from(consentEvents)
      .where(and(eq(consentEvents.priceAlertId, alert.id), eq(consentEvents.source, "manage-link")));
    expect(events.map((event) => event.terms)).toContainEqual(
      expect.objectContaining({ targetPrice: target }),
    );
  });

  it("refuses an alert of another address, changing nothing", async () => {
    const { alert } = await confirmedAlert(pair, "someone-else@example.co.uk", "any-fall");
    for (const action of ["pause", "delete"]) {
      const res = await act({ action, alertId: alert.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(manageAlertsMessages.notYours);
    }
    const [still] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert.id));
    expect(still).toMatchObject({ status: "active", pausedAt: null });
  });

  it("deletes one alert (the link still opens the rest) and stops all the others", async () => {
    const [first, second] = await alertsOf();
    if (!first || !second) throw new Error("two alerts expected");
    expect((await act({ action: "delete", alertId: first.id })).json()).toEqual({
      message: manageAlertsMessages.deleted,
    });
    const listed = (await api.app.inject({ method: "GET", url: alertsUrl() })).json();
    expect(listed.alerts.map((alert: { id: string }) => alert.id)).toEqual([second.id]);

    expect((await act({ action: "stop-all" })).json()).toEqual({ message: manageAlertsMessages.stoppedAll });
    expect((await alertsOf()).map((alert) => alert.status)).toEqual(["cancelled"]);
    // The manage links name the address, not an alert: they outlive both.
    const links = await api.database.db.select().from(emailLinks).where(eq(emailLinks.purpose, "manage"));
    expect(links.length).toBeGreaterThan(0);
  });
});
