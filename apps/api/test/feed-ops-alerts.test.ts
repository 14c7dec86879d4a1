import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { adminEndpoints, type FeedRun, type ServiceHealth } from "@pharmacompare/contract";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApiConfig } from "../src/config.ts";
import { adminUsers, pharmacies } from "../src/db/schema.ts";
import { createFeedOpsAlerts } from "../src/modules/feeds/feed-ops-alerts.ts";
import { catalogueCaller } from "./catalogue-helpers.ts";
import { parseMail } from "./mail-message.ts";
import { createSmtpSink } from "./smtp-sink.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * Operations alerts for failing feeds (issue 29, decision 047), end to end: a loopback feed server
 * that answers 500 or a good file, runs asked for through the API (the scheduler's own runs), the
 * dashboard's health figures, and the email as a real SMTP server receives it.
 */
const OPS = "ops@example.co.uk";
const HOUR = 60 * 60 * 1000;
let current = new Date(Math.ceil(Date.now() / HOUR) * HOUR);
const clock = {
  now: () => current,
  advance(ms: number) {
    current = new Date(current.getTime() + ms);
  },
};

const sink = createSmtpSink();
let api: TestApi;
let call: Awaited<ReturnType<typeof catalogueCaller>>;
let feedServer: Server;
let failing = true;
let pharmacy: { id: string; name: string };

beforeAll(async () => {
  await sink.start();
  feedServer = createServer((_req, res) => {
    if (failing) res.writeHead(500).end("down");
    else res.writeHead(200, { "content-type": "text/csv" }).end("medication,dosage,price,link,stock\n");
  });
  feedServer.listen(0, "127.0.0.1");
  await once(feedServer, "listening");
  api = await createTestApi(
    { SMTP_URL: sink.url, FEEDS_ALLOW_INSECURE: "true", OPS_EMAIL: OPS, FEED_TIMEOUT_SECONDS: "2" },
    { now: clock.now },
  );
  call = await catalogueCaller(api);
  [pharmacy] = (await api.database.db
    .select({ id: pharmacies.id, name: pharmacies.name })
    .from(pharmacies)
    .orderBy(asc(pharmacies.id))
    .limit(1)) as [{ id: string; name: string }];
  const set = await call(adminEndpoints.setPharmacyFeed, {
    params: { id: pharmacy.id },
    body: {
      url: `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.csv`,
      format: "flat-csv",
    },
  });
  expect(set.status).toBe(200);
});
afterAll(async () => {
  feedServer?.close();
  await api?.close();
  await sink.stop();
});

/** Runs the feed now (a minute after the last run) and delivers what the outbox holds. */
async function runFeed(): Promise<FeedRun> {
  clock.advance(60_000);
  const res = await call(adminEndpoints.runPharmacyFeed, { params: { id: pharmacy.id } });
  expect(res.status).toBe(200);
  await api.app.services.outbox.deliverDue();
  return res.body as FeedRun;
}

const opsEmails = () => sink.received.filter((mail) => mail.to.includes(OPS));

async function failingOnDashboard() {
  const res = await call(adminEndpoints.serviceHealth);
  return (res.body as ServiceHealth).failingFeeds;
}

describe("a failing feed's operations alert", () => {
  it("emails the operations address once per incident, shows it on the dashboard, and again after a recovery and a new failure", async () => {
    expect((await runFeed()).outcome).toBe("failed");
    await runFeed();
    expect(opsEmails()).toHaveLength(0);
    expect(await failingOnDashboard()).toEqual([]);

    // The third failure in a row: one email, and the dashboard names the feed.
    await runFeed();
    expect(opsEmails()).toHaveLength(1);
    const [first] = opsEmails();
    expect(first?.raw).toContain(`Subject: Price feed failing: ${pharmacy.name}`);
    expect(first?.raw).toMatch(/failed 3 times in a row \(latest: [^)]*500/);
    // Operations mail is no subscription: no one-click unsubscribe that promises "no more emails"
    // while the next incident's email still comes; it says how to change the address (issue 41).
    const mail = parseMail(first?.raw ?? "");
    expect(mail.header("list-unsubscribe")).toBeUndefined();
    expect(mail.header("list-unsubscribe-post")).toBeUndefined();
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toMatch(/unsubscribe/i);
      expect(part).toContain("To send operations alerts to another address, set OPS_EMAIL");
      expect(part).toContain("(docs/operations.md)");
    }
    expect(await failingOnDashboard()).toEqual([
      expect.objectContaining({
        pharmacyId: pharmacy.id,
        name: pharmacy.name,
        reason: expect.stringMatching(/^failed 3 times in a row/),
      }),
    ]);

    // Still failing: no second email for the same incident.
    await runFeed();
    await runFeed();
    expect(opsEmails()).toHaveLength(1);

    // It recovers: off the dashboard, nothing sent.
    failing = false;
    expect((await runFeed()).outcome).toBe("succeeded");
    expect(await failingOnDashboard()).toEqual([]);
    expect(opsEmails()).toHaveLength(1);

    // It fails anew, once, and again two days later: silent for two days is an incident of its own.
    failing = true;
    await runFeed();
    expect(opsEmails()).toHaveLength(1);
    clock.advance(49 * HOUR);
    // Two days on, the session has lapsed: sign in again.
    call = await catalogueCaller(api);
    await runFeed();
    expect(opsEmails()).toHaveLength(2);
    expect(opsEmails()[1]?.raw).toContain("has not answered since");
    expect(await failingOnDashboard()).toEqual([
      expect.objectContaining({
        pharmacyId: pharmacy.id,
        reason: expect.stringMatching(/^has not answered since/),
      }),
    ]);
  });

  it("goes to the first administrator without OPS_EMAIL, and OPS_EMAIL must be an address", async () => {
    expect(loadApiConfig({}).opsEmail).toBeUndefined();
    expect(loadApiConfig({ OPS_EMAIL: "Ops@Example.co.uk" }).opsEmail).toBe("ops@example.co.uk");
    expect(() => loadApiConfig({ OPS_EMAIL: "not-an-email" })).toThrow(/OPS_EMAIL/);
    const [firstAdmin] = await api.database.db
      .select({ email: adminUsers.email })
      .from(adminUsers)
      .orderBy(asc(adminUsers.createdAt))
      .limit(1);
    // The feed is still in its incident: the alerts without OPS_EMAIL write to the first administrator.
    const withoutOps = createFeedOpsAlerts(api.database.db, {
      now: clock.now,
      outbox: api.app.services.outbox,
      opsEmail: undefined,
      siteUrl: "https://www.example.co.uk",
    });
    await withoutOps.check(pharmacy.id);
    await withoutOps.check(pharmacy.id);
    await api.app.services.outbox.deliverDue();
    const toAdmin = sink.received.filter((mail) => mail.to.includes(firstAdmin?.email ?? "?"));
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]?.raw).toContain(`Subject: Price feed failing: ${pharmacy.name}`);
  });
});
