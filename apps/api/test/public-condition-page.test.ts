import {
  CONDITION_PAGE_MEDICATION_LIMIT,
  ConditionPage,
  ErrorBody,
  endpointUrl,
  MedicationComparison,
  publicEndpoints,
} from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoMedications, demoPharmacies } from "../src/demo-data/index.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

type PageQuery = { medication?: string; dosage?: string; sort?: "price" | "total" };

const pageUrl = (subcategoryId: string, query: PageQuery = {}) =>
  endpointUrl(publicEndpoints.conditionPage, { params: { subcategoryId }, query });

async function page(subcategoryId: string, query: PageQuery = {}) {
  const { status, body } = await api.get(pageUrl(subcategoryId, query));
  expect(status).toBe(200);
  return ConditionPage.parse(body);
}

describe("GET /api/pages/condition/{subcategoryId}", () => {
  it("answers the condition's place, its medications by name and the first one's comparison", async () => {
    const result = await page("erectile-dysfunction");
    expect(result.category.id).toBe("mens-health");
    expect(result.subcategory).toMatchObject({ id: "erectile-dysfunction", name: "Erectile Dysfunction" });
    const expectedNames = demoMedications
      .filter((medication) => medication.subcategory === "erectile-dysfunction")
      .map((medication) => medication.name)
      .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(result.medications.map((medication) => medication.name)).toEqual(expectedNames);
    const first = result.medications[0];
    expect(result.medicationId).toBe(first?.id);
    expect(result.dosage).toBe(first?.dosage[0]);
    expect(result.comparison?.medication.id).toBe(first?.id);
    expect(result.comparison?.dosage).toBe(first?.dosage[0]);
  });

  it("follows the medication (by name, ignoring case, or a prefix) and dosage queries", async () => {
    const exact = await page("erectile-dysfunction", { medication: "TADALAFIL", dosage: "5mg x 28 tablets" });
    expect(exact.medicationId).toBe("tadalafil");
    expect(exact.dosage).toBe("5mg x 28 tablets");
    const prefix = await page("erectile-dysfunction", { medication: "tadal" });
    expect(prefix.medicationId).toBe("tadalafil");
    // An unknown dosage falls back to the medication's first one.
    const unknownDosage = await page("erectile-dysfunction", { medication: "tadalafil", dosage: "1kg" });
    expect(unknownDosage.dosage).toBe(unknownDosage.comparison?.medication.dosage[0]);
  });

  it("carries the same comparison as GET /api/medications/{id}/comparison", async () => {
    const result = await page("erectile-dysfunction", {
      medication: "tadalafil",
      dosage: "5mg x 28 tablets",
    });
    const direct = await api.get(
      endpointUrl(publicEndpoints.compareMedication, {
        params: { id: "tadalafil" },
        query: { dosage: "5mg x 28 tablets" },
      }),
    );
    expect(direct.status).toBe(200);
    expect(result.comparison).toEqual(MedicationComparison.parse(direct.body));
    const prices = result.comparison?.prices ?? [];
    expect(prices.length).toBeGreaterThan(1);
    expect(prices[0]?.isBest).toBe(true);
    expect(prices.filter((price) => price.isBest).every((price) => price.price === prices[0]?.price)).toBe(
      true,
    );
    for (const price of prices) {
      expect(price.difference).toBeCloseTo(price.price - (prices[0]?.price ?? 0), 2);
    }
  });

  describe("total cost with delivery", () => {
    const tadalafil = { medication: "tadalafil", dosage: "5mg x 28 tablets" } as const;
    const pence = (pounds: number) => Math.round(pounds * 100);

    it("gives every row its delivery and total from the pharmacy's terms, ordered by price by default", async () => {
      const result = await page("erectile-dysfunction", tadalafil);
      const prices = result.comparison?.prices ?? [];
      expect(result.comparison?.sort).toBe("price");
      expect(prices.length).toBeGreaterThan(3);
      for (const row of prices) {
        const terms = demoPharmacies.find((pharmacy) => pharmacy.id === row.pharmacyId);
        if (!terms) throw new Error(`unknown pharmacy ${row.pharmacyId}`);
        // The demo's packs are above every minimum order, so each has a total.
        const free = terms.freeDeliveryThreshold > 0 && row.price >= terms.freeDeliveryThreshold;
        expect([row.pharmacyId, row.delivery, row.consultation, row.minimumOrder]).toEqual([
          row.pharmacyId,
          free ? 0 : terms.deliveryFee,
          terms.consultationFee ?? 0,
          null,
        ]);
        // Every mandatory fee is in the total (DMCC Act 2024, decision 042).
        expect(pence(row.total ?? 0)).toBe(
          pence(row.price) + pence(row.delivery ?? 0) + pence(row.consultation ?? 0),
        );
      }
      // The demo gives some of these pharmacies a consultation fee, so the rule is exercised.
      expect(prices.some((row) => (row.consultation ?? 0) > 0)).toBe(true);
      const byPrice = prices.map((row) => pence(row.price));
      expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    });

    it("orders by total with ?sort=total, keeping the same rows, Best on the lowest price", async () => {
      // Make the cheapest pharmacy's delivery dear, so the two orders must differ.
      const byPrice = (await page("erectile-dysfunction", tadalafil)).comparison?.prices ?? [];
      const cheapest = byPrice[0];
      if (!cheapest) throw new Error("expected prices");
      const fee = demoPharmacies.find((pharmacy) => pharmacy.id === cheapest.pharmacyId)?.deliveryFee;
      await api.withSql(
        `update pharmacies set delivery_fee = 45, free_delivery_threshold = 0 where id = '${cheapest.pharmacyId}'`,
        `update pharmacies set delivery_fee = ${fee}, free_delivery_threshold = ${
          demoPharmacies.find((pharmacy) => pharmacy.id === cheapest.pharmacyId)?.freeDeliveryThreshold
        } where id = '${cheapest.pharmacyId}'`,
        async () => {
          const result = await page("erectile-dysfunction", { ...tadalafil, sort: "total" });
          const rows = result.comparison?.prices ?? [];
          expect(result.comparison?.sort).toBe("total");
          const totals = rows.map((row) => pence(row.total ?? Number.POSITIVE_INFINITY));
          expect(totals).toEqual([...totals].sort((a, b) => a - b));
          expect(rows.map((row) => row.pharmacyId).sort()).toEqual(
            byPrice.map((row) => row.pharmacyId).sort(),
          );
          expect(rows[0]?.pharmacyId).not.toBe(cheapest.pharmacyId);
          const lowestPrice = Math.min(...rows.map((row) => pence(row.price)));
          for (const row of rows) expect(row.isBest).toBe(pence(row.price) === lowestPrice);
          const dear = rows.find((row) => row.pharmacyId === cheapest.pharmacyId);
          expect(dear).toMatchObject({ isBest: true, delivery: 45 });
          // The pharmacy's consultation fee, if any, is in the total too (decision 042).
          expect(pence(dear?.total ?? 0)).toBe(pence(cheapest.price) + 4500 + pence(dear?.consultation ?? 0));
          // The saving still compares pack prices.
          const plain = await page("erectile-dysfunction", tadalafil);
          expect(result.comparison?.savings).toBe(plain.comparison?.savings);
        },
      );
    });

    it("gives a pack below the pharmacy's minimum order no total and lists it last by total", async () => {
      const byPrice = (await page("erectile-dysfunction", tadalafil)).comparison?.prices ?? [];
      const cheapest = byPrice[0];
      if (!cheapest) throw new Error("expected prices");
      const minimum = demoPharmacies.find((pharmacy) => pharmacy.id === cheapest.pharmacyId)?.minOrderValue;
      await api.withSql(
        `update pharmacies set min_order_value = 500 where id = '${cheapest.pharmacyId}'`,
        `update pharmacies set min_order_value = ${minimum} where id = '${cheapest.pharmacyId}'`,
        async () => {
          const result = await page("erectile-dysfunction", { ...tadalafil, sort: "total" });
          const last = result.comparison?.prices.at(-1);
          expect(last).toMatchObject({ pharmacyId: cheapest.pharmacyId, total: null, minimumOrder: 500 });
          expect(last?.isBest).toBe(true);
        },
      );
    });

    it("refuses an unknown sort with 400 naming the field", async () => {
      const response = await api.get(
        `${pageUrl("erectile-dysfunction", tadalafil)}&sort=${encodeURIComponent("cheapest")}`,
      );
      expect(response.status).toBe(400);
      expect(Object.keys(ErrorBody.parse(response.body).fields ?? {})).toEqual(["sort"]);
    });
  });

  it("includes the chosen medication's admin messages showing now", async () => {
    await api.withSql(
      `insert into admin_messages (medication_id, category, title, message, start_date, priority, active)
       values ('tadalafil', 'information', 'Page test banner', 'Shown on the condition page', now() - interval '1 day', 3, true)`,
      `delete from admin_messages where title = 'Page test banner'`,
      async () => {
        const result = await page("erectile-dysfunction", { medication: "tadalafil" });
        expect(result.messages.map((message) => message.title)).toContain("Page test banner");
        const other = await page("erectile-dysfunction", { medication: "sildenafil" });
        expect(other.messages.map((message) => message.title)).not.toContain("Page test banner");
      },
    );
  });

  it("answers 404 for an unknown or inactive condition", async () => {
    const unknown = await api.get(pageUrl("no-such-condition"));
    expect(unknown.status).toBe(404);
    expect(ErrorBody.parse(unknown.body).error).toBe('Condition "no-such-condition" not found');
    await api.withSql(
      "update subcategories set active = false where id = 'acne'",
      "update subcategories set active = true where id = 'acne'",
      async () => {
        expect((await api.get(pageUrl("acne"))).status).toBe(404);
      },
    );
  });

  it("lists only a condition's first medications by name, counts them all, and still finds one further down", async () => {
    const listed = (await page("impetigo")).medications.length;
    const added = 130;
    // Names after every demo medication's, zero-padded so name order is number order.
    await api.withSql(
      `insert into medications (id, name, category_id, subcategory_id, form, dosages)
         select 'bulk-' || lpad(g::text, 3, '0'), 'Zeta Remedy ' || lpad(g::text, 3, '0'), s.category_id,
                'impetigo', 'Cream', array['1 x 15g tube']
         from generate_series(1, ${added}) g, (select category_id from subcategories where id = 'impetigo') s`,
      "delete from medications where id like 'bulk-%'",
      async () => {
        const first = await page("impetigo");
        expect(first.medicationCount).toBe(listed + added);
        expect(first.medications).toHaveLength(CONDITION_PAGE_MEDICATION_LIMIT);
        const lastListed = `Zeta Remedy ${String(CONDITION_PAGE_MEDICATION_LIMIT - listed).padStart(3, "0")}`;
        expect(first.medications.at(-1)?.name).toBe(lastListed);

        // Named exactly (any case) or by a prefix, a medication beyond the list is chosen and joins it.
        const exact = await page("impetigo", { medication: "zeta remedy 125" });
        expect(exact.medicationId).toBe("bulk-125");
        expect(exact.comparison?.medication.id).toBe("bulk-125");
        expect(exact.medications).toHaveLength(CONDITION_PAGE_MEDICATION_LIMIT + 1);
        expect(exact.medications.at(-1)?.id).toBe("bulk-125");
        const prefix = await page("impetigo", { medication: "Zeta Remedy 12" });
        expect(prefix.medicationId).toBe("bulk-120");
        // A name within the list adds nothing.
        const listedOne = await page("impetigo", { medication: lastListed });
        expect(listedOne.medications).toHaveLength(CONDITION_PAGE_MEDICATION_LIMIT);
      },
    );
  });

  it("answers a condition with no medications with an empty list and no comparison", async () => {
    await api.withSql(
      "update medications set active = false where subcategory_id = 'impetigo'",
      "update medications set active = true where subcategory_id = 'impetigo'",
      async () => {
        const result = await page("impetigo");
        expect(result).toMatchObject({
          medications: [],
          medicationCount: 0,
          medicationId: null,
          dosage: null,
          comparison: null,
        });
      },
    );
  });
});
