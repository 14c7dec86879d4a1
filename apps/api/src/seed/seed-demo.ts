import { createHash, randomBytes } from "node:crypto";
import {
  API_KEY_PREFIX_LENGTH,
  API_KEY_SCHEME,
  CONSENT_WORDING,
  formatDateTime,
  londonDay,
} from "@pharmacompare/contract";
import { markdownHtml } from "@pharmacompare/safe-markdown/html";
import { markdownText } from "@pharmacompare/safe-markdown/text";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import type { ApiConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import {
  adminMessages,
  apiKeys,
  apiKeyUsage,
  blogPosts,
  type ConsentTerms,
  categories,
  clickOuts,
  coursePlans,
  emailOutbox,
  jobRuns,
  medicationEvents,
  medications,
  newsletters,
  nhsCharges,
  pharmacies,
  pharmacyFeeds,
  priceAlerts,
  priceHistory,
  prices,
  subcategories,
  subscriptions,
  supplyNotices,
} from "../db/schema.ts";
import {
  type AgedDemoPrice,
  buildDemoClickOuts,
  buildDemoPriceAges,
  buildDemoPrices,
  DEMO_ALERTS,
  DEMO_CONSULTATION_URLS,
  DEMO_FAILING_FEED,
  DEMO_NEWSLETTERS,
  DEMO_NHS_CHARGES,
  DEMO_NHS_COURSE_PLANS,
  DEMO_PRICE_EVENTS,
  DEMO_REFERRAL_PARAMS,
  DEMO_SUBSCRIBERS,
  demoAdminMessages,
  demoBlogPosts,
  demoCategories,
  demoCoursePlans,
  demoMedications,
  demoNhsRoutes,
  demoPharmacies,
  demoSupplyNotices,
  withDemoIntroductoryPrices,
} from "../demo-data/index.ts";
import { hashClientAddress } from "../email/secrets.ts";
import { jobFailedBlocks } from "../email/templates.ts";
import { latestSlot, parseSchedule } from "../jobs/schedule.ts";
import { JOB_MAX_ATTEMPTS, JOB_RETRY_AFTER_MS } from "../jobs/scheduler.ts";
import { PRICE_ALERT_CONSENT_SOURCE } from "../modules/alerts/index.ts";
import { recordConsentConfirmation, recordConsentRequest } from "../modules/consent/index.ts";
import { createFeedOpsAlerts, feedScheduleOf } from "../modules/feeds/index.ts";
import { newsletterEmail } from "../modules/newsletters/index.ts";
import { createOutboxService } from "../modules/outbox/index.ts";
import { computeIndexMonths, PRICE_INDEX_JOB, PRICE_INDEX_SCHEDULE } from "../modules/price-index/index.ts";
import { DEMO_PRICES_JOB, DEMO_PRICES_SCHEDULE } from "../modules/prices/index.ts";

const BATCH = 1000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(categories);
  return (row?.count ?? 0) === 0;
}

export interface SeedSummary {
  categories: number;
  medications: number;
  pharmacies: number;
  prices: number;
  priceHistory: number;
  blogPosts: number;
  adminMessages: number;
}

/** What the demo's past needs to write its emails as the API would have (addresses, links). */
export type DemoLifeConfig = Pick<
  ApiConfig,
  "siteUrl" | "apiUrl" | "mailFrom" | "smtpUrl" | "dataDir" | "mailRate" | "opsEmail" | "alertTtlDays"
>;

/**
 * The failing feed's scheduled moments, latest first: the last `failedRuns` failed, the
 * `goodRuns` before them succeeded (decision 053). They are the moments the scheduler itself
 * names, so it finds the latest one already run and tries the feed only at its next moment.
 */
