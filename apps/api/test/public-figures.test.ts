import { CatalogueFigures, publicEndpoints } from "@pharmacompare/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pharmacies, prices } from "../src/db/schema.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

async function figures() {
  const { status, body } = await api.get(urlOf(publicEndpoints.catalogueFigures));
  expect(status).toBe(200);
  return CatalogueFigures.parse(body);
}

/** The same figures, counted a second way: from the public reads a visitor's pages use. */
async function countedFromPublicReads() {
  const medications = (await api.get(urlOf(publicEndpoints.listMedications, { query: { limit: 1000 } })))
    .body as {
    id: string;
    dosage: string[];
  }[];
  const pharmacies = new Set<string>();
  let priced = 0;
  let largest = 0;
  for (const medication of medications) {
    const prices = (
      await api.get(urlOf(publicEndpoints.listPricesForMedication, { params: { id: medication.id } }))
    ).body as { pharmacyId: string; dosage: string; price: number; inStock: boolean }[];
    if (prices.length > 0) priced += 1;
    for (const price of prices) pharmacies.add(price.pharmacyId);
    for (const dosage of medication.dosage) {
      const inStock = prices.filter((price) => price.dosage === dosage && price.inStock).map((p) => p.price);
      if (inStock.length < 2) continue;
      const dearest = Math.max(...inStock);
      largest = Math.max(largest, (dearest - Math.min(...inStock)) / dearest);
    }
  }
  return {
    pharmacies: pharmacies.size,
    medications: priced,
    largestSavingPercent: Math.floor(largest * 100 + 1e-9),
  };
}

describe("GET /api/pages/figures", () => {
  it("counts what a visitor can compare now, and the largest in-stock saving on one pack", async () => {
    const { latestPriceUpdate, pricesListed, pricesConfirmedLastDay, dailyClaimShare, ...counted } =
      await figures();
    expect(counted).toEqual(await countedFromPublicReads());
    const recent = (await api.get(urlOf(publicEndpoints.recentPriceUpdates, { query: { limit: 1 } })))
      .body as {
      lastUpdated: string;
    }[];
    expect(latestPriceUpdate).toBe(recent[0]?.lastUpdated);
  });

  it("drops a pharmacy as soon as it is switched off", async () => {
    const before = await figures();
    const [priced] = await api.database.db
      .selectDistinct({ id: pharmacies.id })
      .from(pharmacies)
      .innerJoin(prices, eq(prices.pharmacyId, pharmacies.id))
      .where(eq(pharmacies.active, true))
      .limit(1);
    if (!priced) throw new Error("no priced pharmacy");
    await api.withSql(
      `update pharmacies set active = false where id = '${priced.id}'`,
      `update pharmacies set active = true where id = '${priced.id}'`,
      async () => {
        expect((await figures()).pharmacies).toBe(before.pharmacies - 1);
      },
    );
  });
});
