import {
  addDays,
  CONSENT_WORDING,
  emailLinkMessages,
  formatPounds,
  londonDay,
  manageEmailsMessages,
  publicEndpoints,
} from "@pharmacompare/contract";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, consentEvents, emailOutbox, medications, subscriptions } from "../src/db/schema.ts";
import { fallBy } from "../src/email/templates.ts";
import { londonInstant } from "../src/jobs/schedule.ts";
import type { PriceChange } from "../src/modules/prices/price-service.ts";
import { HOUR, MINUTE, testClock } from "./admin-helpers.ts";
import { linkToken } from "./mail-message.ts";
import { createSmtpSink } from "./smtp-sink.ts";
import { confirmedSubscribers, follows, mailReader } from "./subscribers.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * Price drops to subscribers (issue 28, decision 038) over a real SMTP server on loopback: the
 * day's falls from the price-write path's history, in what each confirmed subscriber follows, once
 * a day each, never naming a prescription-only medicine; bounces; MAIL_RATE.
 */
const SITE = "https://www.pharmacompare.example";
const API = "https://api.pharmacompare.example";
const MAIL_RATE = 4;

const sink = createSmtpSink();
const clock = testClock({ frozen: true });
let api: TestApi;

beforeAll(async () => {
  await sink.start();
  // Noon in London two days on: the demo history's last day is outside every window here.
  const noon = londonInstant(addDays(londonDay(clock.now()), 2), 12, 0);
  clock.advance(noon.getTime() - clock.now().getTime());
  api = await createTestApi(
    {
      SMTP_URL: sink.url,
      SITE_URL: SITE,
      API_URL: API,
      MAIL_RATE: String(MAIL_RATE),
      WRITE_RATE_LIMIT: "1000",
    },
    { now: clock.now },
  );
});
afterAll(async () => {
  await api?.close();
  await sink.stop();
});

const subscriber = confirmedSubscribers(() => api, clock.now);

/** Lowers a medication's lowest in-stock price by `share` at its cheapest pharmacy, through the one write path. */
async function lower(medicationId: string, dosage: string, share: number) {
  const lowest = await api.app.services.prices.lowest(medicationId, dosage);
  if (!lowest) throw new Error(`${medicationId} has no price`);
  const price = Math.round(lowest.price * (1 - share) * 100) / 100;
  const change: PriceChange = { medicationId, pharmacyId: lowest.pharmacyId, dosage, price };
  await api.database.db.transaction((tx) => api.app.services.prices.write(tx, change));
  return { before: lowest.price, after: price };
}

const mailTo = mailReader(sink.received);

/** Every prescription-only medicine's name in the demo catalogue. */
async function prescriptionOnlyNames(): Promise<string[]> {
  const rows = await api.database.db.query.medications.findMany({
    where: (medications, { eq }) => eq(medications.legalCategory, "POM"),
  });
  return rows.map((row) => row.name);
}