function demoFeedSlots(now: Date): Date[] {
  const schedule = parseSchedule(feedScheduleOf(DEMO_FAILING_FEED));
  const slots: Date[] = [];
  let at = now;
  for (let i = 0; i < DEMO_FAILING_FEED.failedRuns + DEMO_FAILING_FEED.goodRuns; i += 1) {
    const slot = latestSlot(schedule, at);
    slots.push(slot);
    at = new Date(slot.getTime() - 1);
  }
  return slots;
}

/** When the failing feed's last good run confirmed its pharmacy's prices. */
function lastGoodRunAt(now: Date): Date {
  const slot = demoFeedSlots(now)[DEMO_FAILING_FEED.failedRuns] as Date;
  return new Date(slot.getTime() + 4_000);
}

/**
 * Writes the whole demo catalogue in one transaction: either all of it lands or none. Its prices
 * have a past (decision 053): confirmed hours ago, or 9, 12 or 20 days ago for the designated rows,
 * with 90 days of changes behind them. With `life` (a start with SEED_DEMO, prepare-database.ts)
 * it also writes what a month of running leaves: the failing feed, alerts, subscribers,
 * newsletters and click-outs; the test suite's snapshot leaves those out.
 */
export async function seedDemoCatalogue(
  db: Database,
  options: { now?: Date; createdBy?: string | null; life?: DemoLifeConfig } = {},
): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  // Issue 44: a few introductory prices, seeded once with the rest (decision 053, 057).
  const demoPrices = withDemoIntroductoryPrices(buildDemoPrices(demoMedications, demoPharmacies));
  const aged = buildDemoPriceAges(demoPrices, demoMedications, now, lastGoodRunAt(now));

  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(
        demoCategories.map((category, index) => ({ id: category.id, name: category.name, sortOrder: index })),
      );
    await tx.insert(subcategories).values(
      demoCategories.flatMap((category) =>
        category.subcategories.map((sub, index) => ({
          id: sub.id,
          categoryId: category.id,
          name: sub.name,
          description: sub.description,
          sortOrder: index,
        })),
      ),
    );
    await tx.insert(medications).values(
      demoMedications.map((m) => ({
        id: m.id,
        name: m.name,
        genericName: m.genericName ?? null,
        categoryId: m.category,
        subcategoryId: m.subcategory,
        form: m.form,
        legalCategory: m.legalCategory,
        description: m.description,
        dosages: m.dosage,
      })),
    );
    await tx.insert(pharmacies).values(
      demoPharmacies.map((p) => ({
        ...p,
        referralParams: DEMO_REFERRAL_PARAMS[p.id] ?? "",
        // Where their prescription-only visits start (decision 058).
        consultationUrl: DEMO_CONSULTATION_URLS[p.id] ?? "",
      })),
    );
    await tx.insert(coursePlans).values(
      demoCoursePlans.map((plan, index) => ({
        medicationId: plan.medicationId,
        name: plan.name,
        steps: plan.steps,
        // Each medication's plans in the order listed.
        position: demoCoursePlans.slice(0, index).filter((other) => other.medicationId === plan.medicationId)
          .length,
      })),
    );
    await insertInBatches(aged.prices, (batch) => tx.insert(prices).values(batch));
    await insertInBatches(aged.history, (batch) => tx.insert(priceHistory).values(batch));
    await tx.insert(blogPosts).values(
      demoBlogPosts.map((post) => ({
        ...post,
        publishDate: new Date(post.publishDate),
        lastUpdated: new Date(post.lastUpdated),
      })),
    );
    await tx.insert(adminMessages).values(
      demoAdminMessages.map((message) => ({
        medicationId: message.medicationId,
        pharmacyId: message.pharmacyId,
        category: message.category,
        title: message.title,
        message: message.message,
        startDate: new Date(now.getTime() + message.startOffsetDays * DAY_MS),
        endDate:
          message.endOffsetDays === null ? null : new Date(now.getTime() + message.endOffsetDays * DAY_MS),
        priority: message.priority,
        active: message.active,
        createdBy: options.createdBy ?? null,
      })),
    );
    await seedDemoNhsRoute(tx);
    await seedDemoPriceEvents(tx, now);
    await seedDemoSupplyNotices(tx, now);
    await seedDemoApiKeys(tx, now, options.createdBy ?? null);
    if (options.life) {
      await seedDemoLife(tx, {
        now,
        createdBy: options.createdBy ?? null,
        config: options.life,
        prices: aged.prices,
      });
      await seedDemoFailedJob(tx, { now, config: options.life });
    }
  });

  return {
    categories: demoCategories.length,
    medications: demoMedications.length,
    pharmacies: demoPharmacies.length,
    prices: demoPrices.length,
    priceHistory: aged.history.length,
    blogPosts: demoBlogPosts.length,
    adminMessages: demoAdminMessages.length,
  };
}

