import {
  CONSENT_WORDING,
  DEFAULT_SUBSCRIPTION_PREFERENCES,
  emailLinkMessages,
  priceAlertMessages,
  publicEndpoints,
  subscriptionMessages,
} from "@pharmacompare/contract";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { consentEvents, emailLinks, emailOutbox, priceAlerts, subscriptions } from "../src/db/schema.ts";
import { hashClientAddress, hashEmail } from "../src/email/secrets.ts";
import { CONFIRM_LINK_SOURCE } from "../src/modules/consent/consent-history.ts";
import { purgeExpired, RETENTION } from "../src/modules/retention/retention.ts";
import { HOUR, testClock } from "./admin-helpers.ts";
import { concurrencyTest, confirmAllPrices, createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * Consent no stranger can change (decision 031), through the API on a real database: a request
 * that would change a confirmed subscription or alert is held until the address confirms it from
 * the new email (the stored row is read back unchanged), confirming applies it, the consent history
 * keeps every request and confirmation, an address on the opt-out list gets one confirmation email
 * a week, and the history's retention. The mail is read from the outbox, as visitor-writes.test.ts does.
 */
const clock = testClock({ frozen: true });
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ WRITE_RATE_LIMIT: "1000" }, { now: clock.now });
});
afterAll(async () => {
  await api?.close();
});
// Every test starts with the per-address write window behind it.
beforeEach(async () => {
  clock.advance(2 * HOUR);
  // The catalogue's feeds keep running while the clock moves on (decision 048).
  await confirmAllPrices(api, clock.now());
});

const DAY = 24 * HOUR;
const MEDICATION = "viagra";
const DOSAGE = "50mg x 4 tablets";
const OWNER_IP = "203.0.113.10";
const STRANGER_IP = "198.51.100.66";

const subscribeUrl = urlOf(publicEndpoints.subscribe);
const alertUrl = urlOf(publicEndpoints.createPriceAlert);
const confirmUrl = (token: string) => urlOf(publicEndpoints.confirmEmail, { query: { token } });
const unsubscribeUrl = (token: string) => urlOf(publicEndpoints.unsubscribe, { query: { token } });

function post(url: string, payload: unknown, remoteAddress = OWNER_IP) {
  return api.app.inject({
    method: "POST",
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress,
  });
}

const db = () => api.database.db;
const subscriptionOf = async (email: string) =>
  (await db().select().from(subscriptions).where(sql`lower(${subscriptions.email}) = lower(${email})`))[0];
const alertOf = async (email: string) =>
  (await db().select().from(priceAlerts).where(sql`lower(${priceAlerts.email}) = lower(${email})`))[0];
