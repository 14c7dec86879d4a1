import {
  AdminPrice,
  AdminPriceList,
  AuditPage,
  adminEndpoints,
  MedicationComparison,
  publicEndpoints,
} from "@pharmacompare/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, priceAlerts, priceHistory, prices } from "../src/db/schema.ts";
import { catalogueCaller, confirmedAlert, expectRefusedUnchanged } from "./catalogue-helpers.ts";
import { expectListConvention } from "./list-convention.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

let api: TestApi;
let call: Awaited<ReturnType<typeof catalogueCaller>>;
beforeAll(async () => {
  api = await createTestApi();
  call = await catalogueCaller(api);
});
afterAll(async () => {
  await api?.close();
});

const MEDICATION = "sildenafil";
const DOSAGES = ["25mg x 4 tablets", "50mg x 4 tablets", "100mg x 4 tablets"];

async function adminPrices(medicationId = MEDICATION) {
  const res = await call(adminEndpoints.listAdminPricesForMedication, { params: { id: medicationId } });
  expect(res.status).toBe(200);
  return AdminPriceList.parse(res.body).prices;
}

async function comparison(dosage: string, medicationId = MEDICATION) {
  const res = await api.get(
    urlOf(publicEndpoints.compareMedication, { params: { id: medicationId }, query: { dosage } }),
  );
  expect(res.status).toBe(200);
  return MedicationComparison.parse(res.body);
}

/** A pharmacy with no price for the medication and dosage yet. */
async function pharmacyWithout(dosage: string, medicationId = MEDICATION): Promise<string> {
  const taken = new Set(
    (await adminPrices(medicationId)).filter((p) => p.dosage === dosage).map((p) => p.pharmacyId),
  );
  const all = (await call(adminEndpoints.listAdminPharmacies)).body as {
    pharmacies: { id: string; active: boolean }[];
  };
  const free = all.pharmacies.find((pharmacy) => pharmacy.active && !taken.has(pharmacy.id));
  if (!free) throw new Error("every pharmacy has that price");
  return free.id;
}

describe("sildenafil's dosages", () => {
  it("are the ones these tests use", async () => {
    const res = await call(adminEndpoints.getAdminMedication, { params: { id: MEDICATION } });
    expect((res.body as { medication: { dosage: string[] } }).medication.dosage).toEqual(
      expect.arrayContaining(DOSAGES),
    );
  });
});

