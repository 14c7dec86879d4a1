import { addDays, emailLinkMessages, londonDay, publicEndpoints } from "@pharmacompare/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentEvents, subscriptions } from "../src/db/schema.ts";
import { londonInstant } from "../src/jobs/schedule.ts";
import type { PriceChange } from "../src/modules/prices/price-service.ts";
import { HOUR, MINUTE, testClock } from "./admin-helpers.ts";
import { type ParsedMail, parseMail } from "./mail-message.ts";
import { createSmtpSink } from "./smtp-sink.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * "Unsubscribing from one email stops that kind" (issue 28, decision 041), over a real SMTP server
 * on loopback: the one-click unsubscribe (RFC 8058) of a weekly digest stops digests and nothing
 * else; the same link with `everything` (the page's second button) ends the subscription.
 */
const SITE = "https://www.pharmacompare.example";
const API = "https://api.pharmacompare.example";
const FOAM = ["regaine-for-men-extra-strength-foam", "1 x 73ml (1 month)"] as const;

const sink = createSmtpSink();
const clock = testClock({ frozen: true });
let api: TestApi;

beforeAll(async () => {
  await sink.start();
  // Noon in London two days on: the demo history's last day is outside every window here.
  const noon = londonInstant(addDays(londonDay(clock.now()), 2), 12, 0);
  clock.advance(noon.getTime() - clock.now().getTime());
  api = await createTestApi(
    { SMTP_URL: sink.url, SITE_URL: SITE, API_URL: API, MAIL_RATE: "1000" },
    { now: clock.now },
  );
});
afterAll(async () => {
  await api?.close();
  await sink.stop();
});

/** Lowers the foam's lowest in-stock price by 30 % through the one write path. */
async function lowerFoam() {
  const [medicationId, dosage] = FOAM;
  const lowest = await api.app.services.prices.lowest(medicationId, dosage);
  if (!lowest) throw new Error("no price");
  const price = Math.round(lowest.price * 0.7 * 100) / 100;
  const change: PriceChange = { medicationId, pharmacyId: lowest.pharmacyId, dosage, price };
  await api.database.db.transaction((tx) => api.app.services.prices.write(tx, change));
}

/** Runs a job now and delivers what it queued; answers what reached `email`. */
async function run(job: "priceDrops" | "weeklyDigest", email: string): Promise<ParsedMail[]> {
  clock.advance(MINUTE);
  await api.app.services.jobs.runNow(job);
  const start = sink.received.length;
  await api.app.services.outbox.deliverDue();
  return sink.received
    .slice(start)
    .filter((mail) => mail.to.includes(email))
    .map((mail) => parseMail(mail.raw));
}

/** The token of an email's List-Unsubscribe address (the one-click POST, RFC 8058). */
function oneClickToken(mail: ParsedMail | undefined): string {
  const header = mail?.header("list-unsubscribe") ?? "";
  const token = /token=([A-Za-z0-9_-]+)/.exec(header)?.[1];
  if (!token) throw new Error("no List-Unsubscribe token");
  return token;
}

const oneClick = (token: string, everything = false) =>
  api.app.inject({
    method: "POST",
    url: urlOf(publicEndpoints.unsubscribe, {
      query: { token, ...(everything ? { everything: "true" } : {}) },
    }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
    remoteAddress: "203.0.113.7",
  });

describe("unsubscribing from one kind of price news", () => {
  it("a digest's one-click unsubscribe stops digests; price drops still come; everything ends the subscription", async () => {
    const email = "kim@example.co.uk";
    const [kim] = await api.database.db
      .insert(subscriptions)
      .values({
        email,
        status: "active",
        source: "popup",
        weeklyDigest: true,
        confirmedAt: clock.now(),
        consentVersion: "test",
        consentedAt: clock.now(),
        consentSource: "popup",
      })
      .returning();
    if (!kim) throw new Error("not stored");

    await lowerFoam();
    const [digest] = await run("weeklyDigest", email);
    expect(digest?.subject).toBe("Your weekly PharmaCompare digest");

    const stopped = await oneClick(oneClickToken(digest));
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({
      message: emailLinkMessages.kindUnsubscribed.weeklyDigest,
      kind: "subscription",
      stopped: "weeklyDigest",
    });
    const [after] = await api.database.db.select().from(subscriptions).where(eq(subscriptions.id, kim.id));
    expect(after).toMatchObject({
      status: "active",
      weeklyDigest: false,
      priceDrops: true,
      promotions: true,
    });
    // The request and its confirmation are in the consent history, from the unsubscribe link.
    const history = await api.database.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.subscriptionId, kim.id));
    expect(history.filter((event) => event.source === "unsubscribe-link").map((event) => event.kind)).toEqual(
      ["request"],
    );
    expect(history.filter((event) => event.kind === "confirmation")).toHaveLength(1);
    // Repeating the link is harmless.
    expect((await oneClick(oneClickToken(digest))).json()).toMatchObject({ stopped: "weeklyDigest" });

    // The next morning's price drops still come.
    clock.advance(24 * HOUR);
    await lowerFoam();
    const [drops] = await run("priceDrops", email);
    expect(drops?.subject).toBe("Price drops in Hair Loss");

    // A week on, with news to tell: no digest for kim.
    clock.advance(7 * 24 * HOUR);
    await lowerFoam();
    expect(await run("weeklyDigest", email)).toEqual([]);

    // The price-drop email's link with "everything" (the page's second button) ends the subscription.
    const ended = await oneClick(oneClickToken(drops), true);
    expect(ended.json()).toEqual({
      message: emailLinkMessages.subscriptionUnsubscribed,
      kind: "subscription",
    });
    const [gone] = await api.database.db.select().from(subscriptions).where(eq(subscriptions.id, kim.id));
    expect(gone?.status).toBe("unsubscribed");
    clock.advance(24 * HOUR);
    await lowerFoam();
    expect(await run("priceDrops", email)).toEqual([]);
  });

  it("giving up the last kind one by one ends the subscription", async () => {
    const email = "lou@example.co.uk";
    const [lou] = await api.database.db
      .insert(subscriptions)
      .values({
        email,
        status: "active",
        source: "popup",
        newMedications: false,
        promotions: false,
        confirmedAt: clock.now(),
        consentVersion: "test",
        consentedAt: clock.now(),
        consentSource: "popup",
      })
      .returning();
    if (!lou) throw new Error("not stored");
    clock.advance(24 * HOUR);
    await lowerFoam();
    const [drops] = await run("priceDrops", email);
    const answer = await oneClick(oneClickToken(drops));
    expect(answer.json()).toEqual({
      message: emailLinkMessages.subscriptionUnsubscribed,
      kind: "subscription",
    });
    const [gone] = await api.database.db.select().from(subscriptions).where(eq(subscriptions.id, lou.id));
    expect(gone).toMatchObject({ status: "unsubscribed", priceDrops: false });
  });
});
