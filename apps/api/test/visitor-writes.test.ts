import {
  CONSENT_WORDING,
  DEFAULT_SUBSCRIPTION_PREFERENCES,
  emailLinkMessages,
  priceAlertMessages,
  publicEndpoints,
  subscriptionMessages,
  targetTooHighMessage,
  writeLimitMessages,
} from "@pharmacompare/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  emailLinks,
  emailOutbox,
  emailSuppressions,
  priceAlerts,
  prices,
  subscriptions,
  writeLimits,
} from "../src/db/schema.ts";
import { hashClientAddress } from "../src/email/secrets.ts";
import { PRICE_ALERT_CONSENT_SOURCE } from "../src/modules/alerts/price-alert-service.ts";
import { HOUR, MINUTE, SECOND, testClock } from "./admin-helpers.ts";
import { concurrencyTest, createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * Price alerts, subscriptions and the links in their emails, through the API on a real database:
 * what is stored, what is refused (storing nothing), repeats, and the one write limit across two
 * API instances. Delivery itself is in email-delivery.test.ts.
 */
const PER_MINUTE = 4;
const clock = testClock({ frozen: true });
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ WRITE_RATE_LIMIT: String(PER_MINUTE) }, { now: clock.now });
});
afterAll(async () => {
  await api?.close();
});
// Every test starts with the write windows behind it.
beforeEach(() => {
  clock.advance(2 * HOUR);
});

const DAY = 24 * HOUR;
const MEDICATION = "viagra";
const DOSAGE = "50mg x 4 tablets";
let address = 0;
/** A client address of its own for each call, unless the test is about the limit. */
const nextAddress = () => `203.0.113.${(address++ % 250) + 1}`;

function post(url: string, payload: unknown, remoteAddress = nextAddress()) {
  return api.app.inject({ method: "POST", url, payload: payload as object, remoteAddress });
}
const alertUrl = urlOf(publicEndpoints.createPriceAlert);
const subscribeUrl = urlOf(publicEndpoints.subscribe);
const confirmUrl = (token: string) => urlOf(publicEndpoints.confirmEmail, { query: { token } });
const unsubscribeUrl = (token: string) => urlOf(publicEndpoints.unsubscribe, { query: { token } });

async function lowest(medicationId = MEDICATION, dosage = DOSAGE) {
  const price = await api.app.services.prices.lowest(medicationId, dosage);
  if (!price) throw new Error(`no in-stock price for ${medicationId} ${dosage}`);
  return price;
}

async function alertBody(overrides: Record<string, unknown> = {}) {
  const current = await lowest();
  return {
    email: "alex@example.co.uk",
    medicationId: MEDICATION,
    medicationName: "Viagra",
    dosage: DOSAGE,
    targetPrice: Math.round(current.price * 90) / 100,
    currentPrice: current.price,
    lowestPharmacy: { name: current.pharmacy.name, price: current.price },
    consent: true,
    ...overrides,
  };
}

/** Everything a visitor write may touch, to show a refusal touched none of it. */
async function everything() {
  const db = api.database.db;
  return {
    alerts: await db.select().from(priceAlerts).orderBy(asc(priceAlerts.id)),
    subscriptions: await db.select().from(subscriptions).orderBy(asc(subscriptions.id)),
    outbox: await db.select().from(emailOutbox).orderBy(asc(emailOutbox.id)),
    links: await db.select().from(emailLinks).orderBy(asc(emailLinks.tokenHash)),
    counters: await db.select().from(writeLimits).orderBy(asc(writeLimits.key)),
  };
}

const alertsFor = (email: string) =>
  api.database.db
    .select()
    .from(priceAlerts)
    .where(sql`lower(${priceAlerts.email}) = lower(${email})`)
    .orderBy(asc(priceAlerts.createdAt));