describe("GET /api/admin/medications/{id}/prices", () => {
  it("lists every row whatever the pharmacy's state, by pharmacy name then the medication's dosage order", async () => {
    const [first] = await adminPrices();
    await call(adminEndpoints.updatePharmacy, {
      params: { id: first?.pharmacyId ?? "" },
      body: { active: false },
    });
    const list = await adminPrices();
    const stored = await api.database.db.select().from(prices).where(eq(prices.medicationId, MEDICATION));
    expect(list).toHaveLength(stored.length);
    expect(
      list.filter((price) => price.pharmacyId === first?.pharmacyId).every((price) => !price.pharmacyActive),
    ).toBe(true);
    const names = list.map((price) => price.pharmacy.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const { medication } = (await call(adminEndpoints.getAdminMedication, { params: { id: MEDICATION } }))
      .body as {
      medication: { dosage: string[] };
    };
    for (let index = 1; index < list.length; index += 1) {
      const [previous, current] = [list[index - 1], list[index]];
      if (previous?.pharmacyId === current?.pharmacyId) {
        expect(medication.dosage.indexOf(previous?.dosage ?? "")).toBeLessThan(
          medication.dosage.indexOf(current?.dosage ?? ""),
        );
      }
    }
    await call(adminEndpoints.updatePharmacy, {
      params: { id: first?.pharmacyId ?? "" },
      body: { active: true },
    });
  });

  it("pages with the list convention: page, limit, total, totalPages and prices", async () => {
    await expectListConvention(
      (query) =>
        call(adminEndpoints.listAdminPricesForMedication, {
          params: { id: MEDICATION },
          query: query as Record<string, number>,
        }),
      "prices",
    );
  });

  it("searches the pharmacy's name or the dosage, counting only the matches", async () => {
    const every = await adminPrices();
    const dosage = DOSAGES[1] ?? "";
    const res = await call(adminEndpoints.listAdminPricesForMedication, {
      params: { id: MEDICATION },
      query: { search: dosage.toUpperCase() },
    });
    const found = AdminPriceList.parse(res.body);
    expect(found.prices.map((p) => p._id)).toEqual(
      every.filter((p) => p.dosage === dosage).map((p) => p._id),
    );
    expect(found.total).toBe(found.prices.length);
    const pharmacyName = every[0]?.pharmacy.name ?? "";
    const byPharmacy = AdminPriceList.parse(
      (
        await call(adminEndpoints.listAdminPricesForMedication, {
          params: { id: MEDICATION },
          query: { search: pharmacyName.toLowerCase() },
        })
      ).body,
    );
    expect(byPharmacy.prices.length).toBeGreaterThan(0);
    expect(byPharmacy.prices.every((p) => p.pharmacy.name === pharmacyName)).toBe(true);
  });

  it("answers 404 naming an unknown medication", async () => {
    const res = await call(adminEndpoints.listAdminPricesForMedication, { params: { id: "nothing" } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Medication "nothing" not found' });
  });
});

describe("POST /api/admin/prices", () => {
  it("adds a price with quantity 1 and in stock by default, with its history row, audited", async () => {
    const dosage = DOSAGES[0] ?? "";
    const pharmacyId = await pharmacyWithout(dosage);
    const res = await call(adminEndpoints.createPrice, {
      body: { medicationId: MEDICATION, pharmacyId, dosage, price: "12.34", link: "" },
    });
    expect(res.status).toBe(201);
    const created = AdminPrice.parse(res.body);
    expect(created).toMatchObject({
      pharmacyId,
      dosage,
      price: 12.34,
      quantity: 1,
      inStock: true,
      link: null,
      pharmacyActive: true,
    });
    const history = await api.database.db
      .select()
      .from(priceHistory)
      .where(
        and(
          eq(priceHistory.pharmacyId, pharmacyId),
          eq(priceHistory.medicationId, MEDICATION),
          eq(priceHistory.dosage, dosage),
        ),
      );
    expect(history.map((row) => row.price)).toContain(12.34);
    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "price", action: "create" } }))
        .body,
    );
    expect(audit.entries[0]).toMatchObject({ entityId: created._id });
  });

  it("refuses, changing nothing: an existing row (409), an unlisted dosage, unknown ids, bad numbers", async () => {
    const [existing] = await adminPrices();
    const repeat = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createPrice, {
          body: {
            medicationId: MEDICATION,
            pharmacyId: existing?.pharmacyId,
            dosage: existing?.dosage,
            price: 5,
          },
        }),
      409,
    );
    expect(repeat.error).toBe(
      "This pharmacy already has a price for this medication and dosage: edit that price instead.",
    );
    const dosage = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createPrice, {
          body: { medicationId: MEDICATION, pharmacyId: existing?.pharmacyId, dosage: "30 gram", price: 5 },
        }),
      400,
    );
    expect(dosage.fields?.dosage).toMatch(
      /^"30 gram" is not a dosage of Sildenafil: choose one of 25mg x 4 tablets, /,
    );
    expect(dosage.error).toBe(dosage.fields?.dosage);
    const unknown = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createPrice, {
          body: { medicationId: "nothing", pharmacyId: "nowhere", dosage: "1mg", price: 5 },
        }),
      400,
    );
    expect(unknown.fields).toEqual({
      medicationId: 'Medication "nothing" not found',
      pharmacyId: 'Pharmacy "nowhere" not found',
    });
    const numbers = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createPrice, {
          body: {
            medicationId: MEDICATION,
            pharmacyId: existing?.pharmacyId,
            dosage: DOSAGES[1],
            price: -2,
            quantity: 1.5,
            link: "ftp://x.example",
          },
        }),
      400,
    );
    expect(Object.keys(numbers.fields ?? {}).sort()).toEqual(["link", "price", "quantity"]);
    const missing = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.createPrice, { body: {} }),
      400,
    );
    expect(missing.fields).toMatchObject({
      medicationId: "is required",
      pharmacyId: "is required",
      dosage: "is required",
    });
  });
});

