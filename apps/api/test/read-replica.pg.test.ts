import { AdminPriceList, adminEndpoints, endpointUrl, publicEndpoints } from "@pharmacompare/contract";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type ApiProcess, request, signIn, sleep, startApi } from "../../../faults/harness.ts";
import { type PostgresReplica, startReplica } from "../../../scripts/postgres-replica.ts";
import { type PostgresServer, startPostgres } from "../../../scripts/postgres-server.ts";
import type { Database } from "../src/db/client.ts";
import { openReplicaRouter } from "../src/db/read-replica.ts";

/**
 * Public reads from a real streaming replica (decision 065): Debian's PostgreSQL as a primary and
 * a hot standby made by pg_basebackup, both on loopback, and the API started as production starts
 * it with DATABASE_READ_URL. The replica replays each commit a second late
 * (recovery_min_apply_delay), inside the two-second bound, so a read that wrongly went to it right
 * after a write would answer the old price. Runs under `npm run test:pg` (Debian's PostgreSQL).
 */
const DOSAGE = "50mg x 4 tablets";
const comparison = endpointUrl(publicEndpoints.compareMedication, {
  params: { id: "viagra" },
  query: { dosage: DOSAGE },
});
const Comparison = z.object({ prices: z.array(z.object({ pharmacyId: z.string(), price: z.number() })) });
const LAG_BOUND_MS = 2000;

