import {
  AuditPage,
  adminEndpoints,
  type EndpointDefinition,
  ErrorBody,
  endpointUrl,
  SubscriptionList,
  SubscriptionStats,
} from "@pharmacompare/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, subscriptions } from "../src/db/schema.ts";
import { bearer, MINUTE, signIn } from "./admin-helpers.ts";
import { expectListConvention } from "./list-convention.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

const START = Date.parse("2026-06-01T09:00:00Z");
type NewSubscription = typeof subscriptions.$inferInsert;

/**
 * Eight subscriptions, one a minute (the newest is sub08): sources popup ×4, footer ×3, manual ×1;
 * statuses active ×5 (one unconfirmed), unsubscribed ×2, bounced ×1.
 */
const plan: [string, string, boolean][] = [
  ["popup", "active", true],
  ["footer", "unsubscribed", true],
  ["popup", "active", true],
  ["manual", "bounced", true],
  ["footer", "active", false],
  ["popup", "unsubscribed", true],
  ["footer", "active", true],
  ["popup", "active", true],
];

function subscriptionRow(n: number, [source, status, confirmed]: [string, string, boolean]): NewSubscription {
  const at = new Date(START + n * MINUTE);
  return {
    email: `sub${String(n).padStart(2, "0")}@example.co.uk`,
    status,
    source,
    subscribedTo: n === 3 ? [{ type: "category", value: "weight-loss" }] : [{ type: "all", value: null }],
    priceDrops: true,
    newMedications: n % 2 === 0,
    promotions: false,
    weeklyDigest: n === 8,
    confirmedAt: confirmed ? at : null,
    consentVersion: "test",
    consentedAt: at,
    consentSource: source,
    subscribedAt: at,
    unsubscribedAt: status === "unsubscribed" ? new Date(at.getTime() + 30 * MINUTE) : null,
    emailsSentCount: n,
    lastEmailSent: new Date(at.getTime() + 5 * MINUTE),
    updatedAt: at,
  };
}

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await createTestApi();
  token = await signIn(api.app);
  await api.database.db.delete(subscriptions);
  await api.database.db
    .insert(subscriptions)
    .values(plan.map((entry, index) => subscriptionRow(index + 1, entry)));
});
afterAll(async () => {
  await api?.close();
});

async function call(
  endpoint: EndpointDefinition,
  input: { params?: Record<string, string>; query?: Record<string, unknown> } = {},
) {
  const res = await api.app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, input),
    headers: bearer(token),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

async function list(query: Record<string, unknown> = {}) {
  const res = await call(adminEndpoints.listSubscriptions, { query });
  expect(res.status).toBe(200);
  return SubscriptionList.parse(res.body);
}
const emails = (page: SubscriptionList) => page.subscriptions.map((s) => s.email.slice(0, 5));
const idOf = async (email: string) =>
  (await api.database.db.select().from(subscriptions).where(eq(subscriptions.email, email)))[0]?.id as string;