describe("the daily price drops", () => {
  it("sends each confirmed subscriber the day's falls in what they follow, once, and never names a prescription-only medicine", async () => {
    const ann = await subscriber("ann@example.co.uk", { subscribedTo: follows("erectile-dysfunction") });
    const ben = await subscriber("ben@example.co.uk");
    await subscriber("cat@example.co.uk", { confirmedAt: null });
    await subscriber("dan@example.co.uk", { priceDrops: false });
    await subscriber("eve@example.co.uk", { status: "unsubscribed" });
    await subscriber("gus@example.co.uk", { subscribedTo: follows("premature-ejaculation") });

    await lower("viagra", "50mg x 4 tablets", 0.5); // POM, erectile dysfunction
    const foam = await lower("regaine-for-men-extra-strength-foam", "1 x 73ml (1 month)", 0.3); // GSL, hair loss
    await lower("propecia", "1mg x 28 tablets", 0.2); // POM, hair loss
    await lower("viagra-connect", "50mg x 4 tablets", 0.05); // P: under the 10 % default

    clock.advance(MINUTE);
    const start = sink.received.length;
    const run = await api.app.services.jobs.runNow("priceDrops");
    expect(run).toMatchObject({ outcome: "succeeded", summary: { falls: 3, queued: 2 } });
    expect(await api.app.services.outbox.deliverDue()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(
      sink.received
        .slice(start)
        .flatMap((mail) => mail.to)
        .sort(),
    ).toEqual(["ann@example.co.uk", "ben@example.co.uk"]);

    const [forAnn] = mailTo("ann@example.co.uk", start);
    expect(forAnn?.subject).toBe("Price drops in Erectile Dysfunction");
    expect(forAnn?.text).toContain(
      "ERECTILE DYSFUNCTION\n\nThe lowest price of a prescription-only treatment for Erectile Dysfunction fell.",
    );
    expect(forAnn?.text).toContain(
      `Compare prices for Erectile Dysfunction:\n${SITE}/condition/erectile-dysfunction\n`,
    );
    expect(forAnn?.text).not.toContain("Hair Loss");
    expect(forAnn?.text).toContain(
      "You're getting this email because you subscribed to price drops for Erectile Dysfunction on PharmaCompare",
    );
    expect(forAnn?.header("list-unsubscribe")).toMatch(
      /^<https:\/\/api\.pharmacompare\.example\/api\/email\/unsubscribe\?token=/,
    );
    expect(forAnn?.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(forAnn?.text).toContain(`${SITE}/unsubscribe?token=`);

    const [forBen] = mailTo("ben@example.co.uk", start);
    expect(forBen?.subject).toBe("Price drops in 2 conditions you follow");
    expect(forBen?.text).toContain(
      `Regaine for Men Extra Strength Foam 1 x 73ml (1 month): ${formatPounds(foam.after)}, down ${fallBy(foam.before, foam.after)} from ${formatPounds(foam.before)}`,
    );
    expect(fallBy(foam.before, foam.after)).toMatch(/^£\d+\.\d\d \(30%\)$/);
    expect(forBen?.text).toContain("The lowest price of a prescription-only treatment for Hair Loss fell.");
    expect(forBen?.text).toContain("for every condition");
    expect(forBen?.text).not.toContain("Viagra Connect");

    // No prescription-only medicine by name, anywhere in either email.
    for (const name of await prescriptionOnlyNames()) {
      for (const mail of [forAnn, forBen]) {
        for (const part of [mail?.subject, mail?.text, mail?.html]) {
          expect(part?.toLowerCase(), name).not.toContain(name.toLowerCase());
        }
      }
    }

    // What the mail server accepted is counted.
    const counted = await api.database.db
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.id, [ann.id, ben.id]));
    for (const row of counted) expect(row).toMatchObject({ emailsSentCount: 1, lastEmailSent: clock.now() });

    // Run again the same day (another process, the operator): nothing more.
    clock.advance(HOUR);
    expect(await api.app.services.jobs.runNow("priceDrops")).toMatchObject({ summary: { queued: 0 } });
    expect(await api.app.services.outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it("a hard rejection bounces the subscriber and cancels their mail; MAIL_RATE paces price news behind a confirmation", async () => {
    clock.advance(24 * HOUR);
    const fay = await subscriber("fay@example.co.uk");
    for (const name of ["hal", "ivy", "jon"]) await subscriber(`${name}@example.co.uk`);
    sink.refuse("fay@example.co.uk", 550);
    await lower("regaine-for-men-extra-strength-foam", "1 x 73ml (1 month)", 0.3);
    clock.advance(MINUTE);

    // ben, fay, hal, ivy and jon follow hair loss (ann does not).
    expect(await api.app.services.jobs.runNow("priceDrops")).toMatchObject({ summary: { queued: 5 } });
    // Something else for fay, still waiting when her address bounces.
    await api.app.services.outbox.enqueue(api.database.db, {
      idempotencyKey: `test:${fay.id}`,
      template: "new-medications",
      to: fay.email,
      content: { subject: "x", text: "x", html: "x" },
      headers: {},
      subscriptionId: fay.id,
      bulk: true,
    });
    await api.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(clock.now().getTime() + HOUR) })
      .where(eq(emailOutbox.idempotencyKey, `test:${fay.id}`));
    const start = sink.received.length;
    const subscribed = await api.app.inject({
      method: "POST",
      url: urlOf(publicEndpoints.subscribe),
      payload: { email: "new@example.co.uk", source: "footer" },
      remoteAddress: "198.51.100.9",
    });
    expect(subscribed.statusCode).toBe(201);

    // The first minute: MAIL_RATE messages, the confirmation first though it was queued last.
    await api.app.services.outbox.deliverDue();
    expect(sink.received.length - start).toBe(MAIL_RATE);
    expect(sink.received[start]?.to).toEqual(["new@example.co.uk"]);
    // The next minute: the rest.
    clock.advance(MINUTE);
    await api.app.services.outbox.deliverDue();
    expect(sink.received.length - start).toBe(5);
    expect(mailTo("fay@example.co.uk", start)).toEqual([]);

    const [bounced] = await api.database.db.select().from(subscriptions).where(eq(subscriptions.id, fay.id));
    expect(bounced).toMatchObject({ status: "bounced", emailsSentCount: 0, lastEmailSent: null });
    const fayMail = await api.database.db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.subscriptionId, fay.id));
    expect(fayMail.map((row) => row.status).sort()).toEqual(["cancelled", "failed"]);

    // The next day's drops go to everyone else, not to fay.
    clock.advance(24 * HOUR);
    await lower("regaine-for-men-extra-strength-foam", "1 x 73ml (1 month)", 0.3);
    clock.advance(MINUTE);
    expect(await api.app.services.jobs.runNow("priceDrops")).toMatchObject({ summary: { queued: 4 } });
    const queuedForFay = await api.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subscriptionId, fay.id));
    expect(queuedForFay).toHaveLength(2);
  });
});