describe("PUT /api/admin/prices/{id}", () => {
  it("edits the price from the whole price object sent back; the public table and Best follow", async () => {
    const dosage = DOSAGES[1] ?? "";
    const before = await comparison(dosage);
    const dearest = before.prices.at(-1);
    expect(dearest?.isBest).toBe(false);
    const [row] = (await adminPrices()).filter(
      (p) => p.pharmacyId === dearest?.pharmacyId && p.dosage === dosage,
    );
    const cheapest = before.prices[0]?.price ?? 0;
    const res = await call(adminEndpoints.updatePrice, {
      params: { id: row?._id ?? "" },
      // The client sends the edited object, read-only fields and all (a changed dosage is ignored).
      body: { ...row, dosage: "ignored", price: Math.round((cheapest - 0.5) * 100) / 100, inStock: true },
    });
    expect(res.status).toBe(200);
    expect(AdminPrice.parse(res.body)).toMatchObject({
      _id: row?._id,
      dosage,
      price: Math.round((cheapest - 0.5) * 100) / 100,
    });
    const after = await comparison(dosage);
    expect(after.prices[0]).toMatchObject({ pharmacyId: dearest?.pharmacyId, isBest: true });
  });

  it("changes stock, quantity and link alone, keeping the rest", async () => {
    const [row] = await adminPrices();
    const res = await call(adminEndpoints.updatePrice, {
      params: { id: row?._id ?? "" },
      // Another site than the pharmacy's, confirmed by staff (decision 029; price-link-sites.test.ts).
      body: { inStock: false, quantity: 2, link: "https://shop.example/p", acceptOffSiteLink: true },
    });
    expect(AdminPrice.parse(res.body)).toMatchObject({
      price: row?.price,
      inStock: false,
      quantity: 2,
      link: "https://shop.example/p",
    });
    const cleared = await call(adminEndpoints.updatePrice, {
      params: { id: row?._id ?? "" },
      body: { link: null },
    });
    expect(AdminPrice.parse(cleared.body)).toMatchObject({ link: null, inStock: false, quantity: 2 });
  });

  it("fires a confirmed alert the new price reaches and queues its email", async () => {
    const dosage = DOSAGES[2] ?? "";
    const lowest = await api.app.services.prices.lowest(MEDICATION, dosage);
    if (!lowest) throw new Error("no in-stock price");
    const target = Math.round((lowest.price - 1) * 100) / 100;
    const alertId = await confirmedAlert(api, {
      medicationId: MEDICATION,
      medicationName: "Sildenafil",
      dosage,
      targetPrice: target,
      currentPrice: lowest.price,
    });
    const [row] = (await adminPrices()).filter(
      (p) => p.dosage === dosage && p.pharmacyId === lowest.pharmacyId,
    );
    const res = await call(adminEndpoints.updatePrice, {
      params: { id: row?._id ?? "" },
      body: { price: target },
    });
    expect(res.status).toBe(200);
    const [alert] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alertId));
    expect(alert).toMatchObject({ status: "triggered", lowestPharmacyPrice: target });
    const emails = await api.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.priceAlertId, alertId));
    expect(emails.map((email) => email.template)).toEqual(["price-drop"]);
  });

  it("refuses a bad value changing nothing, and answers 404 for an unknown price", async () => {
    const [row] = await adminPrices();
    await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.updatePrice, { params: { id: row?._id ?? "" }, body: { price: 0 } }),
      400,
    );
    const missing = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updatePrice, {
          params: { id: "00000000-0000-4000-8000-000000000000" },
          body: { price: 3 },
        }),
      404,
    );
    expect(missing.error).toBe('Price "00000000-0000-4000-8000-000000000000" not found');
  });
});

describe("DELETE /api/admin/prices/{id}", () => {
  it("deletes the row (gone from the public table), audited; 404 afterwards", async () => {
    const dosage = DOSAGES[0] ?? "";
    const [row] = (await adminPrices()).filter((p) => p.dosage === dosage && p.pharmacyActive);
    const res = await call(adminEndpoints.deletePrice, { params: { id: row?._id ?? "" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Price deleted" });
    expect((await comparison(dosage)).prices.map((price) => price._id)).not.toContain(row?._id);
    const again = await call(adminEndpoints.deletePrice, { params: { id: row?._id ?? "" } });
    expect(again.status).toBe(404);
    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "price", action: "delete" } }))
        .body,
    );
    expect(audit.entries[0]).toMatchObject({ entityId: row?._id });
  });
});

