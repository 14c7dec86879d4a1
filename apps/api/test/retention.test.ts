import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  contacts,
  emailLinks,
  emailOutbox,
  priceAlerts,
  subscriptions,
  writeLimits,
} from "../src/db/schema.ts";
import { purgeExpired } from "../src/modules/retention/retention.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const now = new Date("2026-11-21T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const message = { email: "visitor@example.co.uk", subject: "general", message: "A question about prices." };

describe("purgeExpired", () => {
  it("deletes contact messages after 12 months and failed sign-ins after 90 days, nothing else", async () => {
    const db = api.database.db;
    await db.insert(contacts).values([
      { ...message, name: "Old enquiry", createdAt: daysAgo(366) },
      { ...message, name: "Recent enquiry", createdAt: daysAgo(300) },
    ]);
    await db.insert(auditLog).values([
      {
        action: "login_failed",
        entityType: "admin_session",
        actorEmail: "x@example.com",
        createdAt: daysAgo(91),
      },
      {
        action: "login_failed",
        entityType: "admin_session",
        actorEmail: "y@example.com",
        createdAt: daysAgo(30),
      },
      { action: "login", entityType: "admin_session", actorEmail: "z@example.com", createdAt: daysAgo(400) },
    ]);

    expect(await purgeExpired(db, now)).toMatchObject({ contacts: 1, failedSignIns: 1 });

    const names = (await db.select({ name: contacts.name }).from(contacts)).map((row) => row.name);
    expect(names).toContain("Recent enquiry");
    expect(names).not.toContain("Old enquiry");
    const failures = await db.select().from(auditLog).where(eq(auditLog.action, "login_failed"));
    expect(failures.map((row) => row.actorEmail)).toEqual(["y@example.com"]);
    // Other audit entries are the back-office's record and stay.
    expect(await db.select().from(auditLog).where(eq(auditLog.actorEmail, "z@example.com"))).toHaveLength(1);

    // Running again finds nothing more to do.
    expect(await purgeExpired(db, now)).toMatchObject({ contacts: 0, failedSignIns: 0 });
  });

  it("deletes alerts and subscriptions never confirmed within 30 days or ended 30 days ago, old sent email, old address links and spent write counters", async () => {
    const db = api.database.db;
    const consent = { consentVersion: "v", consentSource: "popup" };
    const alert = {
      medicationId: "wegovy",
      medicationName: "Wegovy",
      dosage: "0.25mg",
      targetPrice: 100,
      currentPrice: 150,
      expiresAt: daysAgo(-60),
      ...consent,
    };
    await db.insert(priceAlerts).values([
      { ...alert, email: "never@example.com", consentedAt: daysAgo(31), confirmedAt: null },
      { ...alert, email: "waiting@example.com", consentedAt: daysAgo(29), confirmedAt: null },
      { ...alert, email: "confirmed@example.com", consentedAt: daysAgo(200), confirmedAt: daysAgo(199) },
      // Ended: kept 30 days after it ended (the back-office sees it), then deleted with its address.
      {
        ...alert,
        email: "cancelled-long-ago@example.com",
        consentedAt: daysAgo(200),
        confirmedAt: daysAgo(199),
        status: "cancelled",
        updatedAt: daysAgo(31),
      },
      {
        ...alert,
        email: "cancelled-lately@example.com",
        consentedAt: daysAgo(200),
        confirmedAt: daysAgo(199),
        status: "cancelled",
        updatedAt: daysAgo(5),
      },
    ]);
    await db.insert(subscriptions).values([
      { ...consent, email: "never@example.com", consentedAt: daysAgo(31), confirmedAt: null },
      { ...consent, email: "confirmed@example.com", consentedAt: daysAgo(300), confirmedAt: daysAgo(300) },
      {
        ...consent,
        email: "left@example.com",
        consentedAt: daysAgo(300),
        confirmedAt: daysAgo(300),
        status: "unsubscribed",
        unsubscribedAt: daysAgo(40),
        updatedAt: daysAgo(40),
      },
    ]);
    const email = {
      template: "price-drop",
      toAddress: "x@example.com",
      subject: "s",
      textBody: "t",
      messageId: "<m>",
    };
    await db.insert(emailOutbox).values([
      { ...email, idempotencyKey: "old-sent", status: "sent", createdAt: daysAgo(31) },
      { ...email, idempotencyKey: "old-failed", status: "failed", createdAt: daysAgo(40) },
      { ...email, idempotencyKey: "old-pending", status: "pending", createdAt: daysAgo(40) },
      { ...email, idempotencyKey: "new-sent", status: "sent", createdAt: daysAgo(2) },
    ]);
    await db.insert(emailLinks).values([
      { tokenHash: "old-address", purpose: "unsubscribe", emailHash: "h1", createdAt: daysAgo(366) },
      { tokenHash: "new-address", purpose: "unsubscribe", emailHash: "h2", createdAt: daysAgo(10) },
    ]);
    await db.insert(writeLimits).values([
      { key: "network:192.0.2.1", windowStartedAt: daysAgo(2), count: 3 },
      { key: "network:192.0.2.2", windowStartedAt: now, count: 1 },
    ]);

    expect(await purgeExpired(db, now)).toEqual({
      contacts: 0,
      failedSignIns: 0,
      unconfirmedAlerts: 1,
      unconfirmedSubscriptions: 1,
      endedAlerts: 1,
      endedSubscriptions: 1,
      emails: 2,
      addressLinks: 1,
      writeCounters: 1,
      // These rows were written by hand, with no consent history (consent.test.ts covers it).
      unconfirmedRequestLinks: 0,
      consentEvents: 0,
    });
    expect((await db.select().from(priceAlerts)).map((row) => row.email).sort()).toEqual([
      "cancelled-lately@example.com",
      "confirmed@example.com",
      "waiting@example.com",
    ]);
    expect((await db.select().from(subscriptions)).map((row) => row.email)).toEqual([
      "confirmed@example.com",
    ]);
    expect((await db.select().from(emailOutbox)).map((row) => row.idempotencyKey).sort()).toEqual([
      "new-sent",
      "old-pending",
    ]);
    expect((await db.select().from(emailLinks)).map((row) => row.tokenHash)).toEqual(["new-address"]);
    expect((await db.select().from(writeLimits)).map((row) => row.key)).toEqual(["network:192.0.2.2"]);
  });
});
