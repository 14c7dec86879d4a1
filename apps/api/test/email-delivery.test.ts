import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import {
  emailLinkMessages,
  formatPounds,
  publicEndpoints,
  subscriptionMessages,
} from "@pharmacompare/contract";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { scheduleJobs } from "../src/background.ts";
import { emailOutbox, priceAlerts, priceHistory, prices, subscriptions } from "../src/db/schema.ts";
import { loggerOptions } from "../src/logger.ts";
import {
  DELIVERY_LANES,
  OUTBOX_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
} from "../src/modules/outbox/outbox-service.ts";
import type { PriceChange } from "../src/modules/prices/price-service.ts";
import { HOUR, MINUTE, SECOND, testClock } from "./admin-helpers.ts";
import { linkToken, type ParsedMail, parseMail } from "./mail-message.ts";
import { createSmtpSink } from "./smtp-sink.ts";
import { concurrencyTest, confirmAllPrices, createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * Email that really goes out: the outbox worker delivering to a real SMTP server on loopback
 * (smtp-server), the double opt-in, the one price-write path firing alerts, one-click
 * unsubscribe, an SMTP outage, two workers on one database, and a clean stop.
 */
const SITE = "https://www.pharmacompare.example";
const API = "https://api.pharmacompare.example";
const MAIL_FROM = "PharmaCompare <alerts@pharmacompare.example>";
const MEDICATION = "viagra";
const DOSAGE = "50mg x 4 tablets";

const sink = createSmtpSink();
const clock = testClock({ frozen: true });
let api: TestApi;

beforeAll(async () => {
  await sink.start();
  api = await createTestApi(
    { SMTP_URL: sink.url, SITE_URL: SITE, API_URL: API, MAIL_FROM, WRITE_RATE_LIMIT: "1000" },
    { now: clock.now },
  );
});
afterAll(async () => {
  await api?.close();
  await sink.stop();
});
beforeEach(async () => {
  clock.advance(2 * HOUR);
  // The catalogue's feeds keep running while the clock moves on (decision 048).
  await confirmAllPrices(api, clock.now());
});

let address = 0;
function post(url: string, payload?: unknown, app: FastifyInstance = api.app) {
  return app.inject({
    method: "POST",
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: `198.51.100.${(address++ % 250) + 1}`,
  });
}

async function lowest() {
  const price = await api.app.services.prices.lowest(MEDICATION, DOSAGE);
  if (!price) throw new Error("no in-stock price");
  return price;
}

async function setAlert(email: string, targetPrice?: number) {
  const current = await lowest();
  const res = await post(urlOf(publicEndpoints.createPriceAlert), {
    email,
    medicationId: MEDICATION,
    medicationName: "Viagra",
    dosage: DOSAGE,
    targetPrice: targetPrice ?? Math.round(current.price * 90) / 100,
    currentPrice: current.price,
    lowestPharmacy: current.pharmacy.name,
    consent: true,
  });
  expect(res.statusCode).toBe(201);
  const [alert] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.email, email));
  if (!alert) throw new Error("alert not stored");
  // A target alert (the default kind) always has its target.
  const stored = alert.targetPrice;
  if (stored === null) throw new Error("target alert stored without its target");
  return { ...alert, targetPrice: stored };
}

/** The messages received since `from`, parsed, for one recipient. */
function mailTo(email: string, from = 0): ParsedMail[] {
  return sink.received
    .slice(from)
    .filter((mail) => mail.to.includes(email))
    .map((mail) => parseMail(mail.raw));
}

/** The one message to `email` received since `from`. */
function onlyMailTo(email: string, from = 0): ParsedMail {
  const mails = mailTo(email, from);
  expect(mails, `messages to ${email}`).toHaveLength(1);
  return mails[0] as ParsedMail;
}