/**
 * A scheduled job that failed for good (issue 46, decision 066): today's price-index run failed its
 * three tries, so the dashboard shows "A scheduled job failed" and operations had its one email
 * (already sent). The index the seeding computed stands; tomorrow's run goes ahead.
 */
async function seedDemoFailedJob(
  tx: Database,
  options: { now: Date; config: DemoLifeConfig },
): Promise<void> {
  const { now, config } = options;
  const slot = latestSlot(parseSchedule(PRICE_INDEX_SCHEDULE), now);
  const startedAt = new Date(slot.getTime() + (JOB_MAX_ATTEMPTS - 1) * JOB_RETRY_AFTER_MS + 1_000);
  const finishedAt = new Date(startedAt.getTime() + 30_000);
  const error = "57014 canceling statement due to statement timeout";
  await tx.insert(jobRuns).values({
    job: PRICE_INDEX_JOB,
    slot: slot.toISOString(),
    scheduledFor: slot,
    holder: "demo-seed",
    leaseUntil: new Date(finishedAt.getTime() + JOB_RETRY_AFTER_MS),
    attempts: JOB_MAX_ATTEMPTS,
    startedAt,
    finishedAt,
    outcome: "failed",
    summary: { error },
  });
  const outbox = createOutboxService(tx, { now: () => now, config, log: pino({ level: "silent" }) });
  await createFeedOpsAlerts(tx, {
    now: () => now,
    outbox,
    opsEmail: config.opsEmail,
    siteUrl: config.siteUrl,
  }).send({
    key: `job-ops:${PRICE_INDEX_JOB}:${slot.toISOString()}`,
    template: "job-ops-alert",
    subject: `Scheduled job failed: ${PRICE_INDEX_JOB}`,
    blocks: jobFailedBlocks(
      { job: PRICE_INDEX_JOB, scheduledFor: formatDateTime(slot), attempts: JOB_MAX_ATTEMPTS, error },
      { dashboard: `${config.siteUrl}/admin` },
    ),
  });
  await tx
    .update(emailOutbox)
    .set({ status: "sent", sentAt: finishedAt, attempts: 1, createdAt: finishedAt })
    .where(eq(emailOutbox.template, "job-ops-alert"));
}

/**
 * The open API's keys (issue 45, decision 062): two organisations reading the open data, one with
 * requests refused today, and a pilot key revoked. Their keys were random and shown to nobody
 * (only hashes are kept), so a demo visitor issues their own key to try the API.
 */