describe("manage my emails, from the link in a price-news email", () => {
  let post = 0;
  const from = () => `203.0.113.${(post++ % 250) + 1}`;

  /** Subscribes through the public form, confirms from the email's link, and answers the row. */
  async function subscribeAndConfirm(email: string, conditions: string[]) {
    const start = sink.received.length;
    const res = await api.app.inject({
      method: "POST",
      url: urlOf(publicEndpoints.subscribe),
      payload: { email, source: "popup", preferences: { weeklyDigest: true }, conditions },
      remoteAddress: from(),
    });
    expect(res.statusCode).toBe(201);
    await api.app.services.outbox.deliverDue();
    const [confirmation] = mailTo(email, start);
    const token = linkToken(confirmation?.text ?? "", `${SITE}/confirm`);
    const confirmed = await api.app.inject({
      method: "POST",
      url: urlOf(publicEndpoints.confirmEmail, { query: { token } }),
      remoteAddress: from(),
    });
    expect(confirmed.statusCode).toBe(200);
    const [row] = await api.database.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    if (!row) throw new Error("not stored");
    return row;
  }

  it("a subscriber who chose a condition on the form gets only its news, and manages it from the email", async () => {
    clock.advance(24 * HOUR);
    const kit = await subscribeAndConfirm("kit@example.co.uk", ["hair-loss"]);
    expect(kit.subscribedTo).toEqual([{ type: "condition", value: "hair-loss" }]);
    // Conditions say something about health: the sentence asking explicit consent for them was agreed
    // to (without conditions, the plain wording's version: visitor-writes.test.ts).
    expect(kit.consentVersion).toBe(CONSENT_WORDING.subscriptionConditions.version);

    await lower("viagra", "50mg x 4 tablets", 0.5);
    await lower("regaine-for-men-extra-strength-foam", "1 x 73ml (1 month)", 0.3);
    clock.advance(MINUTE);
    await api.app.services.jobs.runNow("priceDrops");
    const start = sink.received.length;
    await api.app.services.outbox.deliverDue();
    clock.advance(MINUTE);
    await api.app.services.outbox.deliverDue();
    const [news] = mailTo("kit@example.co.uk", start);
    expect(news?.subject).toBe("Price drops in Hair Loss");
    expect(news?.text).toContain("Manage my emails:\n");
    const token = linkToken(news?.text ?? "", `${SITE}/manage-emails`);

    const shown = await api.app.inject({
      method: "GET",
      url: urlOf(publicEndpoints.managedSubscription, { query: { token } }),
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      email: "k•••@example.co.uk",
      preferences: { priceDrops: true, newMedications: true, promotions: true, weeklyDigest: true },
      conditions: [{ id: "hair-loss", name: "Hair Loss" }],
    });

    const manage = (body: unknown, withToken = token) =>
      api.app.inject({
        method: "POST",
        url: urlOf(publicEndpoints.manageEmails, { query: { token: withToken } }),
        payload: body as object,
        remoteAddress: from(),
      });
    const fewer = { priceDrops: true, newMedications: false, promotions: false, weeklyDigest: true };

    // Fewer emails: at once, with the request and its confirmation in the consent history, and
    // news of a kind given up that was still waiting is not sent.
    await api.app.services.outbox.enqueue(api.database.db, {
      idempotencyKey: `test:waiting:${kit.id}`,
      template: "new-medications",
      to: kit.email,
      content: { subject: "x", text: "x", html: "x" },
      headers: {},
      subscriptionId: kit.id,
      bulk: true,
    });
    const narrowed = await manage({ preferences: fewer, conditions: ["hair-loss"] });
    const [waiting] = await api.database.db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.idempotencyKey, `test:waiting:${kit.id}`));
    expect(waiting?.status).toBe("cancelled");
    expect(narrowed.json()).toEqual({ message: manageEmailsMessages.applied, outcome: "applied" });
    const [after] = await api.database.db.select().from(subscriptions).where(eq(subscriptions.id, kit.id));
    expect(after).toMatchObject({ newMedications: false, promotions: false });
    const history = await api.database.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.subscriptionId, kit.id));
    expect(history.filter((event) => event.source === "manage-link").map((event) => event.kind)).toEqual([
      "request",
    ]);
    expect(history.filter((event) => event.kind === "confirmation")).toHaveLength(2);

    // The same again: nothing.
    expect((await manage({ preferences: fewer, conditions: ["hair-loss"] })).json()).toMatchObject({
      outcome: "unchanged",
    });

    // More (another condition): held until the address confirms it by email.
    const before = sink.received.length;
    const widened = await manage({ preferences: fewer, conditions: ["hair-loss", "erectile-dysfunction"] });
    expect(widened.json()).toEqual({
      message: manageEmailsMessages.confirmationSent,
      outcome: "confirmation-sent",
    });
    const [held] = await api.database.db.select().from(subscriptions).where(eq(subscriptions.id, kit.id));
    expect(held?.subscribedTo).toEqual([{ type: "condition", value: "hair-loss" }]);
    clock.advance(MINUTE);
    await api.app.services.outbox.deliverDue();
    const [confirmation] = mailTo("kit@example.co.uk", before);
    expect(confirmation?.subject).toBe("Confirm the change to your PharmaCompare price updates");
    const confirmToken = linkToken(confirmation?.text ?? "", `${SITE}/confirm`);
    const confirmed = await api.app.inject({
      method: "POST",
      url: urlOf(publicEndpoints.confirmEmail, { query: { token: confirmToken } }),
      remoteAddress: from(),
    });
    expect(confirmed.json()).toMatchObject({ change: true });
    const [widenedRow] = await api.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, kit.id));
    expect(widenedRow?.subscribedTo).toEqual([
      { type: "condition", value: "hair-loss" },
      { type: "condition", value: "erectile-dysfunction" },
    ]);

    // Refusals change nothing.
    const unknownCondition = await manage({ preferences: fewer, conditions: ["not-a-condition"] });
    expect(unknownCondition.statusCode).toBe(400);
    expect(unknownCondition.json()).toMatchObject({
      fields: { conditions: "must name conditions we compare" },
    });
    const unknownToken = await manage({ preferences: fewer, conditions: [] }, "x".repeat(43));
    expect(unknownToken.statusCode).toBe(404);
    expect(unknownToken.json()).toMatchObject({ error: emailLinkMessages.unknownLink });
    const [unchanged] = await api.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, kit.id));
    expect(unchanged).toEqual(widenedRow);
  });
});