/** The one-click address of a message's List-Unsubscribe header, as a path on our API. */
function oneClickPath(mail: ParsedMail): string {
  const header = mail.header("list-unsubscribe") ?? "";
  const url = /^<([^>]+)>$/.exec(header)?.[1];
  if (!url) throw new Error(`List-Unsubscribe is ${header}`);
  expect(url.startsWith(`${API}/api/email/unsubscribe?token=`)).toBe(true);
  return url.slice(API.length);
}

async function confirmFrom(mail: ParsedMail) {
  const res = await post(
    urlOf(publicEndpoints.confirmEmail, { query: { token: linkToken(mail.text, `${SITE}/confirm`) } }),
  );
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The one price-write path, as the back-office will call it: in a transaction of the caller's. */
function writePrices(changes: PriceChange | PriceChange[]) {
  return api.database.db.transaction((tx) => api.app.services.prices.write(tx, changes));
}

/** A confirmed alert (its confirmation delivered and clicked), ready to fire. */
async function confirmedAlert(email: string, targetPrice?: number) {
  const alert = await setAlert(email, targetPrice);
  const from = sink.received.length;
  await api.app.services.outbox.deliverDue();
  await confirmFrom(onlyMailTo(email, from));
  return alert;
}

describe("the double opt-in, the price-write path and one-click unsubscribe, over SMTP", () => {
  it("delivers both confirmations, fires a confirmed alert on a price write, and unsubscribes by the header's one-click address", async () => {
    const current = await lowest();
    const start = sink.received.length;
    const alert = await setAlert("alice@example.co.uk");
    const subscribed = await post(urlOf(publicEndpoints.subscribe), {
      email: "bob@example.co.uk",
      source: "popup",
    });
    expect(subscribed.json()).toEqual({ message: subscriptionMessages.success });

    expect(await api.app.services.outbox.deliverDue()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(await api.app.services.outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    // The alert's confirmation.
    const confirmation = onlyMailTo("alice@example.co.uk", start);
    expect(sink.received.slice(start).map((mail) => mail.from)).toEqual([
      "alerts@pharmacompare.example",
      "alerts@pharmacompare.example",
    ]);
    expect(confirmation.header("from")).toBe(MAIL_FROM);
    expect(confirmation.header("to")).toBe("alice@example.co.uk");
    expect(confirmation.subject).toBe("Confirm your price alert");
    expect(confirmation.header("message-id")).toMatch(/^<[0-9a-f]{32}@pharmacompare\.example>$/);
    expect(confirmation.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    oneClickPath(confirmation);
    for (const body of [confirmation.text, confirmation.html]) {
      expect(body).toContain(formatPounds(alert.targetPrice));
      expect(body).toContain(`${formatPounds(current.price)} at `);
      expect(body).toContain(`${SITE}/confirm?token=`);
      expect(body).toContain(`${SITE}/unsubscribe?token=`);
    }
    expect(confirmation.text).toMatch(/Alert ends: \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(confirmation.html).toContain('<html lang="en-GB">');

    // The subscription's, counted on the subscription.
    const welcome = onlyMailTo("bob@example.co.uk", start);
    expect(welcome.subject).toBe("Confirm your PharmaCompare price updates");
    oneClickPath(welcome);
    const [bob] = await api.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, "bob@example.co.uk"));
    expect(bob).toMatchObject({ emailsSentCount: 1, lastEmailSent: clock.now(), confirmedAt: null });

    // Confirm both from the links in the emails.
    expect(await confirmFrom(confirmation)).toEqual({
      message: emailLinkMessages.alertConfirmed,
      kind: "price-alert",
    });
    expect(await confirmFrom(welcome)).toEqual({
      message: emailLinkMessages.subscriptionConfirmed,
      kind: "subscription",
    });

    // A price write above the target changes the alert's current price but fires nothing.
    const pharmacyId = current.pharmacyId;
    const above = Math.round((alert.targetPrice + 0.5) * 100) / 100;
    expect(
      await writePrices({ medicationId: MEDICATION, pharmacyId, dosage: DOSAGE, price: above }),
    ).toMatchObject({
      written: 1,
      triggeredAlerts: [],
    });
    expect(await api.app.services.outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    // One below it fires the alert, records the history, and queues the price-drop email.
    const [seen] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert.id));
    const before = seen?.currentPrice ?? Number.NaN;
    clock.advance(MINUTE);
    const drop = Math.round((alert.targetPrice - 1) * 100) / 100;
    const at = clock.now();
    const result = await writePrices({ medicationId: MEDICATION, pharmacyId, dosage: DOSAGE, price: drop });
    expect(result).toEqual({ written: 1, confirmed: 0, removed: 0, triggeredAlerts: [alert.id] });
    const [fired] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert.id));
    expect(fired).toMatchObject({
      status: "triggered",
      triggeredAt: at,
      currentPrice: drop,
      lowestPharmacyName: current.pharmacy.name,
      lowestPharmacyPrice: drop,
    });
    const history = await api.database.db
      .select()
      .from(priceHistory)
      .where(
        and(
          eq(priceHistory.medicationId, MEDICATION),
          eq(priceHistory.pharmacyId, pharmacyId),
          eq(priceHistory.dosage, DOSAGE),
          eq(priceHistory.recordedAt, at),
        ),
      );
    expect(history.map((row) => row.price)).toEqual([drop]);
    const [stored] = await api.database.db
      .select()
      .from(prices)
      .where(
        and(
          eq(prices.medicationId, MEDICATION),
          eq(prices.pharmacyId, pharmacyId),
          eq(prices.dosage, DOSAGE),
        ),
      );
    expect(stored).toMatchObject({ price: drop, lastUpdated: at });

    const beforeDrop = sink.received.length;
    expect(await api.app.services.outbox.deliverDue()).toMatchObject({ sent: 1 });
    const priceDrop = onlyMailTo("alice@example.co.uk", beforeDrop);
    expect(priceDrop.subject).toBe(`Price alert: your target price is met at ${formatPounds(drop)}`);
    // By how much and to what it fell (issue 41): pounds and pence, and the share of what it was.
    const fell = (Math.round(before * 100) - Math.round(drop * 100)) / 100;
    expect(priceDrop.text).toContain(
      `Viagra 50mg x 4 tablets is now ${formatPounds(drop)} at ${current.pharmacy.name}, down ${formatPounds(fell)} (${Math.round((fell / before) * 100)}%) from ${formatPounds(before)}: at or below your target of ${formatPounds(alert.targetPrice)}.`,
    );
    // A prescription-only medicine the person asked about: the fact, and no call to buy (decision 040).
    expect(priceDrop.text).not.toMatch(/before you buy|deal|good news/i);
    expect(priceDrop.text).toContain("A prescriber at the pharmacy decides");
    // "Compare prices" opens the comparison of that medication and that dosage (issue 41).
    expect(priceDrop.text).toContain(
      `Compare prices:\n${SITE}/condition/erectile-dysfunction?${new URLSearchParams({ medication: "Viagra", dosage: DOSAGE })}\n`,
    );
    // A second write at the same low price fires nothing more: the alert has done its job.
    expect(
      (await writePrices({ medicationId: MEDICATION, pharmacyId, dosage: DOSAGE, price: drop }))
        .triggeredAlerts,
    ).toEqual([]);

    // The mail client's one-click unsubscribe, posted to the header's address.
    const oneClick = await api.app.inject({
      method: "POST",
      url: oneClickPath(priceDrop),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ message: emailLinkMessages.alertUnsubscribed, kind: "price-alert" });
    const [cancelled] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert.id));
    expect(cancelled?.status).toBe("cancelled");
    expect(cancelled?.triggeredAt).toEqual(at);

    // The web page's link (the footer's) carries a token the endpoint takes too.
    const pageToken = linkToken(welcome.text, `${SITE}/unsubscribe`);
    const viaPage = await post(urlOf(publicEndpoints.unsubscribe, { query: { token: pageToken } }));
    expect(viaPage.json()).toEqual({
      message: emailLinkMessages.subscriptionUnsubscribed,
      kind: "subscription",
    });
    const [gone] = await api.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, "bob@example.co.uk"));
    expect(gone).toMatchObject({ status: "unsubscribed", unsubscribedAt: clock.now() });
  });

  it("sends nothing but the confirmation until the address confirms; confirming after a drop fires at once", async () => {
    const alert = await setAlert("carol@example.co.uk");
    const start = sink.received.length;
    await api.app.services.outbox.deliverDue();
    const confirmation = onlyMailTo("carol@example.co.uk", start);

    const current = await lowest();
    const drop = Math.round((alert.targetPrice - 0.5) * 100) / 100;
    const result = await writePrices({
      medicationId: MEDICATION,
      pharmacyId: current.pharmacyId,
      dosage: DOSAGE,
      price: drop,
    });
    expect(result.triggeredAlerts).not.toContain(alert.id);
    await api.app.services.outbox.deliverDue();
    expect(mailTo("carol@example.co.uk", start)).toHaveLength(1);

    await confirmFrom(confirmation);
    const [fired] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert.id));
    expect(fired?.status).toBe("triggered");
    await api.app.services.outbox.deliverDue();
    expect(mailTo("carol@example.co.uk", start).map((mail) => mail.subject)).toEqual([
      confirmation.subject,
      `Price alert: your target price is met at ${formatPounds(drop)}`,
    ]);
  });

  it("fires on an out-of-stock price coming back in stock, and never on a price out of stock", async () => {
    const alert = await confirmedAlert("dave@example.co.uk");
    const current = await lowest();
    const cheap = Math.round((alert.targetPrice - 2) * 100) / 100;
    const pharmacy = current.pharmacyId;
    const out = await writePrices({
      medicationId: MEDICATION,
      pharmacyId: pharmacy,
      dosage: DOSAGE,
      price: cheap,
      inStock: false,
    });
    expect(out.triggeredAlerts).not.toContain(alert.id);
    const back = await writePrices({
      medicationId: MEDICATION,
      pharmacyId: pharmacy,
      dosage: DOSAGE,
      price: cheap,
      inStock: true,
    });
    expect(back.triggeredAlerts).toContain(alert.id);
    // Leave the price in stock but dear again, for the tests after.
    await writePrices({
      medicationId: MEDICATION,
      pharmacyId: pharmacy,
      dosage: DOSAGE,
      price: current.price + 50,
    });
    await api.app.services.outbox.deliverDue();
  });

  it("does not fire an alert past its expiry, even before the expiry job has run", async () => {
    const alert = await confirmedAlert("erin@example.co.uk");
    clock.advance(91 * 24 * HOUR);
    await confirmAllPrices(api, clock.now());
    const current = await lowest();
    const result = await writePrices({
      medicationId: MEDICATION,
      pharmacyId: current.pharmacyId,
      dosage: DOSAGE,
      price: Math.round((alert.targetPrice - 1) * 100) / 100,
    });
    expect(result.triggeredAlerts).not.toContain(alert.id);
    expect(await api.app.services.priceAlerts.expire()).toBeGreaterThanOrEqual(1);
    const [expired] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert.id));
    expect(expired?.status).toBe("expired");
    await writePrices({
      medicationId: MEDICATION,
      pharmacyId: current.pharmacyId,
      dosage: DOSAGE,
      price: current.price + 50,
    });
    await api.app.services.outbox.deliverDue();
  });

  it("acknowledges a contact message, with an unsubscribe link for the address", async () => {
    const start = sink.received.length;
    const res = await post(urlOf(publicEndpoints.sendContactMessage), {
      name: "Frank",
      email: "frank@example.co.uk",
      subject: "technical",
      message: "The page would not load for me.",
    });
    expect(res.statusCode).toBe(201);
    await api.app.services.outbox.deliverDue();
    const acknowledgement = onlyMailTo("frank@example.co.uk", start);
    expect(acknowledgement.subject).toBe("We've received your message");
    expect(acknowledgement.text).toContain('"Technical Issue"');
    const oneClick = await api.app.inject({ method: "POST", url: oneClickPath(acknowledgement) });
    expect(oneClick.json()).toEqual({ message: emailLinkMessages.addressUnsubscribed, kind: "address" });
  });
});

