import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockAlertPairs } from "../src/modules/alerts/price-alert-service.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("alert evaluation's locks", () => {
  it("stay within a bounded number however many medications and dosages one write touches", async () => {
    // A feed of a whole catalogue touches tens of thousands of pairs in one transaction; a lock
    // each ran PostgreSQL's shared lock table out (issue 29's 30,000-row bench).
    const pairs = Array.from({ length: 30_000 }, (_, index) => ({
      medicationId: `medication-${index}`,
      dosage: `${index % 7}mg`,
    }));
    const held = await api.database.db.transaction(async (tx) => {
      await lockAlertPairs(tx, pairs);
      await lockAlertPairs(tx, pairs.slice(0, 10)); // re-entrant within the transaction
      const result = (await tx.execute(
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]?.n ?? 0;
    });
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(1024);
  }, 60_000);
});