async function seedDemoApiKeys(tx: Database, now: Date, createdBy: string | null): Promise<void> {
  const day = (offset: number) => londonDay(new Date(now.getTime() + offset * DAY_MS));
  const key = (name: string, perMinute: number, perDay: number, ageDays: number, revokedDaysAgo?: number) => {
    const secret = `${API_KEY_SCHEME}${randomBytes(32).toString("base64url")}`;
    return {
      name,
      prefix: secret.slice(0, API_KEY_PREFIX_LENGTH),
      keyHash: createHash("sha256").update(secret).digest("hex"),
      perMinute,
      perDay,
      createdBy,
      createdAt: new Date(now.getTime() - ageDays * DAY_MS),
      lastUsedAt: new Date(now.getTime() - (revokedDaysAgo ?? 0) * DAY_MS - 40 * 60_000),
      revokedAt: revokedDaysAgo === undefined ? null : new Date(now.getTime() - revokedDaysAgo * DAY_MS),
    };
  };
  const rows = await tx
    .insert(apiKeys)
    .values([
      key("Northfield University health economics group", 60, 5_000, 40),
      key("The Daily Ledger data desk", 30, 1_000, 12),
      key("Price index pilot", 10, 100, 80, 30),
    ])
    .returning({ id: apiKeys.id, name: apiKeys.name });
  const [university, newsroom] = rows;
  if (!university || !newsroom) return;
  await tx.insert(apiKeyUsage).values([
    { keyId: university.id, day: day(0), answered: 212, refused: 0 },
    { keyId: university.id, day: day(-1), answered: 1_480, refused: 0 },
    { keyId: newsroom.id, day: day(0), answered: 640, refused: 17 },
    { keyId: newsroom.id, day: day(-1), answered: 96, refused: 0 },
  ]);
}

/**
 * The NHS route (issue 44, decision 056): England's charges in force and the demo medications'
 * routes, written once with the catalogue like the rest of it (decision 053).
 */
async function seedDemoNhsRoute(tx: Database): Promise<void> {
  await tx.insert(nhsCharges).values(DEMO_NHS_CHARGES);
  // Sildenafil has no other plan, so each of these is its first (position 0).
  await tx.insert(coursePlans).values(DEMO_NHS_COURSE_PLANS.map((plan) => ({ ...plan, position: 0 })));
  for (const [id, route] of Object.entries(demoNhsRoutes)) {
    await tx
      .update(medications)
      .set({
        nhsAvailability: route.availability,
        nhsNote: route.note,
        nhsUrl: route.url,
        nhsItemCharge: route.itemCharge,
        nhsCheckedOn: route.checkedOn,
      })
      .where(eq(medications.id, id));
  }
}

/**
 * Events on the price histories (issue 45, decision 059), written once with the catalogue; the
 * demo data's comment says they are illustrative.
 */
async function seedDemoPriceEvents(tx: Database, now: Date): Promise<void> {
  await tx.insert(medicationEvents).values(
    DEMO_PRICE_EVENTS.map(({ daysAgo, ...event }) => ({
      ...event,
      happenedOn: londonDay(new Date(now.getTime() - daysAgo * DAY_MS)),
    })),
  );
}

/**
 * Supply notices (issue 45, decision 060): one active and one ended, written once with the
 * catalogue (decision 053), so the condition page and the back-office show both states.
 */
async function seedDemoSupplyNotices(tx: Database, now: Date): Promise<void> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await tx.insert(supplyNotices).values(
    demoSupplyNotices.map((notice) => ({
      medicationId: notice.medicationId,
      dosage: notice.dosage,
      message: notice.message,
      sourceUrl: notice.sourceUrl,
      sourceDate: londonDay(daysAgo(notice.sourceDaysAgo)),
      startsAt: daysAgo(notice.startDaysAgo),
      endsAt: notice.endDaysAgo === null ? null : daysAgo(notice.endDaysAgo),
    })),
  );
}

/** A fictional visitor's network, from the documentation range (RFC 5737). */
const demoClient = (index: number) => `192.0.2.${10 + index}`;