describe("delivery when things go wrong", () => {
  /** Two confirmed alerts ready to fire on one price write, and that write's function. */
  async function twoReadyAlerts(prefix: string) {
    const first = await confirmedAlert(`${prefix}1@example.co.uk`);
    const second = await confirmedAlert(`${prefix}2@example.co.uk`);
    const current = await lowest();
    const price = Math.round((Math.min(first.targetPrice, second.targetPrice) - 1) * 100) / 100;
    return {
      ids: [first.id, second.id],
      fire: () =>
        writePrices({ medicationId: MEDICATION, pharmacyId: current.pharmacyId, dosage: DOSAGE, price }),
      reset: async () => {
        await writePrices({
          medicationId: MEDICATION,
          pharmacyId: current.pharmacyId,
          dosage: DOSAGE,
          price: current.price + 50,
        });
      },
    };
  }

  it("keeps the alerts' emails while the SMTP server is down and delivers each exactly once when it is back", async () => {
    const ready = await twoReadyAlerts("outage");
    const start = sink.received.length;
    await sink.stop();
    try {
      const { triggeredAlerts } = await ready.fire();
      expect(triggeredAlerts.sort()).toEqual([...ready.ids].sort());

      // The server refuses connections: each run stops at its first failure, and each message backs off.
      expect(await api.app.services.outbox.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect(await api.app.services.outbox.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect(await api.app.services.outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      const queued = await api.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.template, "price-drop"), eq(emailOutbox.status, "pending")));
      expect(queued).toHaveLength(2);
      for (const row of queued) {
        expect(row.attempts).toBe(1);
        expect(row.lastError).toMatch(/ECONNECTION|ECONNREFUSED|ESOCKET/);
        expect(row.nextAttemptAt).toEqual(new Date(clock.now().getTime() + MINUTE));
      }
    } finally {
      await sink.start();
    }
    clock.advance(MINUTE);
    expect(await api.app.services.outbox.deliverDue()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    clock.advance(HOUR);
    expect(await api.app.services.outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    for (const email of ["outage1@example.co.uk", "outage2@example.co.uk"]) {
      const [drop] = mailTo(email, start);
      expect(mailTo(email, start)).toHaveLength(1);
      expect(drop?.subject).toMatch(/^Price alert: /);
    }
    await ready.reset();
  });

  it("sends a message again only when the worker sending it died, after its lease, with the same Message-ID", async () => {
    await api.app.services.outbox.deliverDue();
    const alert = await setAlert("lease@example.co.uk");
    const [row] = await api.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.priceAlertId, alert.id));
    // A worker claimed it and died before recording anything.
    await api.database.db
      .update(emailOutbox)
      .set({
        lockedUntil: new Date(clock.now().getTime() + OUTBOX_LEASE_MS),
        claimToken: "00000000-0000-4000-8000-000000000000",
        attempts: 1,
      })
      .where(eq(emailOutbox.id, row?.id ?? ""));
    const start = sink.received.length;
    expect(await api.app.services.outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.advance(OUTBOX_LEASE_MS);
    // Another process takes it over.
    const other = await api.another({ SMTP_URL: sink.url, MAIL_FROM });
    expect(await other.services.outbox.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const mail = onlyMailTo("lease@example.co.uk", start);
    expect(mail.header("message-id")).toBe(row?.messageId);
  });

  concurrencyTest("delivers every message once when two workers on one database run together", async () => {
    await api.app.services.outbox.deliverDue();
    const second = await api.another({ SMTP_URL: sink.url, MAIL_FROM, WRITE_RATE_LIMIT: "1000" });
    const emails = Array.from({ length: 12 }, (_, i) => `pair${i}@example.co.uk`);
    for (const [i, email] of emails.entries()) {
      const res = await post(
        urlOf(publicEndpoints.subscribe),
        { email, source: "footer" },
        i % 2 ? second : api.app,
      );
      expect(res.statusCode).toBe(201);
    }
    const start = sink.received.length;
    const [a, b] = await Promise.all([
      api.app.services.outbox.deliverDue(),
      second.services.outbox.deliverDue(),
    ]);
    expect(a.sent + b.sent).toBe(emails.length);
    expect(a.retrying + b.retrying + a.failed + b.failed).toBe(0);
    const received = sink.received.slice(start);
    expect(received).toHaveLength(emails.length);
    expect(new Set(received.map((mail) => parseMail(mail.raw).header("message-id"))).size).toBe(
      emails.length,
    );
    for (const email of emails) expect(mailTo(email, start)).toHaveLength(1);
    const counts = await api.database.db
      .select({ count: subscriptions.emailsSentCount })
      .from(subscriptions)
      .where(sql`${subscriptions.email} like 'pair%'`);
    expect(counts.map((row) => row.count)).toEqual(emails.map(() => 1));
  });

  it("gives up at once on a permanent refusal (a subscription bounces) and retries a temporary one with back-off", async () => {
    sink.refuse("bounce@example.co.uk", 550);
    sink.refuse("later@example.co.uk", 451);
    try {
      for (const email of ["bounce@example.co.uk", "later@example.co.uk"]) {
        expect((await post(urlOf(publicEndpoints.subscribe), { email, source: "popup" })).statusCode).toBe(
          201,
        );
      }
      expect(await api.app.services.outbox.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 1 });
      const rows = await api.database.db
        .select()
        .from(emailOutbox)
        .where(sql`${emailOutbox.toAddress} in ('bounce@example.co.uk', 'later@example.co.uk')`);
      const bounced = rows.find((row) => row.toAddress === "bounce@example.co.uk");
      const later = rows.find((row) => row.toAddress === "later@example.co.uk");
      expect(bounced).toMatchObject({ status: "failed", attempts: 1 });
      // The error is kept without the address the server quoted.
      expect(bounced?.lastError).toContain("550");
      expect(bounced?.lastError).not.toContain("bounce@");
      expect(later).toMatchObject({ status: "pending", attempts: 1 });
      const [subscription] = await api.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.email, "bounce@example.co.uk"));
      expect(subscription).toMatchObject({ status: "bounced", emailsSentCount: 0 });

      // Each further failure waits twice as long; the last attempt gives up.
      let waited = MINUTE;
      for (let attempt = 2; attempt <= OUTBOX_MAX_ATTEMPTS; attempt += 1) {
        clock.advance(waited - SECOND);
        expect(await api.app.services.outbox.deliverDue(), `before attempt ${attempt}`).toEqual({
          sent: 0,
          retrying: 0,
          failed: 0,
        });
        clock.advance(SECOND);
        const summary = await api.app.services.outbox.deliverDue();
        expect(summary, `attempt ${attempt}`).toEqual(
          attempt === OUTBOX_MAX_ATTEMPTS
            ? { sent: 0, retrying: 0, failed: 1 }
            : { sent: 0, retrying: 1, failed: 0 },
        );
        waited = Math.min(waited * 2, 6 * HOUR);
      }
      const [gaveUp] = await api.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, later?.id ?? ""));
      expect(gaveUp).toMatchObject({ status: "failed", attempts: OUTBOX_MAX_ATTEMPTS });
    } finally {
      sink.accept("bounce@example.co.uk");
      sink.accept("later@example.co.uk");
    }
  });
});

