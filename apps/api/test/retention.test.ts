import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contacts } from "../src/db/schema.ts";
import { purgeExpired } from "../src/jobs/retention.ts";
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

    expect(await purgeExpired(db, now)).toEqual({ contacts: 1, failedSignIns: 1 });

    const names = (await db.select({ name: contacts.name }).from(contacts)).map((row) => row.name);
    expect(names).toContain("Recent enquiry");
    expect(names).not.toContain("Old enquiry");
    const failures = await db.select().from(auditLog).where(eq(auditLog.action, "login_failed"));
    expect(failures.map((row) => row.actorEmail)).toEqual(["y@example.com"]);
    // Other audit entries are the back-office's record and stay.
    expect(await db.select().from(auditLog).where(eq(auditLog.actorEmail, "z@example.com"))).toHaveLength(1);

    // Running again finds nothing more to do.
    expect(await purgeExpired(db, now)).toEqual({ contacts: 0, failedSignIns: 0 });
  });
});
