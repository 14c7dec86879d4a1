import { ErrorBody, Price, PriceMatrix, publicEndpoints, RecentPriceUpdate } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { prices } from "../src/db/schema.ts";
import { buildDemoPrices, demoMedications, demoPharmacies } from "../src/demo-data/index.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const PriceList = z.array(Price);
const demoPrices = buildDemoPrices(demoMedications, demoPharmacies);
const demoFor = (medicationId: string, dosage?: string) =>
  demoPrices.filter((p) => p.medicationId === medicationId && (dosage === undefined || p.dosage === dosage));
const ascending = (values: number[]) => values.every((value, i) => i === 0 || (values[i - 1] ?? 0) <= value);
const nameOrder = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1);

describe("GET /api/prices/medication/{id}", () => {
  it("answers every price of the medication with its pharmacy, cheapest first", async () => {
    const { status, body } = await api.get(
      urlOf(publicEndpoints.listPricesForMedication, { params: { id: "tadalafil" } }),
    );
    expect(status).toBe(200);
    const list = PriceList.parse(body);
    const expected = demoFor("tadalafil");
    expect(list).toHaveLength(expected.length);
    expect(ascending(list.map((p) => p.price))).toBe(true);
    for (const price of list) {
      const demo = expected.find((p) => p.pharmacyId === price.pharmacyId && p.dosage === price.dosage);
      expect(price).toMatchObject({
        medicationId: "tadalafil",
        price: demo?.price,
        quantity: 1,
        inStock: demo?.inStock,
        link: demo?.link,
      });
      expect(price.pharmacy.id).toBe(price.pharmacyId);
      expect(price.pharmacy.name).toBe(demoPharmacies.find((p) => p.id === price.pharmacyId)?.name);
    }
  });

  it("narrows to one dosage, and answers [] for a dosage the medication does not have", async () => {
    const list = PriceList.parse(
      (
        await api.get(
          urlOf(publicEndpoints.listPricesForMedication, {
            params: { id: "tadalafil" },
            query: { dosage: "5mg x 28 tablets" },
          }),
        )
      ).body,
    );
    expect(list).toHaveLength(demoFor("tadalafil", "5mg x 28 tablets").length);
    expect(new Set(list.map((p) => p.dosage))).toEqual(new Set(["5mg x 28 tablets"]));
    expect(
      await api.get(
        urlOf(publicEndpoints.listPricesForMedication, {
          params: { id: "tadalafil" },
          query: { dosage: "1kg" },
        }),
      ),
    ).toEqual({
      status: 200,
      body: [],
    });
  });

  it("leaves out inactive pharmacies and dosages the medication no longer lists", async () => {
    const hidden = demoFor("levitra")[0]?.pharmacyId ?? "";
    const seller = demoFor("levitra").find((p) => p.pharmacyId !== hidden)?.pharmacyId ?? "";
    await api.database.db
      .insert(prices)
      .values({ medicationId: "levitra", pharmacyId: seller, dosage: "40mg x 100 tablets", price: 1.5 });
    await api.withSql(
      `update pharmacies set active = false where id = '${hidden}'`,
      `update pharmacies set active = true where id = '${hidden}'`,
      async () => {
        const list = PriceList.parse(
          (await api.get(urlOf(publicEndpoints.listPricesForMedication, { params: { id: "levitra" } }))).body,
        );
        expect(list.map((p) => p.pharmacyId)).not.toContain(hidden);
        expect(list.map((p) => p.dosage)).not.toContain("40mg x 100 tablets");
        expect(list).toHaveLength(demoFor("levitra").filter((p) => p.pharmacyId !== hidden).length);
      },
    );
    await api.database.db.execute("delete from prices where dosage = '40mg x 100 tablets'");
  });

  it("answers 404 for an unknown or inactive medication", async () => {
    expect(
      await api.get(urlOf(publicEndpoints.listPricesForMedication, { params: { id: "nothing" } })),
    ).toEqual({
      status: 404,
      body: { error: 'Medication "nothing" not found', code: "not_found" },
    });
    await api.withSql(
      "update medications set active = false where id = 'tadalafil'",
      "update medications set active = true where id = 'tadalafil'",
      async () => {
        expect(
          (await api.get(urlOf(publicEndpoints.listPricesForMedication, { params: { id: "tadalafil" } })))
            .status,
        ).toBe(404);
      },
    );
  });
});