describe("a run's SMTP session", () => {
  it("sends a batch over at most DELIVERY_LANES reused connections, each message once, and closes them when the queue is empty", async () => {
    await api.app.services.outbox.deliverDue();
    const start = sink.received.length;
    const before = sink.connections.made;
    const addresses = Array.from({ length: 24 }, (_, index) => `batch${index}@example.co.uk`);
    for (const to of addresses)
      await api.app.services.outbox.enqueue(api.database.db, {
        idempotencyKey: `session-test:${to}`,
        template: "new-medications",
        to,
        content: { subject: "New on PharmaCompare", text: "x", html: "<p>x</p>" },
        headers: {},
        bulk: true,
      });

    expect(await api.app.services.outbox.deliverDue()).toEqual({ sent: 24, retrying: 0, failed: 0 });
    for (const to of addresses) expect(mailTo(to, start)).toHaveLength(1);
    const made = sink.connections.made - before;
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made).toBeLessThanOrEqual(DELIVERY_LANES);
    // Closed with the run (QUIT), not left idle for the server to drop.
    await expect.poll(() => sink.connections.open).toBe(0);
  });
});

describe("the worker inside the API process", () => {
  it("sends soon after a write without being driven, and on close finishes the message in hand and takes no other", async () => {
    const worker = await api.another(
      { SMTP_URL: sink.url, MAIL_FROM },
      { setup: (app) => scheduleJobs(app, { outboxPollMs: 20 }) },
    );
    const hold = sink.hold();
    const start = sink.received.length;
    expect(
      (await post(urlOf(publicEndpoints.subscribe), { email: "held@example.co.uk", source: "popup" }))
        .statusCode,
    ).toBe(201);
    await hold.arrived;
    // While that message is in hand, another is queued.
    expect(
      (await post(urlOf(publicEndpoints.subscribe), { email: "waiting@example.co.uk", source: "popup" }))
        .statusCode,
    ).toBe(201);

    const closing = worker.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    hold.release();
    await closing;

    const rows = await api.database.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.toAddress} in ('held@example.co.uk', 'waiting@example.co.uk')`);
    expect(rows.find((row) => row.toAddress === "held@example.co.uk")).toMatchObject({
      status: "sent",
      claimToken: null,
    });
    expect(rows.find((row) => row.toAddress === "waiting@example.co.uk")).toMatchObject({
      status: "pending",
      attempts: 0,
    });
    expect(mailTo("held@example.co.uk", start)).toHaveLength(1);
    expect(mailTo("waiting@example.co.uk", start)).toHaveLength(0);
    // The next worker takes it.
    expect(await api.app.services.outbox.deliverDue()).toMatchObject({ sent: 1 });
  });
});

describe("without SMTP_URL", () => {
  it("writes each message as an .eml file under DATA_DIR/mail and logs its path, never an address", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pc-mail-"));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        done();
      },
    });
    try {
      const files = await api.another(
        { DATA_DIR: dataDir, SMTP_URL: "", MAIL_FROM },
        { logger: { ...loggerOptions("info", "api"), stream } },
      );
      const email = "grace.hopper@example.co.uk";
      expect(
        (await post(urlOf(publicEndpoints.subscribe), { email, source: "popup" }, files)).statusCode,
      ).toBe(201);
      expect(await files.services.outbox.deliverDue()).toMatchObject({ sent: 1 });

      const written = readdirSync(path.join(dataDir, "mail"));
      expect(written).toHaveLength(1);
      const file = path.join(dataDir, "mail", written[0] as string);
      const mail = parseMail(readFileSync(file, "utf8"));
      expect(mail.header("to")).toBe(email);
      expect(mail.subject).toBe("Confirm your PharmaCompare price updates");
      const token = linkToken(mail.text, `${SITE}/confirm`);
      expect(
        (await post(urlOf(publicEndpoints.confirmEmail, { query: { token } }), undefined, files)).statusCode,
      ).toBe(200);
      expect((await post(oneClickPath(mail), undefined, files)).statusCode).toBe(200);

      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries.find((entry) => entry.msg === "email written to a file")).toMatchObject({ file });
      const logged = lines.join("\n");
      expect(logged).not.toContain("grace");
      expect(logged).not.toContain("@example.co.uk");
      expect(logged).not.toContain(token);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