describe("the weekly digest", () => {
  it("gives digest subscribers the week in what they follow, new medications alone to the others, and an empty week nothing", async () => {
    // A week on from everything above: the seeded catalogue is no longer new.
    clock.advance(8 * 24 * HOUR);
    const foam = await lower("regaine-for-men-extra-strength-foam", "1 x 73ml (1 month)", 0.3);
    await api.database.db.insert(medications).values({
      id: "zyxafinib",
      name: "Zyxafinib",
      categoryId: "mens-health",
      subcategoryId: "hair-loss",
      form: "Tablets",
      dosages: ["1mg x 28 tablets"],
      legalCategory: "POM",
      createdAt: clock.now(),
    });
    await api.database.db.insert(blogPosts).values({
      slug: "what-to-know-about-zyxafinib",
      title: "What to know about Zyxafinib",
      excerpt: "x",
      content: "x",
      author: "PharmaCompare",
      category: "Men's Health",
      metaDescription: "x",
      readTime: 3,
      published: true,
      publishDate: clock.now(),
    });
    // A name disguised with a Cyrillic "о" is read as its reader sees it (issue 42, decision 040).
    await api.database.db.insert(blogPosts).values({
      slug: "half-price-this-week",
      title: "Half price M\u043Eunjaro this week",
      excerpt: "x",
      content: "x",
      author: "PharmaCompare",
      category: "Men's Health",
      metaDescription: "x",
      readTime: 3,
      published: true,
      publishDate: clock.now(),
    });
    clock.advance(MINUTE);

    const run = await api.app.services.jobs.runNow("weeklyDigest");
    // kit chose the digest; ben, dan, hal, ivy and jon new medications without it (hair loss is theirs).
    expect(run).toMatchObject({ outcome: "succeeded", summary: { digests: 1, newMedicationEmails: 5 } });
    const start = sink.received.length;
    await api.app.services.outbox.deliverDue();
    clock.advance(MINUTE);
    await api.app.services.outbox.deliverDue();
    expect(sink.received.length - start).toBe(6);

    const [digest] = mailTo("kit@example.co.uk", start);
    expect(digest?.subject).toBe("Your weekly PharmaCompare digest");
    // Grouped by condition (issue 41): a title, the fall that is also a new low as one line, the
    // new prescription-only medicine unnamed, and one link for the condition.
    expect(digest?.text).toContain(
      `HAIR LOSS\n\nRegaine for Men Extra Strength Foam 1 x 73ml (1 month): ${formatPounds(foam.after)}, down ${fallBy(foam.before, foam.after)} from ${formatPounds(foam.before)}, the lowest we have recorded`,
    );
    expect(digest?.text).toContain("A new treatment for Hair Loss.");
    expect(digest?.text).toContain(`Compare prices for Hair Loss:\n${SITE}/condition/hair-loss\n`);
    expect(digest?.html).toContain(">Hair Loss</h2>");
    const lines = (digest?.text ?? "").split("\n").filter((line) => line.trim() && line !== "--");
    expect(lines.filter((line, index) => lines.indexOf(line) !== index)).toEqual([]);
    expect(digest?.text).toContain(`2 new articles in Men's Health:\n${SITE}/blog\n`);
    expect(digest?.text).toContain("because you subscribed to the weekly digest for");
    const [alone] = mailTo("dan@example.co.uk", start);
    expect(alone?.subject).toBe("New on PharmaCompare this week");
    for (const mail of [digest, alone]) {
      for (const part of [mail?.subject, mail?.text, mail?.html]) {
        expect(part?.toLowerCase()).not.toContain("zyxafinib");
        expect(part?.toLowerCase()).not.toContain("half price");
      }
    }

    // Run again: nothing twice. A week with nothing new: nothing at all.
    expect(await api.app.services.jobs.runNow("weeklyDigest")).toMatchObject({
      summary: { digests: 0, newMedicationEmails: 0 },
    });
    clock.advance(8 * 24 * HOUR);
    expect(await api.app.services.jobs.runNow("weeklyDigest")).toMatchObject({
      summary: { falls: 0, newLows: 0, medications: 0, articles: 0, digests: 0, newMedicationEmails: 0 },
    });
  });
});
