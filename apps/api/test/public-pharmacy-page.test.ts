import {
  ConditionPage,
  Pharmacy,
  PharmacyPage,
  type PharmacyPageMedication,
  publicEndpoints,
} from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildDemoPrices, demoMedications, demoPharmacies } from "../src/demo-data/index.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * A pharmacy's public page (GET /api/pages/pharmacy/{id}) and the registrations every public
 * pharmacy read carries. Expectations come from the demo catalogue the test database is seeded with.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const KESTREL = "kestrel-lane-pharmacy";
const demoPrices = buildDemoPrices(demoMedications, demoPharmacies);

async function page(id: string) {
  const { status, body } = await api.get(urlOf(publicEndpoints.pharmacyPage, { params: { id } }));
  expect(status).toBe(200);
  return PharmacyPage.parse(body);
}

/** What the page should list for a pharmacy, worked out from the demo catalogue on its own. */
function expectedFrom(pharmacyId: string) {
  const byMedication = new Map<string, typeof demoPrices>();
  for (const price of demoPrices) {
    if (price.pharmacyId !== pharmacyId || !(price.price > 0)) continue;
    byMedication.set(price.medicationId, [...(byMedication.get(price.medicationId) ?? []), price]);
  }
  return [...byMedication.entries()].map(([medicationId, rows]) => {
    const medication = demoMedications.find((entry) => entry.id === medicationId);
    if (!medication) throw new Error(`unknown demo medication ${medicationId}`);
    const pool = rows.some((row) => row.inStock) ? rows.filter((row) => row.inStock) : rows;
    const cheapest = Math.min(...pool.map((row) => row.price));
    return { medicationId, name: medication.name, dosageCount: rows.length, cheapest };
  });
}

function pick(medications: PharmacyPageMedication[], medicationId: string) {
  const found = medications.find((entry) => entry.medicationId === medicationId);
  if (!found) throw new Error(`${medicationId} is not listed`);
  return found;
}