async function seedDemoLife(
  tx: Database,
  options: { now: Date; createdBy: string | null; config: DemoLifeConfig; prices: AgedDemoPrice[] },
): Promise<void> {
  const { now, config } = options;
  const ago = (days: number, minutes = 0) => new Date(now.getTime() - days * DAY_MS + minutes * MINUTE_MS);
  // The real outbox writes the emails a month would have sent; nothing is delivered from here.
  const outbox = createOutboxService(tx, { now: () => now, config, log: pino({ level: "silent" }) });

  // The failing feed (decision 047): good runs, then the latest scheduled runs failed, each tried
  // JOB_MAX_ATTEMPTS times, so the scheduler takes none of them again at start-up.
  await tx.insert(pharmacyFeeds).values({
    pharmacyId: DEMO_FAILING_FEED.pharmacyId,
    url: DEMO_FAILING_FEED.url,
    format: DEMO_FAILING_FEED.format,
    runsPerDay: DEMO_FAILING_FEED.runsPerDay,
    startMinute: DEMO_FAILING_FEED.startMinute,
    active: true,
    createdAt: ago(60),
    updatedAt: ago(60),
  });
  const feedRows = options.prices.filter((row) => row.pharmacyId === DEMO_FAILING_FEED.pharmacyId).length;
  const job = `feed:${DEMO_FAILING_FEED.pharmacyId}`;
  await tx.insert(jobRuns).values(
    demoFeedSlots(now).map((slot, index) => {
      const failed = index < DEMO_FAILING_FEED.failedRuns;
      // A failed run's row keeps its last attempt, a retry pause after the one before.
      const startedAt = new Date(
        slot.getTime() + (failed ? (JOB_MAX_ATTEMPTS - 1) * JOB_RETRY_AFTER_MS : 0) + 1_000,
      );
      const finishedAt = new Date(startedAt.getTime() + 3_000);
      const changed = (index * 7) % 5;
      return {
        job,
        slot: slot.toISOString(),
        scheduledFor: slot,
        holder: "demo-seed",
        leaseUntil: failed ? new Date(finishedAt.getTime() + JOB_RETRY_AFTER_MS) : finishedAt,
        attempts: failed ? JOB_MAX_ATTEMPTS : 1,
        startedAt,
        finishedAt,
        outcome: failed ? "failed" : "succeeded",
        summary: failed
          ? { error: DEMO_FAILING_FEED.error }
          : {
              read: feedRows,
              changed,
              confirmed: feedRows - changed,
              held: 0,
              refused: 0,
              refusals: [],
              notModified: false,
              triggeredAlerts: 0,
            },
      };
    }),
  );
  // Its incident's one operations email, as the run that found it queued it, already sent: no
  // start or later run of the same streak sends another (feed-ops-alerts.ts keys it per incident).
  await createFeedOpsAlerts(tx, {
    now: () => now,
    outbox,
    opsEmail: config.opsEmail,
    siteUrl: config.siteUrl,
  }).check(DEMO_FAILING_FEED.pharmacyId);
  const incidentAt = new Date(
    (demoFeedSlots(now)[DEMO_FAILING_FEED.failedRuns - 1] as Date).getTime() + 15 * MINUTE_MS,
  );
  await tx
    .update(emailOutbox)
    .set({ status: "sent", sentAt: incidentAt, attempts: 1, createdAt: incidentAt })
    .where(eq(emailOutbox.template, "feed-ops-alert"));

  // The daily demo job's run for today's moment is this seeding: its first run is the next one.
  const demoSlot = latestSlot(parseSchedule(DEMO_PRICES_SCHEDULE), now);
  await tx.insert(jobRuns).values({
    job: DEMO_PRICES_JOB,
    slot: demoSlot.toISOString(),
    scheduledFor: demoSlot,
    holder: "demo-seed",
    leaseUntil: now,
    startedAt: now,
    finishedAt: now,
    outcome: "succeeded",
    summary: { seeded: true },
  });

  // Price alerts in each state, with their consent history (decisions 031, 043).
  const hiddenBefore = now.getTime() - 14 * DAY_MS;
  for (const [index, alert] of DEMO_ALERTS.entries()) {
    const medication = demoMedications.find((entry) => entry.id === alert.medicationId);
    const dosage = medication?.dosage[alert.dosageIndex];
    if (!medication || dosage === undefined) throw new Error(`No demo medication ${alert.medicationId}`);
    const listed = options.prices
      .filter(
        (row) =>
          row.medicationId === medication.id &&
          row.dosage === dosage &&
          row.inStock &&
          row.lastConfirmed.getTime() > hiddenBefore,
      )
      .sort((a, b) => a.price - b.price);
    const lowest = listed[0];
    if (!lowest) throw new Error(`No listed price for the demo alert on ${medication.id}`);
    const pharmacyName = demoPharmacies.find((entry) => entry.id === lowest.pharmacyId)?.name ?? null;
    const createdAt = ago(alert.createdDaysAgo);
    const confirmedAt = new Date(createdAt.getTime() + 12 * MINUTE_MS);
    const ended = alert.endedDaysAgo === undefined ? null : ago(alert.endedDaysAgo);
    const targetPrice =
      alert.kind === "target" ? Math.round(lowest.price * (alert.targetShare ?? 0.9) * 100) / 100 : null;
    const expiresAt =
      alert.state === "expired" && ended
        ? ended
        : new Date(createdAt.getTime() + config.alertTtlDays * DAY_MS);
    const [row] = await tx
      .insert(priceAlerts)
      .values({
        email: alert.email,
        medicationId: medication.id,
        medicationName: medication.name,
        dosage,
        kind: alert.kind,
        targetPrice,
        currentPrice: lowest.price,
        lowestPharmacyName: pharmacyName,
        lowestPharmacyPrice: lowest.price,
        status: alert.state === "triggered" ? "triggered" : alert.state === "expired" ? "expired" : "active",
        confirmedAt,
        consentVersion: CONSENT_WORDING.priceAlert.version,
        consentedAt: createdAt,
        consentSource: PRICE_ALERT_CONSENT_SOURCE,
        consentIpHash: hashClientAddress(demoClient(index)),
        createdAt,
        expiresAt,
        triggeredAt: alert.state === "triggered" ? ended : null,
        pausedAt: alert.state === "paused" ? ended : null,
        updatedAt: ended ?? confirmedAt,
      })
      .returning({ id: priceAlerts.id });
    if (!row) throw new Error("The demo alert was not stored");
    const terms = {
      medicationId: medication.id,
      dosage,
      kind: alert.kind,
      targetPrice,
      expiresAt: expiresAt.toISOString(),
    };
    await recordConsent(tx, { priceAlertId: row.id }, alert.email, terms, {
      wordingVersion: CONSENT_WORDING.priceAlert.version,
      source: PRICE_ALERT_CONSENT_SOURCE,
      ipAddress: demoClient(index),
      requestedAt: createdAt,
      confirmedAt,
    });
  }

  // Subscribers who chose promotions, and a sent and a scheduled newsletter (decision 041).
  const subscribers: { id: string; email: string }[] = [];
  for (const [index, subscriber] of DEMO_SUBSCRIBERS.entries()) {
    const subscribedAt = ago(subscriber.subscribedDaysAgo);
    const confirmedAt = new Date(subscribedAt.getTime() + 30 * MINUTE_MS);
    const terms = {
      priceDrops: true,
      newMedications: true,
      promotions: true,
      weeklyDigest: false,
      subscribedTo: [{ type: "all", value: null }],
    };
    const [row] = await tx
      .insert(subscriptions)
      .values({
        email: subscriber.email,
        status: "active",
        source: subscriber.source,
        ...terms,
        confirmedAt,
        consentVersion: CONSENT_WORDING.subscription.version,
        consentedAt: subscribedAt,
        consentSource: subscriber.source,
        consentIpHash: hashClientAddress(demoClient(20 + index)),
        subscribedAt,
        updatedAt: confirmedAt,
      })
      .returning({ id: subscriptions.id });
    if (!row) throw new Error("The demo subscription was not stored");
    subscribers.push({ id: row.id, email: subscriber.email });
    await recordConsent(tx, { subscriptionId: row.id }, subscriber.email, terms, {
      wordingVersion: CONSENT_WORDING.subscription.version,
      source: subscriber.source,
      ipAddress: demoClient(20 + index),
      requestedAt: subscribedAt,
      confirmedAt,
    });
  }
  for (const newsletter of DEMO_NEWSLETTERS) {
    const scheduledFor = ago(-newsletter.scheduledDays);
    const sentAt = newsletter.status === "sent" ? new Date(scheduledFor.getTime() + 2 * MINUTE_MS) : null;
    const createdAt = new Date(scheduledFor.getTime() - 2 * DAY_MS);
    const [row] = await tx
      .insert(newsletters)
      .values({
        subject: newsletter.subject,
        body: newsletter.body,
        status: newsletter.status,
        scheduledFor,
        createdBy: options.createdBy,
        createdAt: newsletter.status === "sent" ? createdAt : ago(1),
        updatedAt: sentAt ?? ago(1),
        sentAt,
      })
      .returning({ id: newsletters.id });
    if (!row || !sentAt) continue;
    // Its deliveries, queued as the newsletter run queues them and recorded as sent.
    const content = {
      subject: newsletter.subject,
      html: markdownHtml(newsletter.body, { siteUrl: config.siteUrl }),
      text: markdownText(newsletter.body, { siteUrl: config.siteUrl }),
    };
    const links = await outbox.subscriptionUnsubscribeLinks(
      tx,
      subscribers.map((subscriber) => subscriber.id),
      "promotions",
    );
    await outbox.enqueueMany(
      tx,
      subscribers.map((subscriber, index) => {
        const link = links[index] as (typeof links)[number];
        return {
          idempotencyKey: `newsletter:${row.id}:${subscriber.id}`,
          template: "newsletter" as const,
          to: subscriber.email,
          content: newsletterEmail(content, { followed: { all: true } }, link),
          headers: link.headers,
          subscriptionId: subscriber.id,
          newsletterId: row.id,
          bulk: true,
        };
      }),
    );
    await tx
      .update(emailOutbox)
      .set({ status: "sent", sentAt, attempts: 1, createdAt: sentAt })
      .where(eq(emailOutbox.newsletterId, row.id));
    await tx
      .update(subscriptions)
      .set({ emailsSentCount: 1, lastEmailSent: sentAt })
      .where(
        sql`${subscriptions.id} in (select subscription_id from email_outbox where newsletter_id = ${row.id})`,
      );
  }

  // Thirty days of click-outs (decision 044): the dashboard's chart and the monthly CSV.
  await insertInBatches(buildDemoClickOuts(options.prices, now), (batch) =>
    tx.insert(clickOuts).values(batch),
  );
}

/** A request and, minutes later, its confirmation from the address's inbox (decision 031). */
async function recordConsent(
  tx: Database,
  owner: { priceAlertId: string } | { subscriptionId: string },
  email: string,
  terms: ConsentTerms,
  at: { wordingVersion: string; source: string; ipAddress: string; requestedAt: Date; confirmedAt: Date },
): Promise<void> {
  const request = await recordConsentRequest(tx, {
    ...owner,
    email,
    terms,
    held: false,
    wordingVersion: at.wordingVersion,
    source: at.source,
    ipAddress: at.ipAddress,
    at: at.requestedAt,
  });
  await recordConsentConfirmation(tx, {
    ...owner,
    email,
    terms,
    wordingVersion: at.wordingVersion,
    requestId: request.id,
    ipAddress: at.ipAddress,
    at: at.confirmedAt,
  });
}

/**
 * The demo's monthly UK price index (issue 45, decision 061): computed from its 90 days of history
 * as soon as it is seeded, so the last complete month's page and downloads exist from the first
 * start; afterwards the daily job (modules/price-index/) keeps it up to date.
 */
export async function seedDemoPriceIndex(db: Database, now: Date = new Date()) {
  return computeIndexMonths(db, { now: () => now });
}
