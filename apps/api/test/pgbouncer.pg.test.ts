import { randomBytes } from "node:crypto";
import { AdminPriceList, adminEndpoints, endpointUrl, publicEndpoints } from "@pharmacompare/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { type ApiProcess, query, request, signIn, startApi, visitorWrite } from "../../../faults/harness.ts";
import { type PgBouncerServer, startPgBouncer } from "../../../scripts/pgbouncer-server.ts";

/**
 * The product through Debian's PgBouncer in transaction pooling mode (decision 065): two API
 * processes started together as production starts them, with DATABASE_URL at the pooler and
 * DATABASE_DIRECT_URL at the server for what needs a session (LISTEN, the session locks of
 * migrations and start-up). Each transaction may run on any of the pooler's few server
 * connections, so anything that leaned on session state would show here. Runs under
 * `npm run test:pg`.
 */
const pgTemplate = inject("pgTemplate");
if (!pgTemplate) throw new Error("pgbouncer.pg.test.ts needs TEST_DATABASE_URL (npm run test:pg)");
const DOSAGE = "50mg x 4 tablets";
const comparison = endpointUrl(publicEndpoints.compareMedication, {
  params: { id: "viagra" },
  query: { dosage: DOSAGE },
});
const Comparison = z.object({ prices: z.array(z.object({ pharmacyId: z.string(), price: z.number() })) });

describe("behind PgBouncer in transaction mode (PostgreSQL)", () => {
  let admin: pg.Client;
  let name: string;
  let directUrl: string;
  let bouncer: PgBouncerServer;
  let writer: ApiProcess;
  let reader: ApiProcess;
  let auth: Record<string, string>;

  beforeAll(async () => {
    name = `pc_bouncer_${randomBytes(6).toString("hex")}`;
    admin = new pg.Client({ connectionString: pgTemplate.serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(pgTemplate.serverUrl);
    url.pathname = `/${name}`;
    directUrl = url.toString();
    // Three server connections for two processes of ten pooled clients each: transactions share them.
    bouncer = await startPgBouncer({ serverPort: Number(url.port), poolSize: 3 });
    const env = { DATABASE_URL: bouncer.url(directUrl), DATABASE_DIRECT_URL: directUrl, LOG_LEVEL: "warn" };
    // Started together on an empty database: one migrates and seeds under the locks, the other waits.
    [writer, reader] = await Promise.all([startApi(env), startApi(env)]);
    auth = await signIn(writer.url);
  }, 180_000);

  afterAll(async () => {
    for (const api of [writer, reader]) {
      if (!api) continue;
      api.child.kill("SIGTERM");
      await api.exited;
    }
    await bouncer?.stop();
    if (admin) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);

  it("serves through the pooler: the application's sessions are PgBouncer's, only the listeners and the job queue are direct", async () => {
    const rows = await query<{ application_name: string; n: number }>(
      directUrl,
      "select application_name, count(*)::int as n from pg_stat_activity where datname = $1 group by 1",
      [name],
    );
    const byName = Object.fromEntries(rows.map((row) => [row.application_name, row.n]));
    expect(byName["pharmacompare-cache-listener"]).toBe(2);
    // The job queue (pg-boss) keeps a session too, so it is direct: at most two a process.
    expect(byName["pharmacompare-job-queue"] ?? 0).toBeLessThanOrEqual(4);
    // PgBouncer opens at most default_pool_size server connections for the database and user.
    const direct = new Set(["pharmacompare-cache-listener", "pharmacompare-job-queue", ""]);
    const pooled = rows.filter((row) => !direct.has(row.application_name));
    expect(pooled.reduce((sum, row) => sum + row.n, 0)).toBeLessThanOrEqual(3);
  });

  it("shows an admin write on the other process's public read (transactions, NOTIFY at commit)", async () => {
    const list = AdminPriceList.parse(
      (
        await request(
          writer.url,
          "GET",
          endpointUrl(adminEndpoints.listAdminPricesForMedication, { params: { id: "viagra" } }),
          undefined,
          auth,
        )
      ).body,
    );
    const row = list.prices.find((price) => price.dosage === DOSAGE);
    if (!row) throw new Error("the seeded catalogue has a Viagra price in the dosage");
    const readerPrice = async () => {
      const answer = await request(reader.url, "GET", comparison);
      expect(answer.status).toBe(200);
      return Comparison.parse(answer.body).prices.find((price) => price.pharmacyId === row.pharmacyId)?.price;
    };
    for (let round = 1; round <= 3; round += 1) {
      const price = Math.round((row.price + round / 100) * 100) / 100;
      await readerPrice(); // cached in the reader
      const answer = await request(
        writer.url,
        "PUT",
        endpointUrl(adminEndpoints.updatePrice, { params: { id: row._id } }),
        { price },
        auth,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      await expect.poll(readerPrice, { timeout: 1000, interval: 20 }).toBe(price);
    }
  }, 30_000);

  it("runs a scheduled job under its lease once, and the outbox sends a visitor's email", async () => {
    const run = await request(
      writer.url,
      "POST",
      endpointUrl(adminEndpoints.runJob, { params: { job: "priceIndex" } }),
      undefined,
      auth,
    );
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect((run.body as { outcome: string }).outcome).toBe("succeeded");
    const runs = await query<{ outcome: string }>(
      directUrl,
      "select outcome from job_runs where job = 'priceIndex'",
    );
    expect(runs.map((r) => r.outcome)).toContain("succeeded");

    const contact = visitorWrite("contact", { medicationId: "viagra", dosage: DOSAGE });
    const sent = await request(reader.url, "POST", contact.route, contact.body);
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    await expect
      .poll(
        async () =>
          (
            await query<{ status: string }>(
              directUrl,
              "select status from email_outbox where to_address = $1",
              [contact.email],
            )
          ).map((r) => r.status),
        { timeout: 20_000, interval: 250 },
      )
      .toEqual(["sent"]);
  }, 60_000);
});