const mailTo = (email: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.toAddress}) = lower(${email})`)
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
const historyOf = (where: { subscriptionId: string } | { priceAlertId: string }) =>
  db()
    .select()
    .from(consentEvents)
    .where(
      "subscriptionId" in where
        ? eq(consentEvents.subscriptionId, where.subscriptionId)
        : eq(consentEvents.priceAlertId, where.priceAlertId),
    )
    // A request before its confirmation when the frozen clock gives both one time.
    .orderBy(asc(consentEvents.createdAt), desc(consentEvents.kind));

/** The confirm token of the newest email to `email`, and the email. */
async function newestConfirmation(email: string) {
  const mail = (await mailTo(email)).at(-1);
  const confirm = /\/confirm\?token=([\w-]+)/.exec(mail?.textBody ?? "")?.[1];
  if (!mail || !confirm) throw new Error(`no confirmation to ${email}`);
  const unsubscribe = /\/unsubscribe\?token=([\w-]+)/.exec(mail.textBody)?.[1] ?? "";
  return { mail, confirm, unsubscribe };
}

async function confirmNewest(email: string) {
  const { confirm } = await newestConfirmation(email);
  const res = await post(confirmUrl(confirm), undefined);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A subscription its address has confirmed, with the default interests. */
async function confirmedSubscription(email: string) {
  expect((await post(subscribeUrl, { email, source: "popup" })).statusCode).toBe(201);
  await confirmNewest(email);
  const row = await subscriptionOf(email);
  expect(row?.confirmedAt).not.toBeNull();
  return row as NonNullable<typeof row>;
}

async function lowest() {
  const price = await api.app.services.prices.lowest(MEDICATION, DOSAGE);
  if (!price) throw new Error("no in-stock price");
  return price;
}
const pence = (pounds: number) => Math.round(pounds * 100) / 100;

async function alertBody(email: string, targetPrice: number) {
  return { email, medicationId: MEDICATION, dosage: DOSAGE, targetPrice, consent: true };
}

/** An alert its address has confirmed. */
async function confirmedAlert(email: string, targetPrice: number) {
  expect((await post(alertUrl, await alertBody(email, targetPrice))).statusCode).toBe(201);
  await confirmNewest(email);
  const row = await alertOf(email);
  expect(row?.confirmedAt).not.toBeNull();
  return row as NonNullable<typeof row>;
}

describe("a request to change a confirmed subscription", () => {
  it("is held: the stored subscription is unchanged, the answer is a stranger's usual one, and a change confirmation is queued", async () => {
    const email = "held-subscription@example.co.uk";
    const before = await confirmedSubscription(email);
    expect(before).toMatchObject({ ...DEFAULT_SUBSCRIPTION_PREFERENCES, weeklyDigest: false });
    const mailsBefore = (await mailTo(email)).length;

    clock.advance(HOUR);
    const widening = await post(
      subscribeUrl,
      { email: "Held-Subscription@example.co.uk", source: "footer", preferences: { weeklyDigest: true } },
      STRANGER_IP,
    );
    // The same answer as for an address never seen: it tells no one the address is subscribed.
    const fresh = await post(
      subscribeUrl,
      { email: "never-seen@example.co.uk", source: "footer" },
      STRANGER_IP,
    );
    expect(widening.statusCode).toBe(fresh.statusCode);
    expect(widening.json()).toEqual(fresh.json());
    expect(widening.json()).toEqual({ message: subscriptionMessages.success });

    expect(await subscriptionOf(email)).toEqual(before);
    const mails = await mailTo(email);
    expect(mails).toHaveLength(mailsBefore + 1);
    const change = mails.at(-1);
    expect(change).toMatchObject({
      template: "subscription-confirmation",
      status: "pending",
      subscriptionId: before.id,
      subject: "Confirm the change to your PharmaCompare price updates",
    });
    expect(change?.textBody).toContain("Nothing changes until you confirm it.");
    expect(change?.textBody).toContain(
      "Your interests: Price drops, New medications, Promotions, Weekly digest",
    );
  });

  it("is applied by its confirm link, and the history keeps the original consent and the change", async () => {
    const email = "applied-subscription@example.co.uk";
    const before = await confirmedSubscription(email);
    clock.advance(HOUR);
    const askedAt = clock.now();
    expect(
      (
        await post(
          subscribeUrl,
          { email, source: "footer", preferences: { weeklyDigest: true } },
          STRANGER_IP,
        )
      ).statusCode,
    ).toBe(201);

    clock.advance(HOUR);
    const { confirm } = await newestConfirmation(email);
    const answer = await post(confirmUrl(confirm), undefined, "192.0.2.44");
    expect(answer.json()).toEqual({
      message: emailLinkMessages.subscriptionChangeConfirmed,
      kind: "subscription",
      change: true,
    });
    const after = await subscriptionOf(email);
    expect(after).toMatchObject({
      id: before.id,
      ...DEFAULT_SUBSCRIPTION_PREFERENCES,
      weeklyDigest: true,
      status: "active",
      // Where it began stays; the current consent is the confirmed request's.
      source: "popup",
      subscribedAt: before.subscribedAt,
      confirmedAt: clock.now(),
      consentSource: "footer",
      consentedAt: askedAt,
      consentIpHash: hashClientAddress(STRANGER_IP),
    });

    const history = await historyOf({ subscriptionId: before.id });
    const agreed = { ...DEFAULT_SUBSCRIPTION_PREFERENCES, subscribedTo: [{ type: "all", value: null }] };
    expect(history.map(({ kind, held, terms, source }) => ({ kind, held, terms, source }))).toEqual([
      { kind: "request", held: false, terms: agreed, source: "popup" },
      { kind: "confirmation", held: false, terms: agreed, source: CONFIRM_LINK_SOURCE },
      { kind: "request", held: true, terms: { ...agreed, weeklyDigest: true }, source: "footer" },
      {
        kind: "confirmation",
        held: false,
        terms: { ...agreed, weeklyDigest: true },
        source: CONFIRM_LINK_SOURCE,
      },
    ]);
    const [original, firstConfirmation, change, changeConfirmation] = history;
    expect(firstConfirmation?.requestId).toBe(original?.id);
    expect(changeConfirmation?.requestId).toBe(change?.id);
    expect(change).toMatchObject({
      emailHash: hashEmail(email),
      wordingVersion: CONSENT_WORDING.subscription.version,
      clientIpHash: hashClientAddress(STRANGER_IP),
      createdAt: askedAt,
    });
    expect(changeConfirmation).toMatchObject({
      clientIpHash: hashClientAddress("192.0.2.44"),
      createdAt: clock.now(),
    });

    // Using the link again answers the same and changes nothing, history included.
    clock.advance(HOUR);
    expect((await post(confirmUrl(confirm), undefined)).json()).toEqual(answer.json());
    expect(await subscriptionOf(email)).toEqual(after);
    expect(await historyOf({ subscriptionId: before.id })).toEqual(history);
  });

  concurrencyTest("is applied once when its link is pressed twice at the same moment", async () => {
    const email = "double-click@example.co.uk";
    const before = await confirmedSubscription(email);
    clock.advance(HOUR);
    expect(
      (await post(subscribeUrl, { email, source: "popup", preferences: { promotions: false } }, STRANGER_IP))
        .statusCode,
    ).toBe(201);
    const { confirm } = await newestConfirmation(email);
    clock.advance(HOUR);
    const answers = await Promise.all([
      post(confirmUrl(confirm), undefined),
      post(confirmUrl(confirm), undefined),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect(await subscriptionOf(email)).toMatchObject({ promotions: false });
    const confirmations = (await historyOf({ subscriptionId: before.id })).filter(
      (event) => event.kind === "confirmation",
    );
    expect(confirmations).toHaveLength(2);
  });

  it("is held when it narrows too (a stranger cannot switch interests off), and a repeat of what is agreed changes nothing and sends nothing", async () => {
    const email = "narrowed@example.co.uk";
    const before = await confirmedSubscription(email);
    const history = await historyOf({ subscriptionId: before.id });
    const mails = (await mailTo(email)).length;

    // A repeat, with the interests stored spelled out or left out.
    for (const preferences of [undefined, { priceDrops: true, weeklyDigest: false }]) {
      const res = await post(subscribeUrl, { email, source: "popup", preferences }, STRANGER_IP);
      expect(res.json()).toEqual({ message: subscriptionMessages.success });
    }
    expect(await subscriptionOf(email)).toEqual(before);
    expect(await mailTo(email)).toHaveLength(mails);
    expect(await historyOf({ subscriptionId: before.id })).toEqual(history);

    const narrowing = await post(
      subscribeUrl,
      { email, source: "popup", preferences: { priceDrops: false, promotions: false } },
      STRANGER_IP,
    );
    expect(narrowing.json()).toEqual({ message: subscriptionMessages.success });
    expect(await subscriptionOf(email)).toEqual(before);
    const change = await newestConfirmation(email);
    expect(change.mail.subject).toBe("Confirm the change to your PharmaCompare price updates");
    expect(change.mail.textBody).toContain("Your interests: New medications");

    expect(await confirmNewest(email)).toEqual({
      message: emailLinkMessages.subscriptionChangeConfirmed,
      kind: "subscription",
      change: true,
    });
    expect(await subscriptionOf(email)).toMatchObject({
      priceDrops: false,
      promotions: false,
      newMedications: true,
    });
  });

  it("each confirm link applies the request it was sent for, not what a later request wrote", async () => {
    const email = "own-request@example.co.uk";
    expect(
      (await post(subscribeUrl, { email, source: "popup", preferences: { promotions: false } })).statusCode,
    ).toBe(201);
    const own = await newestConfirmation(email);
    // Before the owner confirms, a stranger asks for promotions; the unconfirmed row takes it.
    expect(
      (await post(subscribeUrl, { email, source: "footer", preferences: { promotions: true } }, STRANGER_IP))
        .statusCode,
    ).toBe(201);
    expect(await subscriptionOf(email)).toMatchObject({ promotions: true, confirmedAt: null });

    expect((await post(confirmUrl(own.confirm), undefined)).json()).toEqual({
      message: emailLinkMessages.subscriptionConfirmed,
      kind: "subscription",
    });
    expect(await subscriptionOf(email)).toMatchObject({
      promotions: false,
      consentSource: "popup",
      consentIpHash: hashClientAddress(OWNER_IP),
    });
  });

  it("is forgotten when not confirmed within 30 days: its link answers 404 and the retention job deletes it", async () => {
    const email = "stale-change@example.co.uk";
    const before = await confirmedSubscription(email);
    clock.advance(HOUR);
    expect(
      (await post(subscribeUrl, { email, source: "popup", preferences: { weeklyDigest: true } }, STRANGER_IP))
        .statusCode,
    ).toBe(201);
    const { confirm } = await newestConfirmation(email);
    const [held] = (await historyOf({ subscriptionId: before.id })).filter((event) => event.held);
    const link = () =>
      db()
        .select()
        .from(emailLinks)
        .where(eq(emailLinks.consentEventId, held?.id ?? ""));
    expect(await link()).toHaveLength(1);

    clock.advance(RETENTION.unconfirmedDays * DAY + HOUR);
    const res = await post(confirmUrl(confirm), undefined);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: emailLinkMessages.unknownLink, code: "not_found" });
    expect(await subscriptionOf(email)).toEqual(before);

    expect((await purgeExpired(db(), clock.now())).unconfirmedRequestLinks).toBeGreaterThanOrEqual(1);
    expect(await link()).toEqual([]);
    // The request stays in the history, with its subscription.
    expect((await historyOf({ subscriptionId: before.id })).map((event) => event.kind)).toEqual([
      "request",
      "confirmation",
      "request",
    ]);
  });
});

describe("a request to change or re-arm a confirmed alert", () => {
  it("is held for an active alert: its target and expiry stay until the change is confirmed", async () => {
    const email = "held-alert@example.co.uk";
    const current = await lowest();
    const before = await confirmedAlert(email, pence(current.price * 0.5));
    clock.advance(DAY);

    const higher = pence(current.price - 0.01);
    const res = await post(alertUrl, await alertBody(email, higher), STRANGER_IP);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: priceAlertMessages.success });
    expect(await alertOf(email)).toEqual(before);
    const change = await newestConfirmation(email);
    expect(change.mail).toMatchObject({
      template: "price-alert-confirmation",
      priceAlertId: before.id,
      subject: "Confirm the change to your price alert",
    });
    expect(change.mail.textBody).toContain("If you didn't ask for this change, ignore this email");

    clock.advance(HOUR);
    expect(await confirmNewest(email)).toEqual({
      message: emailLinkMessages.alertChangeConfirmed,
      kind: "price-alert",
      change: true,
    });
    const after = await alertOf(email);
    expect(after).toMatchObject({
      id: before.id,
      status: "active",
      targetPrice: higher,
      confirmedAt: clock.now(),
    });
    // The expiry the email stated: ALERT_TTL_DAYS from the request.
    expect(after?.expiresAt).toEqual(new Date(clock.now().getTime() - HOUR + 90 * DAY));
    const history = await historyOf({ priceAlertId: before.id });
    expect(history.map(({ kind, held }) => [kind, held])).toEqual([
      ["request", false],
      ["confirmation", false],
      ["request", true],
      ["confirmation", false],
    ]);
    expect(history.map((event) => event.terms)).toMatchObject([
      { medicationId: MEDICATION, dosage: DOSAGE, targetPrice: before.targetPrice },
      { targetPrice: before.targetPrice },
      { targetPrice: higher },
      { targetPrice: higher },
    ]);
  });

  it("is held for an alert that fired: it stays triggered until the address confirms re-arming it", async () => {
    const email = "rearm@example.co.uk";
    const current = await lowest();
    const target = pence(current.price - 1);
    const alert = await confirmedAlert(email, target);
    const drop = pence(target - 1);
    await db().transaction((tx) =>
      api.app.services.prices.write(tx, {
        medicationId: MEDICATION,
        pharmacyId: current.pharmacyId,
        dosage: DOSAGE,
        price: drop,
      }),
    );
    try {
      const fired = await alertOf(email);
      expect(fired).toMatchObject({ id: alert.id, status: "triggered" });

      clock.advance(HOUR);
      const rearm = await post(alertUrl, await alertBody(email, pence(drop - 1)), STRANGER_IP);
      expect(rearm.json()).toEqual({ message: priceAlertMessages.success });
      expect(await alertOf(email)).toEqual(fired);

      expect((await confirmNewest(email)).message).toBe(emailLinkMessages.alertChangeConfirmed);
      expect(await alertOf(email)).toMatchObject({
        status: "active",
        triggeredAt: null,
        targetPrice: pence(drop - 1),
      });
    } finally {
      await db().transaction((tx) =>
        api.app.services.prices.write(tx, {
          medicationId: MEDICATION,
          pharmacyId: current.pharmacyId,
          dosage: DOSAGE,
          price: current.price,
        }),
      );
    }
  });
});

describe("an address on the opt-out list", () => {
  it("gets at most one confirmation email a week, whatever is asked for it; the answers do not change", async () => {
    const email = "opted-out@example.co.uk";
    const contact = await post(urlOf(publicEndpoints.sendContactMessage), {
      name: "Someone",
      email,
      subject: "general",
      message: "A question about prices.",
    });
    expect(contact.statusCode).toBe(201);
    const { unsubscribe } = await newestConfirmationOrLink(email);
    expect((await post(unsubscribeUrl(unsubscribe), undefined)).json()).toMatchObject({ kind: "address" });
    const confirmations = async () =>
      (await mailTo(email)).filter((row) => row.template !== "contact-acknowledgement");

    expect((await post(subscribeUrl, { email, source: "popup" }, STRANGER_IP)).json()).toEqual({
      message: subscriptionMessages.success,
    });
    expect(await confirmations()).toHaveLength(1);

    const current = await lowest();
    for (const advance of [HOUR, DAY, 5 * DAY]) {
      clock.advance(advance);
      expect(
        (
          await post(
            subscribeUrl,
            { email, source: "footer", preferences: { promotions: false } },
            STRANGER_IP,
          )
        ).json(),
      ).toEqual({ message: subscriptionMessages.success });
      expect(
        (await post(alertUrl, await alertBody(email, pence(current.price * 0.9)), STRANGER_IP)).json(),
      ).toEqual({
        message: priceAlertMessages.success,
      });
    }
    // Six days and a few hours after the first: still that one.
    expect(await confirmations()).toHaveLength(1);
    // The requests themselves are kept (unconfirmed, so deleted within 30 days).
    expect(await alertOf(email)).toMatchObject({ status: "active", confirmedAt: null });

    clock.advance(DAY);
    expect(
      (await post(alertUrl, await alertBody(email, pence(current.price * 0.8)), STRANGER_IP)).statusCode,
    ).toBe(201);
    const week = await confirmations();
    expect(week).toHaveLength(2);
    expect(week.at(-1)?.template).toBe("price-alert-confirmation");
    expect((await post(subscribeUrl, { email, source: "popup" }, STRANGER_IP)).statusCode).toBe(201);
    expect(await confirmations()).toHaveLength(2);

    // Confirming from the inbox lifts the opt-out: the address asked for email again.
    await confirmNewest(email);
    expect((await post(subscribeUrl, { email, source: "popup" })).statusCode).toBe(201);
    expect(await confirmations()).toHaveLength(3);
  });
});

/** The unsubscribe token of the newest email to `email` (an acknowledgement has no confirm link). */
async function newestConfirmationOrLink(email: string) {
  const mail = (await mailTo(email)).at(-1);
  const unsubscribe = /\/unsubscribe\?token=([\w-]+)/.exec(mail?.textBody ?? "")?.[1];
  if (!unsubscribe) throw new Error(`no email to ${email}`);
  return { unsubscribe };
}

describe("the consent history's retention", () => {
  it("keeps a confirmed record's history while it exists and RETENTION.consentEvidenceDays after; a never-confirmed one's goes with it", async () => {
    const confirmedEmail = "evidence@example.co.uk";
    const kept = await confirmedSubscription(confirmedEmail);
    const { unsubscribe } = await newestConfirmation(confirmedEmail);
    expect((await post(unsubscribeUrl(unsubscribe), undefined)).statusCode).toBe(200);
    expect(
      (await post(subscribeUrl, { email: "never-confirmed@example.co.uk", source: "popup" })).statusCode,
    ).toBe(201);
    const never = await subscriptionOf("never-confirmed@example.co.uk");
    expect(await historyOf({ subscriptionId: never?.id ?? "" })).toHaveLength(1);

    // While the record exists its history stays, however old.
    const soon = new Date(clock.now().getTime() + 10 * DAY);
    await purgeExpired(db(), soon);
    expect((await historyOf({ subscriptionId: kept.id })).map((event) => event.recordGoneAt)).toEqual([
      null,
      null,
    ]);

    // Ended 30 days ago, the subscription goes; its history is noted gone and stays.
    const gone = new Date(clock.now().getTime() + (RETENTION.endedDays + 1) * DAY);
    await purgeExpired(db(), gone);
    expect(await subscriptionOf(confirmedEmail)).toBeUndefined();
    expect(await subscriptionOf("never-confirmed@example.co.uk")).toBeUndefined();
    const history = await historyOf({ subscriptionId: kept.id });
    expect(history.map((event) => [event.kind, event.recordGoneAt])).toEqual([
      ["request", gone],
      ["confirmation", gone],
    ]);
    expect(history.every((event) => event.emailHash === hashEmail(confirmedEmail))).toBe(true);
    expect(await historyOf({ subscriptionId: never?.id ?? "" })).toEqual([]);

    const evidenceEnds = gone.getTime() + RETENTION.consentEvidenceDays * DAY;
    await purgeExpired(db(), new Date(evidenceEnds - DAY));
    expect(await historyOf({ subscriptionId: kept.id })).toHaveLength(2);
    await purgeExpired(db(), new Date(evidenceEnds + DAY));
    expect(await historyOf({ subscriptionId: kept.id })).toEqual([]);
  });

  it("notes a record deleted any other way (the back-office, with its medication) the same way", async () => {
    const email = "deleted-by-staff@example.co.uk";
    const alert = await confirmedAlert(email, pence((await lowest()).price * 0.5));
    await db()
      .delete(priceAlerts)
      .where(and(eq(priceAlerts.id, alert.id)));
    const at = clock.now();
    await purgeExpired(db(), at);
    const history = await historyOf({ priceAlertId: alert.id });
    expect(history.map((event) => event.recordGoneAt)).toEqual([at, at]);
  });
});
