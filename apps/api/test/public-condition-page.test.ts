import {
  ConditionPage,
  ErrorBody,
  endpointUrl,
  MedicationComparison,
  publicEndpoints,
} from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoMedications } from "../src/demo-data/index.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const pageUrl = (subcategoryId: string, query: { medication?: string; dosage?: string } = {}) =>
  endpointUrl(publicEndpoints.conditionPage, { params: { subcategoryId }, query });

async function page(subcategoryId: string, query: { medication?: string; dosage?: string } = {}) {
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

  it("includes the chosen medication's admin messages showing now", async () => {
    await api.withSql(
      `insert into admin_messages (medication_id, category, title, message, start_date, priority, active)
       values ('tadalafil', 'promo', 'Page test banner', 'Shown on the condition page', now() - interval '1 day', 3, true)`,
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

  it("answers a condition with no medications with an empty list and no comparison", async () => {
    await api.withSql(
      "update medications set active = false where subcategory_id = 'impetigo'",
      "update medications set active = true where subcategory_id = 'impetigo'",
      async () => {
        const result = await page("impetigo");
        expect(result).toMatchObject({ medications: [], medicationId: null, dosage: null, comparison: null });
      },
    );
  });
});