const outboxFor = (email: string) =>
  api.database.db
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.toAddress}) = lower(${email})`)
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));

/** The confirm and one-click unsubscribe tokens of a queued email. */
function tokensOf(row: { textBody: string; headers: Record<string, string> }) {
  const confirm = /\/confirm\?token=([\w-]+)/.exec(row.textBody)?.[1];
  const unsubscribe = /unsubscribe\?token=([\w-]+)>$/.exec(row.headers["List-Unsubscribe"] ?? "")?.[1];
  const page = /\/unsubscribe\?token=([\w-]+)/.exec(row.textBody)?.[1];
  return { confirm, unsubscribe, page };
}

describe("POST /api/price-alerts", () => {
  it("sets an active, unconfirmed alert at the server's own lowest price and queues its confirmation", async () => {
    const current = await lowest();
    const at = clock.now();
    const body = await alertBody({
      email: "new.alert@example.co.uk",
      medicationName: "Something else",
      // The client's figures are never trusted.
      currentPrice: 1,
      lowestPharmacy: { name: "Cheapest Ever", price: 0.5 },
    });
    const res = await post(alertUrl, body, "198.51.100.5");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: priceAlertMessages.success });
    expect(String(res.headers["cache-control"] ?? "")).not.toContain("public");

    const [alert, ...more] = await alertsFor("new.alert@example.co.uk");
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      email: "new.alert@example.co.uk",
      medicationId: MEDICATION,
      medicationName: "Viagra",
      dosage: DOSAGE,
      targetPrice: body.targetPrice,
      currentPrice: current.price,
      lowestPharmacyName: current.pharmacy.name,
      lowestPharmacyPrice: current.price,
      status: "active",
      confirmedAt: null,
      triggeredAt: null,
      consentVersion: CONSENT_WORDING.priceAlert.version,
      consentSource: PRICE_ALERT_CONSENT_SOURCE,
      consentIpHash: hashClientAddress("198.51.100.5"),
    });
    expect(alert?.consentedAt).toEqual(at);
    expect(alert?.expiresAt).toEqual(new Date(at.getTime() + 90 * DAY));
    expect(alert?.consentIpHash).toMatch(/^[0-9a-f]{64}$/);

    const [queued, ...others] = await outboxFor("new.alert@example.co.uk");
    expect(others).toEqual([]);
    expect(queued).toMatchObject({
      template: "price-alert-confirmation",
      status: "pending",
      priceAlertId: alert?.id,
      subject: "Confirm your price alert",
    });
    const tokens = tokensOf(queued as NonNullable<typeof queued>);
    expect(tokens.confirm).toMatch(/^[\w-]{43}$/);
    expect(tokens.unsubscribe).toBe(tokens.page);
    expect(queued?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // Only hashes of the tokens are stored.
    const links = await api.database.db
      .select()
      .from(emailLinks)
      .where(eq(emailLinks.priceAlertId, alert?.id ?? ""));
    expect(links.map((link) => link.purpose).sort()).toEqual(["confirm", "unsubscribe"]);
    for (const link of links) {
      expect(link.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect([tokens.confirm, tokens.unsubscribe]).not.toContain(link.tokenHash);
    }
  });

  it("accepts lowestPharmacy as a name, as { name, price }, as null or not at all", async () => {
    for (const [i, lowestPharmacy] of [
      "Some Pharmacy",
      { name: "Some Pharmacy", price: 12 },
      null,
      undefined,
    ].entries()) {
      const res = await post(alertUrl, await alertBody({ email: `shape${i}@example.co.uk`, lowestPharmacy }));
      expect(res.statusCode, JSON.stringify(lowestPharmacy)).toBe(201);
      const [alert] = await alertsFor(`shape${i}@example.co.uk`);
      expect(alert?.lowestPharmacyName).toBe((await lowest()).pharmacy.name);
    }
  });

  it("takes a target one penny under the lowest price, and none at or above it", async () => {
    const current = await lowest();
    const under = Math.round(current.price * 100 - 1) / 100;
    expect(
      (await post(alertUrl, await alertBody({ email: "penny@example.co.uk", targetPrice: under })))
        .statusCode,
    ).toBe(201);

    for (const targetPrice of [current.price, current.price + 5]) {
      const before = await everything();
      const res = await post(alertUrl, await alertBody({ email: "too-high@example.co.uk", targetPrice }));
      expect(res.statusCode).toBe(400);
      const message = targetTooHighMessage(current.price);
      expect(message).toMatch(/^Target price must be less than current price \(£\d+\.\d{2}\)$/);
      expect(res.json()).toEqual({
        error: message,
        code: "invalid_request",
        fields: { targetPrice: message },
      });
      expect(await everything()).toEqual(before);
    }
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["no email", { email: undefined }, "email"],
    ["a malformed email", { email: "alex@example" }, "email"],
    ["no target", { targetPrice: undefined }, "targetPrice"],
    ["a target of £0", { targetPrice: 0 }, "targetPrice"],
    ["a negative target", { targetPrice: -1 }, "targetPrice"],
    ["a target in part pence", { targetPrice: 10.005 }, "targetPrice"],
    ["a target that is text", { targetPrice: "ten" }, "targetPrice"],
    ["no consent", { consent: undefined }, "consent"],
    ["consent refused", { consent: false }, "consent"],
    ["no medication", { medicationId: undefined }, "medicationId"],
    ["no dosage", { dosage: "  " }, "dosage"],
  ];
  it.each(invalid)(
    "refuses %s with 400 naming the field and changes nothing",
    async (_case, change, field) => {
      const before = await everything();
      const res = await post(alertUrl, await alertBody({ email: "invalid@example.co.uk", ...change }));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
      expect(await everything()).toEqual(before);
    },
  );

  it("refuses an unknown or hidden medication (404) and a dosage it does not list (400), changing nothing", async () => {
    const before = await everything();
    const unknown = await post(alertUrl, await alertBody({ medicationId: "no-such-medicine" }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'Medication "no-such-medicine" not found',
      code: "not_found",
      fields: { medicationId: 'Medication "no-such-medicine" not found' },
    });

    const dosage = await post(alertUrl, await alertBody({ dosage: "9000mg" }));
    expect(dosage.statusCode).toBe(400);
    expect(dosage.json().fields).toEqual({ dosage: 'Dosage "9000mg" is not listed for Viagra' });

    const body = await alertBody();
    await api.withSql(
      `update medications set active = false where id = '${MEDICATION}'`,
      `update medications set active = true where id = '${MEDICATION}'`,
      async () => {
        expect((await post(alertUrl, body)).statusCode).toBe(404);
      },
    );
    expect(await everything()).toEqual(before);
  });

  it("refuses a dosage with no in-stock price with the noPrice message, changing nothing", async () => {
    const body = await alertBody();
    const before = await everything();
    await api.withSql(
      `update prices set in_stock = false where medication_id = '${MEDICATION}' and dosage = '${DOSAGE}'`,
      `update prices set in_stock = true where medication_id = '${MEDICATION}' and dosage = '${DOSAGE}'`,
      async () => {
        const res = await post(alertUrl, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          error: priceAlertMessages.noPrice,
          code: "invalid_request",
          fields: { dosage: priceAlertMessages.noPrice },
        });
      },
    );
    expect(await everything()).toEqual(before);
  });

  it("updates the one alert on a repeat for the same address, medication and dosage", async () => {
    const current = await lowest();
    expect(
      (await post(alertUrl, await alertBody({ email: "repeat@example.co.uk", targetPrice: 10 }))).statusCode,
    ).toBe(201);
    const [first] = await alertsFor("repeat@example.co.uk");
    clock.advance(DAY);
    const again = await post(
      alertUrl,
      await alertBody({ email: " Repeat@Example.co.uk ", targetPrice: Math.round(current.price * 80) / 100 }),
    );
    expect(again.statusCode).toBe(201);
    const alerts = await alertsFor("repeat@example.co.uk");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      id: first?.id,
      email: "Repeat@Example.co.uk",
      targetPrice: Math.round(current.price * 80) / 100,
      createdAt: first?.createdAt,
      status: "active",
    });
    expect(alerts[0]?.expiresAt).toEqual(new Date(clock.now().getTime() + 90 * DAY));
    // Each request is confirmed by its own email.
    expect((await outboxFor("repeat@example.co.uk")).map((row) => row.template)).toEqual([
      "price-alert-confirmation",
      "price-alert-confirmation",
    ]);

    // Another dosage is another alert.
    const other = await post(
      alertUrl,
      await alertBody({ email: "repeat@example.co.uk", dosage: "100mg x 4 tablets", targetPrice: 1 }),
    );
    expect(other.statusCode).toBe(201);
    expect(await alertsFor("repeat@example.co.uk")).toHaveLength(2);
  });

  it("keeps a confirmed alert confirmed when it is repeated, but not one that was cancelled", async () => {
    const email = "confirmed.repeat@example.co.uk";
    expect((await post(alertUrl, await alertBody({ email, targetPrice: 10 }))).statusCode).toBe(201);
    const [queued] = await outboxFor(email);
    const { confirm, unsubscribe } = tokensOf(queued as NonNullable<typeof queued>);
    expect((await post(confirmUrl(confirm ?? ""), undefined)).statusCode).toBe(200);
    const [confirmed] = await alertsFor(email);
    expect(confirmed?.confirmedAt).not.toBeNull();

    expect((await post(alertUrl, await alertBody({ email, targetPrice: 11 }))).statusCode).toBe(201);
    expect((await alertsFor(email))[0]?.confirmedAt).toEqual(confirmed?.confirmedAt);

    expect((await post(unsubscribeUrl(unsubscribe ?? ""), undefined)).statusCode).toBe(200);
    expect((await alertsFor(email))[0]?.status).toBe("cancelled");
    expect((await post(alertUrl, await alertBody({ email, targetPrice: 12 }))).statusCode).toBe(201);
    expect((await alertsFor(email))[0]).toMatchObject({
      status: "active",
      confirmedAt: null,
      targetPrice: 12,
    });
  });

  it("lives ALERT_TTL_DAYS days, and the expiry job ends it", async () => {
    const other = await api.another({ ALERT_TTL_DAYS: "30" });
    const at = clock.now();
    const res = await other.inject({
      method: "POST",
      url: alertUrl,
      payload: await alertBody({ email: "short@example.co.uk" }),
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(201);
    const [alert] = await alertsFor("short@example.co.uk");
    expect(alert?.expiresAt).toEqual(new Date(at.getTime() + 30 * DAY));

    expect(await api.app.services.priceAlerts.expire(new Date(at.getTime() + 30 * DAY - SECOND))).toBe(0);
    expect(
      await api.app.services.priceAlerts.expire(new Date(at.getTime() + 30 * DAY)),
    ).toBeGreaterThanOrEqual(1);
    expect((await alertsFor("short@example.co.uk"))[0]?.status).toBe("expired");
  });
});

describe("POST /subscriptions/subscribe", () => {
  const subscriptionFor = async (email: string) => {
    const rows = await api.database.db
      .select()
      .from(subscriptions)
      .where(sql`lower(${subscriptions.email}) = lower(${email})`);
    expect(rows.length).toBeLessThanOrEqual(1);
    return rows[0];
  };

  it("subscribes to everything from the source sent, with the interests sent over the defaults, and queues the confirmation", async () => {
    const at = clock.now();
    const res = await post(
      subscribeUrl,
      {
        email: "reader@example.co.uk",
        source: "footer",
        preferences: { weeklyDigest: true, promotions: false },
      },
      "198.51.100.9",
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: subscriptionMessages.success });
    const row = await subscriptionFor("reader@example.co.uk");
    expect(row).toMatchObject({
      status: "active",
      source: "footer",
      subscribedTo: [{ type: "all", value: null }],
      ...DEFAULT_SUBSCRIPTION_PREFERENCES,
      weeklyDigest: true,
      promotions: false,
      subscribedAt: at,
      unsubscribedAt: null,
      emailsSentCount: 0,
      lastEmailSent: null,
      confirmedAt: null,
      consentVersion: CONSENT_WORDING.subscription.version,
      consentedAt: at,
      consentSource: "footer",
      consentIpHash: hashClientAddress("198.51.100.9"),
    });
    const [queued] = await outboxFor("reader@example.co.uk");
    expect(queued).toMatchObject({
      template: "subscription-confirmation",
      subscriptionId: row?.id,
      subject: "Confirm your PharmaCompare price updates",
    });
    expect(queued?.textBody).toContain("Your interests: Price drops, New medications, Weekly digest");
  });

  it("updates the one subscription on a repeat: interests sent replace those stored, the rest stay", async () => {
    expect((await post(subscribeUrl, { email: "again@example.co.uk", source: "popup" })).statusCode).toBe(
      201,
    );
    const first = await subscriptionFor("again@example.co.uk");
    expect(first).toMatchObject(DEFAULT_SUBSCRIPTION_PREFERENCES);
    const res = await post(subscribeUrl, {
      email: "AGAIN@example.co.uk",
      source: "footer",
      preferences: { priceDrops: false },
    });
    expect(res.statusCode).toBe(201);
    const second = await subscriptionFor("again@example.co.uk");
    expect(second).toMatchObject({
      id: first?.id,
      ...DEFAULT_SUBSCRIPTION_PREFERENCES,
      priceDrops: false,
      // Where it began stays; the consent record says where this request came from.
      source: "popup",
      consentSource: "footer",
      subscribedAt: first?.subscribedAt,
    });
  });

  it("starts a new period, to be confirmed again, when an unsubscribed address subscribes again", async () => {
    const email = "comeback@example.co.uk";
    expect((await post(subscribeUrl, { email, source: "popup" })).statusCode).toBe(201);
    const [queued] = await outboxFor(email);
    const { confirm, unsubscribe } = tokensOf(queued as NonNullable<typeof queued>);
    expect((await post(confirmUrl(confirm ?? ""), undefined)).json()).toEqual({
      message: emailLinkMessages.subscriptionConfirmed,
      kind: "subscription",
    });
    expect((await subscriptionFor(email))?.confirmedAt).not.toBeNull();
    clock.advance(DAY);
    expect((await post(unsubscribeUrl(unsubscribe ?? ""), undefined)).json()).toEqual({
      message: emailLinkMessages.subscriptionUnsubscribed,
      kind: "subscription",
    });
    expect(await subscriptionFor(email)).toMatchObject({
      status: "unsubscribed",
      unsubscribedAt: clock.now(),
    });
    // An old confirmation link cannot bring it back.
    expect((await post(confirmUrl(confirm ?? ""), undefined)).statusCode).toBe(404);

    clock.advance(DAY);
    expect((await post(subscribeUrl, { email, source: "popup" })).statusCode).toBe(201);
    expect(await subscriptionFor(email)).toMatchObject({
      status: "active",
      unsubscribedAt: null,
      subscribedAt: clock.now(),
      confirmedAt: null,
    });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["no email", { email: undefined }, "email"],
    ["a malformed email", { email: "not an email" }, "email"],
    ["an unknown source", { source: "newsletter" }, "source"],
    ["no source", { source: undefined }, "source"],
    [
      "an interest that is not true or false",
      { preferences: { priceDrops: "yes" } },
      "preferences.priceDrops",
    ],
  ];
  it.each(invalid)(
    "refuses %s with 400 naming the field and changes nothing",
    async (_case, change, field) => {
      const before = await everything();
      const res = await post(subscribeUrl, { email: "invalid@example.co.uk", source: "popup", ...change });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
      expect(await everything()).toEqual(before);
    },
  );
});

describe("the links in emails", () => {
  it("answer 404 for an unknown token and 400 for one that cannot be a token, changing nothing", async () => {
    const before = await everything();
    const unknown = "A".repeat(43);
    for (const url of [confirmUrl(unknown), unsubscribeUrl(unknown)]) {
      const res = await post(url, undefined);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: emailLinkMessages.unknownLink, code: "not_found" });
    }
    for (const token of ["short", "not a token at all, with spaces and more than 32 characters"]) {
      expect((await post(unsubscribeUrl(token), undefined)).statusCode).toBe(400);
    }
    expect((await api.app.inject({ method: "POST", url: "/api/email/confirm" })).statusCode).toBe(400);
    expect(await everything()).toEqual(before);
  });

  it("do not swap purposes: a confirm token does not unsubscribe, an unsubscribe token does not confirm", async () => {
    expect((await post(alertUrl, await alertBody({ email: "purpose@example.co.uk" }))).statusCode).toBe(201);
    const [queued] = await outboxFor("purpose@example.co.uk");
    const { confirm, unsubscribe } = tokensOf(queued as NonNullable<typeof queued>);
    expect((await post(unsubscribeUrl(confirm ?? ""), undefined)).statusCode).toBe(404);
    expect((await post(confirmUrl(unsubscribe ?? ""), undefined)).statusCode).toBe(404);
    expect((await alertsFor("purpose@example.co.uk"))[0]).toMatchObject({
      status: "active",
      confirmedAt: null,
    });
  });

  it("confirm once, and answer the same when used again", async () => {
    expect((await post(alertUrl, await alertBody({ email: "twice@example.co.uk" }))).statusCode).toBe(201);
    const [queued] = await outboxFor("twice@example.co.uk");
    const { confirm } = tokensOf(queued as NonNullable<typeof queued>);
    const first = await post(confirmUrl(confirm ?? ""), undefined);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: emailLinkMessages.alertConfirmed, kind: "price-alert" });
    const [alert] = await alertsFor("twice@example.co.uk");
    clock.advance(MINUTE);
    const second = await post(confirmUrl(confirm ?? ""), undefined);
    expect(second.json()).toEqual(first.json());
    expect((await alertsFor("twice@example.co.uk"))[0]?.confirmedAt).toEqual(alert?.confirmedAt);
  });

  it("unsubscribe by a mail client's one-click form post, by an empty post, and again harmlessly", async () => {
    expect((await post(alertUrl, await alertBody({ email: "one-click@example.co.uk" }))).statusCode).toBe(
      201,
    );
    const [queued] = await outboxFor("one-click@example.co.uk");
    const { unsubscribe } = tokensOf(queued as NonNullable<typeof queued>);
    const oneClick = await api.app.inject({
      method: "POST",
      url: unsubscribeUrl(unsubscribe ?? ""),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ message: emailLinkMessages.alertUnsubscribed, kind: "price-alert" });
    expect((await alertsFor("one-click@example.co.uk"))[0]?.status).toBe("cancelled");
    // The confirmation no one had sent yet is not sent any more.
    expect((await outboxFor("one-click@example.co.uk")).map((row) => row.status)).toEqual(["cancelled"]);

    const empty = await post(unsubscribeUrl(unsubscribe ?? ""), undefined);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(oneClick.json());
  });

  it("an address link ends every alert and subscription of the address, until the address confirms a new request", async () => {
    const email = "everything@example.co.uk";
    expect((await post(alertUrl, await alertBody({ email }))).statusCode).toBe(201);
    expect((await post(subscribeUrl, { email, source: "popup" })).statusCode).toBe(201);
    const contact = await post(urlOf(publicEndpoints.sendContactMessage), {
      name: "Someone",
      email,
      subject: "general",
      message: "A question about prices.",
    });
    expect(contact.statusCode).toBe(201);
    const acknowledgement = (await outboxFor(email)).find(
      (row) => row.template === "contact-acknowledgement",
    );
    const { unsubscribe } = tokensOf(acknowledgement as NonNullable<typeof acknowledgement>);
    const res = await post(unsubscribeUrl(unsubscribe ?? ""), undefined);
    expect(res.json()).toEqual({ message: emailLinkMessages.addressUnsubscribed, kind: "address" });
    expect((await alertsFor(email))[0]?.status).toBe("cancelled");
    const [subscription] = await api.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, email));
    expect(subscription?.status).toBe("unsubscribed");
    expect((await outboxFor(email)).every((row) => row.status === "cancelled")).toBe(true);
    expect(await api.database.db.select().from(emailSuppressions)).toHaveLength(1);

    // A new request alone (anyone can make one) leaves the opt-out; confirming it from the inbox lifts it.
    expect((await post(subscribeUrl, { email, source: "popup" })).statusCode).toBe(201);
    expect(await api.database.db.select().from(emailSuppressions)).toHaveLength(1);
    const confirmation = (await outboxFor(email)).find((row) => row.status === "pending");
    const { confirm } = tokensOf(confirmation as NonNullable<typeof confirmation>);
    expect((await post(confirmUrl(confirm ?? ""), undefined)).statusCode).toBe(200);
    expect(await api.database.db.select().from(emailSuppressions)).toHaveLength(0);
  });
});

describe("alerts on one medication and dosage under load", () => {
  concurrencyTest(
    "confirm and fire without deadlock when confirmations and price writes arrive together",
    async () => {
      const current = await lowest();
      const emails = Array.from({ length: 6 }, (_, i) => `together${i}@example.co.uk`);
      for (const email of emails) {
        const target = Math.round((current.price - 1) * 100) / 100;
        expect((await post(alertUrl, await alertBody({ email, targetPrice: target }))).statusCode).toBe(201);
      }
      const tokens = await Promise.all(
        emails.map(async (email) =>
          tokensOf((await outboxFor(email))[0] as { textBody: string; headers: Record<string, string> }),
        ),
      );
      const sellers = await api.database.db
        .select({ pharmacyId: prices.pharmacyId })
        .from(prices)
        .where(and(eq(prices.medicationId, MEDICATION), eq(prices.dosage, DOSAGE), eq(prices.inStock, true)))
        .orderBy(asc(prices.pharmacyId))
        .limit(3);
      const pharmacyIds = sellers.map((row) => row.pharmacyId);
      const cheaper = Math.round((current.price - 2) * 100) / 100;
      const answers = await Promise.all([
        ...tokens.map(({ confirm }) => post(confirmUrl(confirm ?? ""), undefined)),
        ...pharmacyIds.map((pharmacyId) =>
          api.database.db.transaction((tx) =>
            api.app.services.prices.write(tx, [
              { medicationId: MEDICATION, pharmacyId, dosage: DOSAGE, price: cheaper },
              {
                medicationId: MEDICATION,
                pharmacyId: pharmacyIds[0] as string,
                dosage: DOSAGE,
                price: cheaper,
              },
            ]),
          ),
        ),
      ]);
      for (const answer of answers.slice(0, emails.length)) {
        expect((answer as { statusCode: number }).statusCode).toBe(200);
      }
      // Every alert is confirmed and, the price being below its target, has fired exactly once.
      for (const email of emails) {
        const [alert] = await alertsFor(email);
        expect(alert).toMatchObject({ status: "triggered", lowestPharmacyPrice: cheaper });
        expect(alert?.confirmedAt).not.toBeNull();
        const drops = (await outboxFor(email)).filter((row) => row.template === "price-drop");
        expect(drops).toHaveLength(1);
      }
    },
  );
});

describe("the public write limit", () => {
  it("is WRITE_RATE_LIMIT a minute per client network across contact, alerts and subscriptions, on every API instance", async () => {
    const second = await api.another();
    const network = "192.0.2.30";
    const sendTo = (app: typeof second, url: string, payload: unknown) =>
      app.inject({ method: "POST", url, payload: payload as object, remoteAddress: network });

    const accepted = [
      await sendTo(api.app, alertUrl, await alertBody({ email: "limit1@example.co.uk" })),
      await sendTo(second, subscribeUrl, { email: "limit2@example.co.uk", source: "popup" }),
      await sendTo(api.app, urlOf(publicEndpoints.sendContactMessage), {
        name: "Limit",
        email: "limit3@example.co.uk",
        subject: "general",
        message: "Testing the limit here.",
      }),
      await sendTo(second, subscribeUrl, { email: "limit4@example.co.uk", source: "popup" }),
    ];
    expect(accepted.map((res) => res.statusCode)).toEqual(Array(PER_MINUTE).fill(201));

    clock.advance(20 * SECOND);
    const before = await everything();
    for (const app of [api.app, second]) {
      const refused = await sendTo(app, subscribeUrl, { email: "limit5@example.co.uk", source: "popup" });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: writeLimitMessages.network, code: "too_many_requests" });
      expect(refused.headers["retry-after"]).toBe("40");
    }
    const alert = await sendTo(second, alertUrl, await alertBody({ email: "limit6@example.co.uk" }));
    expect(alert.statusCode).toBe(429);
    expect(await everything()).toEqual(before);

    // Another network, and a new minute, are not refused.
    expect((await post(subscribeUrl, { email: "limit7@example.co.uk", source: "popup" })).statusCode).toBe(
      201,
    );
    clock.advance(40 * SECOND);
    expect(
      (await sendTo(second, subscribeUrl, { email: "limit8@example.co.uk", source: "popup" })).statusCode,
    ).toBe(201);
  });

  concurrencyTest("holds when two instances take writes from one network at the same moment", async () => {
    const second = await api.another();
    const answers = await Promise.all(
      Array.from({ length: PER_MINUTE * 2 + 2 }, (_, i) =>
        (i % 2 ? second : api.app).inject({
          method: "POST",
          url: subscribeUrl,
          payload: { email: `burst${i}@example.co.uk`, source: "popup" },
          // Rotating through one /64 is one client network.
          remoteAddress: `2001:db8:30:1::${i + 1}`,
        }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(PER_MINUTE);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(PER_MINUTE + 2);
    const stored = await api.database.db
      .select()
      .from(subscriptions)
      .where(sql`${subscriptions.email} like 'burst%'`);
    expect(stored).toHaveLength(PER_MINUTE);
  });

  it("also limits one email address, whichever network it comes from", async () => {
    const email = "busy@example.co.uk";
    for (let i = 0; i < 10; i += 1) {
      const res = await post(subscribeUrl, { email, source: "popup" });
      expect(res.statusCode, `write ${i + 1}`).toBe(201);
    }
    const refused = await post(alertUrl, await alertBody({ email: "BUSY@example.co.uk" }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(writeLimitMessages.email);
    expect(Number(refused.headers["retry-after"])).toBe(60 * 60);
  });
});