describe("GET /api/prices/lowest/{id}", () => {
  const dosage = "50mg x 4 tablets";
  const expected = demoFor("viagra", dosage);

  it("answers the cheapest in-stock price", async () => {
    const { status, body } = await api.get(
      urlOf(publicEndpoints.lowestPrice, { params: { id: "viagra" }, query: { dosage } }),
    );
    expect(status).toBe(200);
    const price = Price.parse(body);
    expect(price.price).toBe(Math.min(...expected.filter((p) => p.inStock).map((p) => p.price)));
    expect(price).toMatchObject({ medicationId: "viagra", dosage, inStock: true });
  });

  it("skips an out-of-stock offer even when it is cheaper", async () => {
    const cheapest = [...expected].sort((a, b) => a.price - b.price)[0];
    await api.withSql(
      `update prices set in_stock = false, price = 0.5 where medication_id = 'viagra' and dosage = '${dosage}' and pharmacy_id = '${cheapest?.pharmacyId}'`,
      `update prices set in_stock = ${cheapest?.inStock}, price = ${cheapest?.price} where medication_id = 'viagra' and dosage = '${dosage}' and pharmacy_id = '${cheapest?.pharmacyId}'`,
      async () => {
        const price = Price.parse(
          (await api.get(urlOf(publicEndpoints.lowestPrice, { params: { id: "viagra" }, query: { dosage } })))
            .body,
        );
        expect(price.pharmacyId).not.toBe(cheapest?.pharmacyId);
        expect(price.inStock).toBe(true);
      },
    );
  });

  it("answers 404 { error } when nothing is in stock", async () => {
    await api.database.db.execute(
      `update prices set in_stock = false where medication_id = 'viagra' and dosage = '${dosage}'`,
    );
    try {
      expect(
        await api.get(urlOf(publicEndpoints.lowestPrice, { params: { id: "viagra" }, query: { dosage } })),
      ).toEqual({
        status: 404,
        body: { error: `No in-stock price for Viagra ${dosage}`, code: "not_found" },
      });
    } finally {
      for (const row of expected) {
        await api.database.db.execute(
          `update prices set in_stock = ${row.inStock} where medication_id = 'viagra' and dosage = '${dosage}' and pharmacy_id = '${row.pharmacyId}'`,
        );
      }
    }
  });

  it("answers 400 naming dosage when it is missing or not the medication's, 404 for an unknown medication", async () => {
    for (const url of [
      "/api/prices/lowest/viagra",
      urlOf(publicEndpoints.lowestPrice, { params: { id: "viagra" }, query: { dosage: "1 crate" } }),
    ]) {
      const { status, body } = await api.get(url);
      expect(status, url).toBe(400);
      const refusal = ErrorBody.parse(body);
      expect(refusal.error).toContain('query parameter "dosage"');
      expect(refusal).toMatchObject({ code: "invalid_request", fields: { dosage: expect.any(String) } });
    }
    expect(
      (await api.get(urlOf(publicEndpoints.lowestPrice, { params: { id: "unknown" }, query: { dosage } })))
        .status,
    ).toBe(404);
  });
});

