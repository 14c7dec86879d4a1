import { CATEGORY_TREE, lastCompleteMonth, publicEndpoints, SitemapSources } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoPrices, demoBlogPosts, demoMedications, demoPharmacies } from "../src/demo-data/index.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

async function sources() {
  const { status, body } = await api.get(urlOf(publicEndpoints.sitemapSources));
  expect(status).toBe(200);
  return SitemapSources.parse(body);
}

describe("GET /api/pages/sitemap", () => {
  it("lists every condition, medication and published post of the catalogue", async () => {
    const sitemap = await sources();
    const subcategoryIds = CATEGORY_TREE.flatMap((category) => category.subcategories.map((sub) => sub.id));
    expect(sitemap.conditions.map((entry) => entry.subcategoryId).sort()).toEqual([...subcategoryIds].sort());
    expect(sitemap.medications.map((entry) => entry.name).sort()).toEqual(
      demoMedications.map((medication) => medication.name).sort(),
    );
    expect(sitemap.posts.map((entry) => entry.slug).sort()).toEqual(
      demoBlogPosts.map((post) => post.slug).sort(),
    );
  });

  it("lists each computed month of the price index with its conditions (decision 061)", async () => {
    expect((await sources()).priceIndex).toEqual([]);
    await api.app.services.jobs.runNow("priceIndex");
    const [latest] = (await sources()).priceIndex;
    expect(latest?.month).toBe(lastCompleteMonth(new Date()));
    expect(latest?.subcategoryIds).toContain("erectile-dysfunction");
  });

  it("leaves out drafts, hidden medications and inactive conditions", async () => {
    const post = demoBlogPosts[0]?.slug as string;
    const medication = demoMedications[0]?.id as string;
    const condition = "rosacea";
    const run = (statement: string) => api.database.db.execute(statement);
    await run(`update blog_posts set published = false where slug = '${post}'`);
    await run(`update medications set active = false where id = '${medication}'`);
    await run(`update subcategories set active = false where id = '${condition}'`);
    try {
      const sitemap = await sources();
      expect(sitemap.posts.map((entry) => entry.slug)).not.toContain(post);
      expect(sitemap.medications.map((entry) => entry.name)).not.toContain(demoMedications[0]?.name);
      expect(sitemap.conditions.map((entry) => entry.subcategoryId)).not.toContain(condition);
      expect(sitemap.medications.every((entry) => entry.subcategoryId !== condition)).toBe(true);
    } finally {
      await run(`update blog_posts set published = true where slug = '${post}'`);
      await run(`update medications set active = true where id = '${medication}'`);
      await run(`update subcategories set active = true where id = '${condition}'`);
    }
  });

  it("lists every active pharmacy, dated by its row or its newest public price", async () => {
    const sitemap = await sources();
    expect(sitemap.pharmacies.map((entry) => entry.id).sort()).toEqual(
      demoPharmacies.map((pharmacy) => pharmacy.id).sort(),
    );
    const id = "fernquill-pharmacy";
    const later = "2031-05-06T07:08:09.000Z";
    await api.withSql(
      `update pharmacies set active = false where id = '${id}'`,
      `update pharmacies set active = true where id = '${id}'`,
      async () => expect((await sources()).pharmacies.map((entry) => entry.id)).not.toContain(id),
    );
    const price = buildDemoPrices(demoMedications, demoPharmacies).find((row) => row.pharmacyId === id);
    if (!price) throw new Error(`${id} has no demo price`);
    const row = `pharmacy_id = '${id}' and medication_id = '${price.medicationId}' and dosage = '${price.dosage}'`;
    const run = (statement: string) => api.database.db.execute(statement);
    const before = (await run(`select last_updated::text as at from prices where ${row}`)) as unknown as {
      rows: { at: string }[];
    };
    await run(`update prices set last_updated = '${later}' where ${row}`);
    try {
      expect((await sources()).pharmacies.find((entry) => entry.id === id)?.lastmod).toBe(later);
      // A price of a hidden medication is not on the page, so it does not date it.
      await api.withSql(
        `update medications set active = false where id = '${price.medicationId}'`,
        `update medications set active = true where id = '${price.medicationId}'`,
        async () => {
          expect((await sources()).pharmacies.find((entry) => entry.id === id)?.lastmod).not.toBe(later);
        },
      );
    } finally {
      await run(`update prices set last_updated = '${before.rows[0]?.at}' where ${row}`);
    }
  });

  it("dates a medication and its condition by their newest price", async () => {
    const medication = demoMedications[0];
    if (!medication) throw new Error("no demo medication");
    const later = "2030-01-02T03:04:05.000Z";
    await api.withSql(
      `update prices set last_updated = '${later}' where medication_id = '${medication.id}'
         and ctid = (select ctid from prices where medication_id = '${medication.id}' limit 1)`,
      "select 1",
      async () => {
        const sitemap = await sources();
        expect(sitemap.medications.find((entry) => entry.name === medication.name)?.lastmod).toBe(later);
        expect(
          sitemap.conditions.find((entry) => entry.subcategoryId === medication.subcategory)?.lastmod,
        ).toBe(later);
      },
    );
  });
});
