import { addDays, adminEndpoints, londonDay } from "@pharmacompare/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../src/db/schema.ts";
import { londonInstant } from "../src/jobs/schedule.ts";
import type { PriceChange } from "../src/modules/prices/price-service.ts";
import { bearer, HOUR, MINUTE, signIn, testClock } from "./admin-helpers.ts";
import { TEST_ADMIN } from "./fixtures.ts";
import { createSmtpSink } from "./smtp-sink.ts";
import { confirmedSubscribers, mailReader } from "./subscribers.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * Run now from the back-office (issue 41): staff's `POST /api/admin/jobs/{job}/run` (the
 * Newsletters screen's buttons) runs the scheduler's own job, over a real SMTP server on loopback:
 * the email goes out once, the run is audited, and neither a second run now nor the day's
 * scheduled run sends it again (decision 038's keys).
 */
const SITE = "https://www.pharmacompare.example";
const DAY = 24 * HOUR;
const sink = createSmtpSink();
const clock = testClock({ frozen: true });
let api: TestApi;

beforeAll(async () => {
  await sink.start();
  // Noon in London two days on: after the day's 08:00, and the demo history outside the window.
  const noon = londonInstant(addDays(londonDay(clock.now()), 2), 12, 0);
  clock.advance(noon.getTime() - clock.now().getTime());
  api = await createTestApi(
    { SMTP_URL: sink.url, SITE_URL: SITE, WRITE_RATE_LIMIT: "1000" },
    { now: clock.now },
  );
});
afterAll(async () => {
  await api?.close();
  await sink.stop();
});

const subscriber = confirmedSubscribers(() => api, clock.now);
const mailTo = mailReader(sink.received);

async function runNow(token: string, job: "priceDrops" | "weeklyDigest") {
  const res = await api.app.inject({
    method: "POST",
    url: urlOf(adminEndpoints.runJob, { params: { job } }),
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { job: string; outcome: string; summary: Record<string, number> };
}

async function auditedRuns(job: string) {
  const rows = await api.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "job_run"), eq(auditLog.action, "create")));
  return rows.filter((row) => (row.changes as { job?: string } | null)?.job === job);
}

describe("staff run price news now", () => {
  it("price drops: sent once over SMTP, audited, and not again by a second run or the schedule", async () => {
    const token = await signIn(api.app);
    await subscriber("rita@example.co.uk");
    const lowest = await api.app.services.prices.lowest(
      "regaine-for-men-extra-strength-foam",
      "1 x 73ml (1 month)",
    );
    if (!lowest) throw new Error("no price");
    const change: PriceChange = {
      medicationId: "regaine-for-men-extra-strength-foam",
      pharmacyId: lowest.pharmacyId,
      dosage: "1 x 73ml (1 month)",
      price: Math.round(lowest.price * 70) / 100,
    };
    await api.database.db.transaction((tx) => api.app.services.prices.write(tx, change));
    clock.advance(MINUTE);

    const start = sink.received.length;
    const first = await runNow(token, "priceDrops");
    expect(first).toMatchObject({
      job: "priceDrops",
      outcome: "succeeded",
      summary: { falls: 1, queued: 1 },
    });
    await api.app.services.outbox.deliverDue();
    const received = mailTo("rita@example.co.uk", start);
    expect(received.map((mail) => mail.subject)).toEqual(["Price drops in Hair Loss"]);

    // Who ran it, and what it did.
    const audited = await auditedRuns("priceDrops");
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actorEmail: TEST_ADMIN.email,
      changes: { job: "priceDrops", outcome: "succeeded", falls: 1, queued: 1 },
    });

    // Pressed again at once: a run of its own, audited, that queues nothing for the same day.
    clock.advance(MINUTE);
    const second = await runNow(token, "priceDrops");
    expect(second).toMatchObject({ outcome: "succeeded", summary: { falls: 1, queued: 0 } });
    // The day's scheduled run (08:00, due at noon and not yet run) sends nothing more either.
    const scheduled = (await api.app.services.jobs.tick()).filter((run) => run.job === "priceDrops");
    expect(scheduled).toMatchObject([{ outcome: "succeeded", summary: { queued: 0 } }]);
    await api.app.services.outbox.deliverDue();
    // (The tick may also run Monday's digest, due on a Monday: only price drops are counted here.)
    const drops = mailTo("rita@example.co.uk", start).filter((mail) =>
      mail.subject?.startsWith("Price drops"),
    );
    expect(drops).toHaveLength(1);
    expect(await auditedRuns("priceDrops")).toHaveLength(2);
  });

  it("the weekly digest: queued once however often it is run now", async () => {
    const token = await signIn(api.app);
    // A subscriber of its own: the first test's scheduled tick may have sent Monday's digest already.
    await subscriber("walt@example.co.uk", { weeklyDigest: true });
    const start = sink.received.length;
    const first = await runNow(token, "weeklyDigest");
    expect(first.outcome).toBe("succeeded");
    expect(first.summary.digests).toBeGreaterThan(0);
    await api.app.services.outbox.deliverDue();
    expect(mailTo("walt@example.co.uk", start)).toHaveLength(1);

    // Another day of the same UK week (Monday to Sunday): the digest's period is the week.
    const weekday = new Date(`${londonDay(clock.now())}T12:00:00Z`).getUTCDay();
    clock.advance(weekday === 0 ? -DAY : DAY);
    // (A session idle for a day has ended: staff sign in again.)
    const second = await runNow(await signIn(api.app), "weeklyDigest");
    expect(second.summary).toMatchObject({ digests: 0, newMedicationEmails: 0 });
    await api.app.services.outbox.deliverDue();
    expect(mailTo("walt@example.co.uk", start)).toHaveLength(1);
    expect(await auditedRuns("weeklyDigest")).toHaveLength(2);
  });
});