describe("POST /api/admin/prices/bulk", () => {
  it("writes every row (insert or update, stock kept when left out) and counts the fired alerts", async () => {
    const dosage = DOSAGES[1] ?? "";
    const [existing] = (await adminPrices()).filter((p) => p.dosage === dosage);
    await call(adminEndpoints.updatePrice, { params: { id: existing?._id ?? "" }, body: { inStock: false } });
    const fresh = await pharmacyWithout(DOSAGES[0] ?? "");
    const alertId = await confirmedAlert(api, {
      medicationId: MEDICATION,
      medicationName: "Sildenafil",
      dosage: DOSAGES[0] ?? "",
      targetPrice: 0.5,
      currentPrice: 9,
    });
    const res = await call(adminEndpoints.bulkWritePrices, {
      body: {
        prices: [
          { medicationId: MEDICATION, pharmacyId: existing?.pharmacyId, dosage, price: 9.99 },
          {
            medicationId: MEDICATION,
            pharmacyId: fresh,
            dosage: DOSAGES[0],
            price: "0.49",
            // Stored as the parser's href (issue 42).
            link: "https://f.example/",
            acceptOffSiteLink: true,
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ written: 2, triggeredAlerts: 1 });
    const list = await adminPrices();
    expect(list.find((p) => p._id === existing?._id)).toMatchObject({ price: 9.99, inStock: false });
    expect(list.find((p) => p.pharmacyId === fresh && p.dosage === DOSAGES[0])).toMatchObject({
      price: 0.49,
      inStock: true,
      quantity: 1,
      // Stored as the parser's href (issue 42).
      link: "https://f.example/",
    });
    const [alert] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alertId));
    expect(alert?.status).toBe("triggered");
    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "price", action: "import" } }))
        .body,
    );
    expect(audit.entries[0]).toMatchObject({ changes: { rows: 2, written: 2, triggeredAlerts: 1 } });
  });

  it("is all or nothing: one bad row writes nothing, and every bad row is listed by index", async () => {
    const [good] = await adminPrices();
    const row = { medicationId: MEDICATION, pharmacyId: good?.pharmacyId, dosage: good?.dosage, price: 1.23 };
    const body = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.bulkWritePrices, {
          body: {
            prices: [
              row,
              { ...row, price: "abc" },
              row,
              { ...row, medicationId: "nothing" },
              { ...row, dosage: "7 gram", quantity: 0 },
              { ...row, pharmacyId: "nowhere" },
            ],
          },
        }),
      400,
    );
    expect(body.error).toBe("5 of 6 rows were refused; no price was changed.");
    expect(body.fields).toEqual({
      "prices.1.price": "must be a price in pounds above 0, with at most 2 decimals",
      "prices.1.dosage": "repeats row 0: the same medication, pharmacy and dosage",
      "prices.2.dosage": "repeats row 0: the same medication, pharmacy and dosage",
      "prices.3.medicationId": 'Medication "nothing" not found',
      "prices.4.quantity": "must be a whole number of at least 1",
      "prices.4.dosage": expect.stringContaining('"7 gram" is not a dosage of Sildenafil'),
      "prices.5.pharmacyId": 'Pharmacy "nowhere" not found',
    });
  });

  it("refuses database problems alone the same way, and an empty or too long list", async () => {
    const [good] = await adminPrices();
    const row = { medicationId: MEDICATION, pharmacyId: good?.pharmacyId, dosage: good?.dosage, price: 1.23 };
    const one = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.bulkWritePrices, { body: { prices: [row, { ...row, pharmacyId: "nowhere" }] } }),
      400,
    );
    expect(one).toMatchObject({
      error: "1 of 2 rows was refused; no price was changed.",
      fields: { "prices.1.pharmacyId": 'Pharmacy "nowhere" not found' },
    });
    const empty = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.bulkWritePrices, { body: { prices: [] } }),
      400,
    );
    expect(empty.fields).toEqual({ prices: "must have at least one row" });
    const tooMany = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.bulkWritePrices, { body: { prices: Array.from({ length: 5001 }, () => row) } }),
      400,
    );
    expect(tooMany.fields).toEqual({ prices: "must have at most 5000 rows" });
  });
});