describe("public reads from a streaming replica (PostgreSQL)", () => {
  let primary: PostgresServer;
  let replica: PostgresReplica;
  let api: ApiProcess;
  let auth: Record<string, string>;
  let priceRow: AdminPriceList["prices"][number];

  /** How many times the API has said it took the replica into use, and skipped it. */
  const said = (text: string) => api.output().split(text).length - 1;
  const IN_USE = "read replica: in use for public reads";
  const SKIPPED = "read replica: skipped";

  beforeAll(async () => {
    primary = await startPostgres({ replication: true });
    replica = await startReplica(primary, { applyDelayMs: 1000 });
    api = await startApi({
      DATABASE_URL: primary.url,
      DATABASE_READ_URL: replica.url,
      DATABASE_READ_MAX_LAG_MS: String(LAG_BOUND_MS),
      LOG_LEVEL: "info",
    });
    auth = await signIn(api.url);
    const rows = AdminPriceList.parse(
      (
        await request(
          api.url,
          "GET",
          endpointUrl(adminEndpoints.listAdminPricesForMedication, { params: { id: "viagra" } }),
          undefined,
          auth,
        )
      ).body,
    );
    const row = rows.prices.find((price) => price.dosage === DOSAGE);
    if (!row) throw new Error("the seeded catalogue has a Viagra price in the dosage");
    priceRow = row;
    // The seed's commits reach the replica a second late; then the background check takes it.
    await until(() => said(IN_USE) === 1, 15_000, "the replica taken into use");
  }, 120_000);

  afterAll(async () => {
    if (api) {
      api.child.kill("SIGTERM");
      await api.exited;
    }
    replica?.stop();
    primary?.stop();
  }, 60_000);

  /** expect.poll is for tests only; the set-up waits the same way. */
  const until = async (ready: () => boolean, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      if (Date.now() > deadline)
        throw new Error(`not within ${timeoutMs} ms: ${what}\n${api.output().slice(-3000)}`);
      await sleep(100);
    }
  };

  const publicPrice = async () => {
    const answer = await request(api.url, "GET", comparison);
    expect(answer.status).toBe(200);
    return Comparison.parse(answer.body).prices.find((price) => price.pharmacyId === priceRow.pharmacyId)
      ?.price;
  };

  it("answers public reads from the replica: they go on with the primary stopped", async () => {
    primary.halt("fast");
    try {
      const list = await request(api.url, "GET", endpointUrl(publicEndpoints.listMedications, {}));
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).toContain("Viagra");
      expect(await publicPrice()).toBe(priceRow.price);
      // The back-office reads the primary only: down with it (decision 021's 503).
      const admin = await request(
        api.url,
        "GET",
        endpointUrl(adminEndpoints.listAdminPricesForMedication, { params: { id: "viagra" } }),
        undefined,
        auth,
      );
      expect(admin.status).toBe(503);
    } finally {
      primary.resume();
    }
  }, 30_000);

  it("shows a write through the admin API on the very next public read, though the replica is a second behind", async () => {
    for (let round = 1; round <= 5; round += 1) {
      const price = Math.round((priceRow.price + round / 100) * 100) / 100;
      await publicPrice(); // cached under the version before the write
      const answer = await request(
        api.url,
        "PUT",
        endpointUrl(adminEndpoints.updatePrice, { params: { id: priceRow._id } }),
        { price },
        auth,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // Not from the replica (it has not replayed the write), and not cached stale afterwards.
      expect(await publicPrice(), `round ${round}`).toBe(price);
      await sleep(1500);
      expect(await publicPrice(), `round ${round}, later`).toBe(price);
    }
  }, 60_000);

  it("keeps answering from the primary while the replica is stopped, and takes it back once it is up", async () => {
    await expect.poll(() => said(IN_USE) > said(SKIPPED), { timeout: 10_000, interval: 100 }).toBe(true);
    const skippedBefore = said(SKIPPED);
    const usedBefore = said(IN_USE);
    replica.halt();
    try {
      const statuses: number[] = [];
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        const list = await request(api.url, "GET", endpointUrl(publicEndpoints.listMedications, {}));
        const page = await request(api.url, "GET", `${comparison}&round=${statuses.length}`);
        statuses.push(list.status, page.status);
        await sleep(50);
      }
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      // Said once, not once per request.
      expect(said(SKIPPED)).toBe(skippedBefore + 1);
    } finally {
      replica.resume();
    }
    await expect.poll(() => said(IN_USE), { timeout: 15_000, interval: 100 }).toBe(usedBefore + 1);
  }, 60_000);

  it("skips a replica further behind than the bound, says so once, and takes it back; an idle primary is no lag", async () => {
    // Nothing else writes meanwhile, so the only commit the replica holds back is the probe's below.
    api.child.kill("SIGTERM");
    await api.exited;
    const primaryPool = new pg.Pool({ connectionString: primary.url });
    await primaryPool.query("alter system set autovacuum = off");
    await primaryPool.query("select pg_reload_conf()");
    const primaryDb = drizzle(primaryPool) as unknown as Database;
    const router = openReplicaRouter({
      primary: primaryDb,
      primaryPool,
      readUrl: replica.url,
      maxLagMs: 300, // under the replica's one-second apply delay
      checkEveryMs: 100,
    });
    const lines: string[] = [];
    try {
      await router.start({ info: (line) => lines.push(line), warn: (line) => lines.push(line) });
      await expect.poll(router.inUse, { timeout: 10_000, interval: 50 }).toBe(true);
      // Idle for longer than the bound: now() - pg_last_xact_replay_timestamp() grows, the lag does not.
      await sleep(1500);
      expect(router.inUse()).toBe(true);
      await primaryPool.query("create table if not exists lag_probe (n int)");
      await primaryPool.query("insert into lag_probe values (1)");
      await expect.poll(router.inUse, { timeout: 5000, interval: 20 }).toBe(false);
      await expect.poll(router.inUse, { timeout: 10_000, interval: 50 }).toBe(true);
      // Once per change of state: never the same state twice in a row.
      expect(lines.filter((line, i) => i > 0 && line.slice(0, 20) === lines[i - 1]?.slice(0, 20))).toEqual(
        [],
      );
      expect(lines.at(-1)).toBe("read replica: in use for public reads");
      expect(lines.find((line) => line.startsWith("read replica: skipped"))).toMatch(
        /ms behind, over the 300 ms bound/,
      );
    } finally {
      await router.close();
      await primaryPool.end();
    }
  }, 60_000);
});