describe("GET /admin/subscriptions", () => {
  it("lists every subscription newest first, with every field of the table", async () => {
    const all = await list();
    expect(emails(all)).toEqual(["sub08", "sub07", "sub06", "sub05", "sub04", "sub03", "sub02", "sub01"]);
    const sub06 = all.subscriptions.find((s) => s.email === "sub06@example.co.uk");
    const at = START + 6 * MINUTE;
    expect(sub06).toEqual({
      _id: await idOf("sub06@example.co.uk"),
      email: "sub06@example.co.uk",
      status: "unsubscribed",
      source: "popup",
      subscribedTo: [{ type: "all", value: null }],
      preferences: { priceDrops: true, newMedications: true, promotions: false, weeklyDigest: false },
      subscribedAt: new Date(at).toISOString(),
      unsubscribedAt: new Date(at + 30 * MINUTE).toISOString(),
      emailsSentCount: 6,
      lastEmailSent: new Date(at + 5 * MINUTE).toISOString(),
      confirmed: true,
    });
    expect(all.subscriptions.find((s) => s.email === "sub03@example.co.uk")?.subscribedTo).toEqual([
      { type: "category", value: "weight-loss" },
    ]);
  });

  it("filters by status, by source and by both; the stats stay those of all subscriptions", async () => {
    expect(emails(await list({ status: "active" }))).toEqual(["sub08", "sub07", "sub05", "sub03", "sub01"]);
    expect(emails(await list({ source: "footer" }))).toEqual(["sub07", "sub05", "sub02"]);
    expect(emails(await list({ status: "unsubscribed", source: "popup" }))).toEqual(["sub06"]);
    expect((await list({ source: "checkout" })).subscriptions).toEqual([]);
    const filtered = await list({ status: "bounced" });
    expect(filtered.stats.total).toBe(8);
  });

  it("answers the stats: counts by status and source, the unconfirmed, and the five newest", async () => {
    const { stats } = await list();
    expect(stats).toMatchObject({
      total: 8,
      active: 5,
      unsubscribed: 2,
      bounced: 1,
      unconfirmed: 1,
      bySource: [
        { _id: "popup", count: 4 },
        { _id: "footer", count: 3 },
        { _id: "manual", count: 1 },
      ],
    });
    expect(stats.recentSubscriptions.map((s) => s.email.slice(0, 5))).toEqual([
      "sub08",
      "sub07",
      "sub06",
      "sub05",
      "sub04",
    ]);
    const alone = await call(adminEndpoints.subscriptionStats);
    expect(alone.status).toBe(200);
    expect(SubscriptionStats.parse(alone.body)).toEqual(stats);
  });

  it("pages with the list convention: page, limit, total, totalPages, subscriptions and stats", async () => {
    await expectListConvention((query) => call(adminEndpoints.listSubscriptions, { query }), "subscriptions");
    const second = await list({ limit: 3, page: 2 });
    expect(second).toMatchObject({ page: 2, limit: 3, total: 8, totalPages: 3 });
    expect(emails(second)).toEqual(["sub05", "sub04", "sub03"]);
    // The stats count every subscription, whatever the page.
    expect(second.stats.total).toBe(8);
  });

  it("searches the address ignoring case, counting only the matches", async () => {
    const found = await list({ search: "SUB0" });
    expect(found.total).toBe(8);
    const one = await list({ search: "sub07@EXAMPLE" });
    expect(one).toMatchObject({ total: 1, totalPages: 1 });
    expect(emails(one)).toEqual(["sub07"]);
  });

  it("refuses an unknown status or source naming it", async () => {
    for (const [query, field] of [
      [{ status: "paused" }, "status"],
      [{ source: "fax" }, "source"],
    ] as const) {
      const res = await call(adminEndpoints.listSubscriptions, { query });
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).fields).toHaveProperty(field);
    }
  });
});

describe("DELETE /admin/subscriptions/{id}", () => {
  it("deletes for good, cancels its unsent emails, audits without the address; again answers 404", async () => {
    const id = await idOf("sub05@example.co.uk");
    await api.database.db.insert(emailOutbox).values({
      idempotencyKey: "sub05-confirm",
      messageId: "<sub05-confirm@test>",
      template: "subscription-confirmation",
      toAddress: "sub05@example.co.uk",
      subject: "Confirm",
      textBody: "Confirm",
      subscriptionId: id,
    });
    const res = await call(adminEndpoints.deleteSubscription, { params: { id } });
    expect(res).toEqual({ status: 200, body: { message: "Subscription deleted" } });
    expect(await idOf("sub05@example.co.uk")).toBeUndefined();
    const [email] = await api.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.idempotencyKey, "sub05-confirm"));
    expect(email?.status).toBe("cancelled");
    expect((await list()).stats).toMatchObject({ total: 7, active: 4, unconfirmed: 0 });

    const audit = AuditPage.parse(
      (
        await api.app.inject({
          url: urlOf(adminEndpoints.listAuditEntries, { query: { entityType: "subscription" } }),
          headers: bearer(token),
        })
      ).json(),
    );
    expect(audit.entries[0]).toMatchObject({ action: "delete", entityId: id });
    expect(JSON.stringify(audit.entries)).not.toContain("sub05@");

    expect((await call(adminEndpoints.deleteSubscription, { params: { id } })).status).toBe(404);
  });

  it("answers 404 for an unknown id and 400 for one that is not an id, deleting nothing", async () => {
    const before = (await list()).stats.total;
    const unknown = "00000000-0000-4000-8000-000000000000";
    const res = await call(adminEndpoints.deleteSubscription, { params: { id: unknown } });
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.body).error).toBe(`Subscription "${unknown}" not found`);
    expect((await call(adminEndpoints.deleteSubscription, { params: { id: "stats" } })).status).toBe(400);
    expect((await list()).stats.total).toBe(before);
  });
});