describe("GET /api/pages/pharmacy/{id}", () => {
  it("answers the pharmacy with its GPhC and CQC numbers and every medication it prices, by name", async () => {
    const kestrel = demoPharmacies.find((entry) => entry.id === KESTREL);
    const { pharmacy, medications } = await page(KESTREL);
    expect(pharmacy).toEqual({
      ...kestrel,
      _id: KESTREL,
      active: true,
      cqcNumber: kestrel?.cqcNumber,
      // No referral parameters: it pays no commission (decision 044).
      sponsored: false,
      // No consultation address: its visits go to the product link (decision 058).
      startsAtConsultation: false,
    });
    expect(pharmacy.gphcNumber).toMatch(/^1\d{6}$/);
    expect(pharmacy.cqcNumber).toMatch(/^1-\d+$/);

    const expected = expectedFrom(KESTREL);
    expect(expected.length).toBeGreaterThan(1);
    const names = medications.map((entry) => entry.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(medications.map((entry) => entry.medicationId).sort()).toEqual(
      expected.map((entry) => entry.medicationId).sort(),
    );
    for (const entry of expected) {
      const listed = pick(medications, entry.medicationId);
      expect(listed.dosageCount).toBe(entry.dosageCount);
      expect(listed.cheapest.price).toBe(entry.cheapest);
      const medication = demoMedications.find((candidate) => candidate.id === entry.medicationId);
      expect(listed.subcategoryId).toBe(medication?.subcategory);
      expect(listed.form).toBe(medication?.form);
      expect(listed.legalCategory).toBe(medication?.legalCategory);
      expect(medication?.dosage).toContain(listed.cheapest.dosage);
    }
    // The demo pharmacy sells both kinds, so its page says which need a prescriber.
    expect(new Set(medications.map((entry) => entry.legalCategory)).size).toBeGreaterThan(1);
  });

  it("lists a pharmacy without a CQC registration with cqcNumber null", async () => {
    const { pharmacy } = await page("fernquill-pharmacy");
    expect(pharmacy.cqcNumber).toBeNull();
  });

  it("leaves out medications a visitor cannot compare: hidden, in a hidden condition, or a dosage no longer listed", async () => {
    const [first, second, third] = (await page(KESTREL)).medications;
    if (!first || !second || !third) throw new Error("Kestrel Lane lists fewer than three medications");
    const thirdMedication = demoMedications.find((entry) => entry.id === third.medicationId);
    const otherInCondition = demoMedications.filter(
      (entry) => entry.subcategory === second.subcategoryId && entry.id !== second.medicationId,
    );
    const run = (statement: string) => api.database.db.execute(statement);
    await run(`update medications set active = false where id = '${first.medicationId}'`);
    await run(`update subcategories set active = false where id = '${second.subcategoryId}'`);
    // Keep one dosage: the others' prices are no longer public.
    await run(
      `update medications set dosages = array['${third.cheapest.dosage}'] where id = '${third.medicationId}'`,
    );
    try {
      const { medications } = await page(KESTREL);
      const ids = medications.map((entry) => entry.medicationId);
      expect(ids).not.toContain(first.medicationId);
      expect(ids).not.toContain(second.medicationId);
      for (const other of otherInCondition) expect(ids).not.toContain(other.id);
      expect(pick(medications, third.medicationId)).toMatchObject({
        dosageCount: 1,
        cheapest: { dosage: third.cheapest.dosage },
      });
    } finally {
      await run(`update medications set active = true where id = '${first.medicationId}'`);
      await run(`update subcategories set active = true where id = '${second.subcategoryId}'`);
      await run(
        `update medications set dosages = array[${thirdMedication?.dosage.map((dosage) => `'${dosage}'`).join(", ")}]
         where id = '${third.medicationId}'`,
      );
    }
    expect((await page(KESTREL)).medications.map((entry) => entry.medicationId)).toContain(
      first.medicationId,
    );
  });

  it("shows the cheapest price in stock, and the cheapest out of stock only when none is in stock", async () => {
    const listed = (await page(KESTREL)).medications.find((entry) => entry.dosageCount > 1);
    if (!listed) throw new Error("Kestrel Lane prices no medication in two dosages");
    const where = `pharmacy_id = '${KESTREL}' and medication_id = '${listed.medicationId}'`;
    const cheapestRow = `${where} and dosage = '${listed.cheapest.dosage}'`;
    const run = (statement: string) => api.database.db.execute(statement);
    const before = (await run(`select dosage, price, in_stock from prices where ${where}`)) as unknown as {
      rows: { dosage: string; price: string; in_stock: boolean }[];
    };
    try {
      await run(`update prices set in_stock = false where ${cheapestRow}`);
      const second = pick((await page(KESTREL)).medications, listed.medicationId);
      expect(second.cheapest.dosage).not.toBe(listed.cheapest.dosage);
      expect(second.cheapest.inStock).toBe(true);

      // Every dosage out of stock, one now cheaper than all: that one, marked out of stock.
      await run(`update prices set in_stock = false where ${where}`);
      await run(`update prices set price = 0.5 where ${cheapestRow}`);
      const none = pick((await page(KESTREL)).medications, listed.medicationId);
      expect(none.cheapest).toMatchObject({ dosage: listed.cheapest.dosage, price: 0.5, inStock: false });
    } finally {
      for (const row of before.rows) {
        await run(
          `update prices set price = ${row.price}, in_stock = ${row.in_stock} where ${where} and dosage = '${row.dosage}'`,
        );
      }
    }
    expect(pick((await page(KESTREL)).medications, listed.medicationId)).toEqual(listed);
  });

  it("answers 404 for an unknown or switched-off pharmacy", async () => {
    const unknown = await api.get(urlOf(publicEndpoints.pharmacyPage, { params: { id: "boots" } }));
    expect(unknown).toEqual({
      status: 404,
      body: { error: 'Pharmacy "boots" not found', code: "not_found" },
    });
    await api.withSql(
      `update pharmacies set active = false where id = '${KESTREL}'`,
      `update pharmacies set active = true where id = '${KESTREL}'`,
      async () => {
        const off = await api.get(urlOf(publicEndpoints.pharmacyPage, { params: { id: KESTREL } }));
        expect(off.status).toBe(404);
      },
    );
  });
});

describe("registrations in the public reads", () => {
  it("every public pharmacy carries a GPhC number of 7 digits starting with 1, and its CQC id or null", async () => {
    const { body } = await api.get(urlOf(publicEndpoints.listPharmacies));
    const list = z.array(Pharmacy).parse(body);
    for (const pharmacy of list) {
      const demo = demoPharmacies.find((entry) => entry.id === pharmacy.id);
      expect(pharmacy.gphcNumber).toBe(demo?.gphcNumber);
      expect(pharmacy.cqcNumber).toBe(demo?.cqcNumber ?? null);
    }
    expect(list.some((pharmacy) => pharmacy.cqcNumber !== null)).toBe(true);
  });

  it("each row of a condition page's comparison carries its pharmacy's GPhC number", async () => {
    const { body } = await api.get(
      urlOf(publicEndpoints.conditionPage, { params: { subcategoryId: "erectile-dysfunction" } }),
    );
    const prices = ConditionPage.parse(body).comparison?.prices ?? [];
    expect(prices.length).toBeGreaterThan(1);
    for (const price of prices) {
      const demo = demoPharmacies.find((entry) => entry.id === price.pharmacyId);
      expect(price.pharmacy.gphcNumber).toBe(demo?.gphcNumber);
    }
  });
});