describe("GET /api/prices/matrix/{id}", () => {
  it("answers a dosage × pharmacy grid whose cells line up with the dosages", async () => {
    const { status, body } = await api.get(
      urlOf(publicEndpoints.priceMatrix, { params: { id: "finasteride" } }),
    );
    expect(status).toBe(200);
    const matrix = PriceMatrix.parse(body);
    const medication = demoMedications.find((m) => m.id === "finasteride");
    const expected = demoFor("finasteride");
    expect(matrix.medicationId).toBe("finasteride");
    expect(matrix.medicationName).toBe("Finasteride");
    expect(matrix.dosages).toEqual(medication?.dosage);
    const sellers = [...new Set(expected.map((p) => p.pharmacyId))];
    const sellerNames = sellers
      .map((id) => demoPharmacies.find((p) => p.id === id)?.name ?? "")
      .sort(nameOrder);
    expect(matrix.rows.map((row) => row.pharmacy.name)).toEqual(sellerNames);
    for (const row of matrix.rows) {
      expect(row.cells).toHaveLength(matrix.dosages.length);
      row.cells.forEach((cell, index) => {
        const demo = expected.find(
          (p) => p.pharmacyId === row.pharmacy.id && p.dosage === matrix.dosages[index],
        );
        expect(cell?.price).toBe(demo?.price);
        expect(cell?.inStock).toBe(demo?.inStock);
      });
    }
    matrix.dosages.forEach((dosage, index) => {
      const inStock = expected.filter((p) => p.dosage === dosage && p.inStock).map((p) => p.price);
      expect(matrix.lowest[index]).toBe(inStock.length ? Math.min(...inStock) : null);
    });
  });

  it("leaves inactive pharmacies out and answers 404 for an unknown medication", async () => {
    const hidden = demoFor("finasteride")[0]?.pharmacyId ?? "";
    await api.withSql(
      `update pharmacies set active = false where id = '${hidden}'`,
      `update pharmacies set active = true where id = '${hidden}'`,
      async () => {
        const matrix = PriceMatrix.parse(
          (await api.get(urlOf(publicEndpoints.priceMatrix, { params: { id: "finasteride" } }))).body,
        );
        expect(matrix.rows.map((row) => row.pharmacy.id)).not.toContain(hidden);
      },
    );
    expect((await api.get(urlOf(publicEndpoints.priceMatrix, { params: { id: "nothing" } }))).status).toBe(
      404,
    );
  });
});

describe("GET /api/prices/recent-updates", () => {
  const RecentList = z.array(RecentPriceUpdate);

  it("answers 20 by default, newest first, each with the medication name and pharmacy", async () => {
    await api.database.db.execute(
      "update prices set last_updated = now() + interval '1 minute' where medication_id = 'saxenda'",
    );
    const { status, body } = await api.get(urlOf(publicEndpoints.recentPriceUpdates));
    expect(status).toBe(200);
    const list = RecentList.parse(body);
    expect(list).toHaveLength(20);
    const saxenda = demoFor("saxenda").length;
    expect(list.slice(0, Math.min(saxenda, 20)).every((p) => p.medicationId === "saxenda")).toBe(true);
    expect(list[0]?.medicationName).toBe("Saxenda");
    const times = list.map((p) => Date.parse(p.lastUpdated));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.every((p) => p.pharmacy.id === p.pharmacyId)).toBe(true);
  });

  it("honours limit and hides inactive medications", async () => {
    const three = RecentList.parse(
      (await api.get(urlOf(publicEndpoints.recentPriceUpdates, { query: { limit: 3 } }))).body,
    );
    expect(three).toHaveLength(3);
    await api.withSql(
      "update medications set active = false where id = 'saxenda'",
      "update medications set active = true where id = 'saxenda'",
      async () => {
        const list = RecentList.parse(
          (await api.get(urlOf(publicEndpoints.recentPriceUpdates, { query: { limit: 100 } }))).body,
        );
        expect(list).toHaveLength(100);
        expect(list.map((p) => p.medicationId)).not.toContain("saxenda");
      },
    );
  });

  it.each(["limit=0", "limit=101", "limit=abc"])("answers 400 naming limit for ?%s", async (query) => {
    const { status, body } = await api.get(`/api/prices/recent-updates?${query}`);
    expect(status).toBe(400);
    expect(ErrorBody.parse(body)).toEqual({
      error: 'Invalid query parameter "limit": must be a whole number from 1 to 100',
      code: "invalid_request",
      fields: { limit: "must be a whole number from 1 to 100" },
    });
  });
});
