import {
  AuditPage,
  adminEndpoints,
  ConditionPage,
  MedicationFormData,
  publicEndpoints,
} from "@pharmacompare/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  adminMessages,
  emailOutbox,
  medications,
  priceAlerts,
  priceHistory,
  prices,
} from "../src/db/schema.ts";
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

const ListBody = z.object({
  medications: z.array(z.looseObject({ id: z.string(), priceCount: z.number() })),
});

/** The medication form as the add screen fills it. */
const newMedication = (overrides: Record<string, unknown> = {}) => ({
  name: "Testarin",
  genericName: "Testarinum",
  category: "mens-health",
  subcategory: "erectile-dysfunction",
  form: "Tablets",
  description: "A medication made up for the tests.",
  dosage: ["10mg x 4 tablets", " ", "20mg x 4 tablets  "],
  prices: [
    {
      pharmacyId: "kestrel-lane-pharmacy",
      dosage: "10mg x 4 tablets",
      price: 19.99,
      // On the pharmacy's own site: another site would need the confirmation (decision 029).
      link: "https://www.kestrellanepharmacy.example/t",
    },
    { pharmacyId: "bramblewick-chemist", dosage: "10mg x 4 tablets", price: "17.50" },
    { pharmacyId: "bramblewick-chemist", dosage: "20mg x 4 tablets", price: 29.99 },
  ],
  ...overrides,
});

async function formData(id: string) {
  const res = await call(adminEndpoints.getAdminMedication, { params: { id } });
  expect(res.status).toBe(200);
  return MedicationFormData.parse(res.body);
}

async function conditionPage(medication: string, dosage: string) {
  const res = await api.get(
    urlOf(publicEndpoints.conditionPage, {
      params: { subcategoryId: "erectile-dysfunction" },
      query: { medication, dosage },
    }),
  );
  expect(res.status).toBe(200);
  return ConditionPage.parse(res.body);
}

describe("GET /api/admin/medications", () => {
  it("lists every medication, inactive ones too, by name, with its price count", async () => {
    await api.database.db.update(medications).set({ active: false }).where(eq(medications.id, "spedra"));
    try {
      const res = await call(adminEndpoints.listAdminMedications);
      expect(res.status).toBe(200);
      const list = ListBody.parse(res.body).medications;
      expect(list.map((entry) => entry.id)).toContain("spedra");
      const names = list.map((entry) => (entry as unknown as { name: string }).name.toLowerCase());
      expect(names).toEqual([...names].sort());
      const stored = await api.database.db.select().from(prices).where(eq(prices.medicationId, "viagra"));
      expect(list.find((entry) => entry.id === "viagra")?.priceCount).toBe(stored.length);
      expect(stored.length).toBeGreaterThan(0);
    } finally {
      await api.database.db.update(medications).set({ active: true }).where(eq(medications.id, "spedra"));
    }
  });

  it("takes a limit from 1 to 1000, the dropdowns' 1000 answering every medication", async () => {
    const two = await call(adminEndpoints.listAdminMedications, { query: { limit: 2 } });
    expect(ListBody.parse(two.body).medications).toHaveLength(2);
    const dropdown = await call(adminEndpoints.listAdminMedications, { query: { limit: 1000 } });
    const stored = await api.database.db.select().from(medications);
    expect(dropdown.body).toMatchObject({ page: 1, limit: 1000, total: stored.length, totalPages: 1 });
    expect(ListBody.parse(dropdown.body).medications).toHaveLength(stored.length);
    const tooMany = await call(adminEndpoints.listAdminMedications, { query: { limit: 1001 } });
    expect(tooMany.status).toBe(400);
    expect((tooMany.body as { fields: Record<string, string> }).fields.limit).toMatch(/1 to 1000/);
  });

  it("pages with the list convention: page, limit, total, totalPages and medications", async () => {
    await expectListConvention(
      (query) => call(adminEndpoints.listAdminMedications, { query: query as Record<string, number> }),
      "medications",
    );
  });

  it("searches name or id ignoring case and filters by category, counting only the matches", async () => {
    const found = (await call(adminEndpoints.listAdminMedications, { query: { search: "VIAG" } })).body;
    const byName = ListBody.parse(found);
    expect(byName.medications.map((entry) => entry.id)).toContain("viagra");
    expect(found).toMatchObject({ total: byName.medications.length });
    const byId = ListBody.parse(
      (await call(adminEndpoints.listAdminMedications, { query: { search: "sildenafil" } })).body,
    );
    expect(byId.medications.map((entry) => entry.id)).toContain("sildenafil");
    const [viagra] = await api.database.db.select().from(medications).where(eq(medications.id, "viagra"));
    const category = String(viagra?.categoryId);
    const inCategory = await call(adminEndpoints.listAdminMedications, { query: { category, limit: 2 } });
    const stored = await api.database.db
      .select()
      .from(medications)
      .where(eq(medications.categoryId, category));
    expect(inCategory.body).toMatchObject({ total: stored.length });
    expect(
      (inCategory.body as { medications: { category: string }[] }).medications.every(
        (entry) => entry.category === category,
      ),
    ).toBe(true);
    // "%" and "_" match only themselves: the names with a "%" in them, and nothing for "_".
    const percent = ListBody.parse(
      (await call(adminEndpoints.listAdminMedications, { query: { search: "%" } })).body,
    );
    expect(percent.medications.length).toBeGreaterThan(0);
    expect(
      percent.medications.every((entry) => (entry as unknown as { name: string }).name.includes("%")),
    ).toBe(true);
    const none = await call(adminEndpoints.listAdminMedications, { query: { search: "_" } });
    expect(none.body).toMatchObject({ medications: [], total: 0, totalPages: 1 });
  });
});

describe("GET /api/admin/medications/{id}", () => {
  it("answers the medication, its price rows and every pharmacy for the form", async () => {
    const data = await formData("viagra");
    expect(data.medication).toMatchObject({ id: "viagra", _id: "viagra", name: "Viagra" });
    expect(data.prices.length).toBe(data.medication.priceCount);
    expect(data.prices.every((price) => price.medicationId === "viagra")).toBe(true);
    const names = data.pharmacies.map((pharmacy) => pharmacy.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const all = await call(adminEndpoints.listAdminPharmacies);
    expect(data.pharmacies).toEqual((all.body as { pharmacies: unknown[] }).pharmacies);
  });

  it("answers 404 naming an unknown medication", async () => {
    const res = await call(adminEndpoints.getAdminMedication, { params: { id: "no-such-medication" } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Medication "no-such-medication" not found' });
  });
});

describe("POST /api/admin/medications", () => {
  it("creates it with its grid prices (1 pack, in stock), an id from its name, audited", async () => {
    const res = await call(adminEndpoints.createMedication, { body: newMedication() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: "testarin" });
    const data = await formData("testarin");
    expect(data.medication).toMatchObject({
      name: "Testarin",
      genericName: "Testarinum",
      dosage: ["10mg x 4 tablets", "20mg x 4 tablets"],
      active: true,
      priceCount: 3,
    });
    expect(
      data.prices.map((price) => [
        price.pharmacyId,
        price.dosage,
        price.price,
        price.quantity,
        price.inStock,
        price.link,
      ]),
    ).toEqual([
      ["bramblewick-chemist", "10mg x 4 tablets", 17.5, 1, true, null],
      ["bramblewick-chemist", "20mg x 4 tablets", 29.99, 1, true, null],
      [
        "kestrel-lane-pharmacy",
        "10mg x 4 tablets",
        19.99,
        1,
        true,
        "https://www.kestrellanepharmacy.example/t",
      ],
    ]);
    const history = await api.database.db
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.medicationId, "testarin"));
    expect(history).toHaveLength(3);
    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "medication", action: "create" } }))
        .body,
    );
    expect(audit.entries[0]).toMatchObject({ entityId: "testarin" });

    // On its public condition page at once, the cheapest marked Best.
    const page = await conditionPage("Testarin", "10mg x 4 tablets");
    expect(page.medicationId).toBe("testarin");
    expect(page.comparison?.prices.map((price) => [price.pharmacyId, price.isBest])).toEqual([
      ["bramblewick-chemist", true],
      ["kestrel-lane-pharmacy", false],
    ]);
  });

  it("makes a taken id from the name unique with -2, -3", async () => {
    const second = await call(adminEndpoints.createMedication, { body: newMedication({ prices: [] }) });
    const third = await call(adminEndpoints.createMedication, { body: newMedication({ prices: [] }) });
    expect([second.body, third.body]).toEqual([{ id: "testarin-2" }, { id: "testarin-3" }]);
    for (const id of ["testarin-2", "testarin-3"]) {
      expect((await call(adminEndpoints.deleteMedication, { params: { id } })).status).toBe(200);
    }
  });

  it("applies the defaults: Tablets, active, no dosages, empty texts", async () => {
    const res = await call(adminEndpoints.createMedication, {
      body: { name: "Bare Minimum", category: "skin-treatment", subcategory: "acne" },
    });
    expect(res.status).toBe(201);
    const { medication } = await formData("bare-minimum");
    expect(medication).toMatchObject({
      form: "Tablets",
      legalCategory: "POM",
      active: true,
      dosage: [],
      description: "",
      priceCount: 0,
    });
    expect(medication.genericName).toBeUndefined();
    await call(adminEndpoints.deleteMedication, { params: { id: "bare-minimum" } });
  });

  it("refuses, changing nothing, each missing required field by name", async () => {
    const body = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.createMedication, { body: {} }),
      400,
    );
    expect(body.fields).toMatchObject({
      name: "is required",
      category: "is required",
      subcategory: "is required",
    });
    const blank = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.createMedication, { body: newMedication({ name: "   " }) }),
      400,
    );
    expect(blank.fields).toEqual({ name: "is required" });
  });

  it("refuses a subcategory of another category with fields.subcategory, not a 500", async () => {
    const body = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createMedication, {
          body: newMedication({ name: "Wrong Place", subcategory: "acne" }),
        }),
      400,
    );
    expect(body.fields).toEqual({ subcategory: expect.stringContaining("is not in Men's Health") });
    const unknown = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createMedication, { body: newMedication({ name: "X", category: "nowhere" }) }),
      400,
    );
    expect(unknown.fields).toEqual({ category: 'Category "nowhere" not found' });
  });

  it("refuses a form outside the list, a repeated dosage and a taken id", async () => {
    const form = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.createMedication, { body: newMedication({ name: "F", form: "Pills" }) }),
      400,
    );
    expect(Object.keys(form.fields ?? {})).toEqual(["form"]);
    const repeated = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createMedication, {
          body: newMedication({ name: "R", dosage: ["5mg", "5MG"], prices: [] }),
        }),
      400,
    );
    expect(repeated.fields).toEqual({ dosage: 'lists "5MG" twice' });
    const taken = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.createMedication, { body: newMedication({ id: "viagra", prices: [] }) }),
      409,
    );
    expect(taken.fields).toEqual({ id: 'A medication with the id "viagra" already exists' });
  });

  it("accepts every form choice of the specification and other", async () => {
    const forms = [
      "Tablets",
      "Capsules",
      "Injection",
      "Gel",
      "Cream",
      "Ointment",
      "Solution",
      "Liquid",
      "Patches",
      "Nasal Spray",
      "Foam",
      "Lotion",
      "Shampoo",
      "Orodispersible Tablets",
      "Oral Lyophilisate Tablets",
      "Rings",
      "Bundle",
      "other",
    ];
    const res = await call(adminEndpoints.createMedication, {
      body: newMedication({ name: "Form Check", prices: [] }),
    });
    for (const form of forms) {
      const updated = await call(adminEndpoints.updateMedication, {
        params: { id: "form-check" },
        body: { form },
      });
      expect(updated.status, form).toBe(200);
    }
    expect(res.status).toBe(201);
    await call(adminEndpoints.deleteMedication, { params: { id: "form-check" } });
  });

  it("refuses bad grid cells by index, writing nothing (not even the medication)", async () => {
    const body = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createMedication, {
          body: newMedication({
            name: "Grid Check",
            prices: [
              { pharmacyId: "kestrel-lane-pharmacy", dosage: "10mg x 4 tablets", price: 0 },
              { pharmacyId: "no-such-pharmacy", dosage: "10mg x 4 tablets", price: 5 },
              { pharmacyId: "bramblewick-chemist", dosage: "99mg", price: 5 },
              { pharmacyId: "bramblewick-chemist", dosage: "20mg x 4 tablets", price: 5.001 },
            ],
          }),
        }),
      400,
    );
    expect(body.fields).toEqual({
      "prices.0.price": expect.stringContaining("above 0"),
      "prices.3.price": expect.stringContaining("2 decimals"),
    });
    const references = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createMedication, {
          body: newMedication({
            name: "Grid Check",
            prices: [
              { pharmacyId: "no-such-pharmacy", dosage: "10mg x 4 tablets", price: 5 },
              { pharmacyId: "bramblewick-chemist", dosage: "99mg", price: 5 },
              { pharmacyId: "bramblewick-chemist", dosage: "99mg", price: 6 },
            ],
          }),
        }),
      400,
    );
    expect(references.error).toBe("3 of 3 price cells were refused; no price was changed.");
    expect(references.fields).toEqual({
      "prices.0.pharmacyId": 'Pharmacy "no-such-pharmacy" not found',
      "prices.1.dosage":
        '"99mg" is not a dosage of Grid Check: choose one of 10mg x 4 tablets and 20mg x 4 tablets',
      "prices.2.dosage":
        '"99mg" is not a dosage of Grid Check: choose one of 10mg x 4 tablets and 20mg x 4 tablets',
    });
  });
});

describe("PUT /api/admin/medications/{id}", () => {
  it("switches it off with only { active } (gone from the public reads) and on again", async () => {
    const off = await call(adminEndpoints.updateMedication, {
      params: { id: "testarin" },
      body: { active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      medication: { id: "testarin", active: false, name: "Testarin", priceCount: 3 },
    });
    const hidden = await api.get(urlOf(publicEndpoints.getMedication, { params: { id: "testarin" } }));
    expect(hidden.status).toBe(404);
    const audit = AuditPage.parse(
      (
        await call(adminEndpoints.listAuditEntries, {
          query: { entityType: "medication", action: "status_change" },
        })
      ).body,
    );
    expect(audit.entries[0]).toMatchObject({
      entityId: "testarin",
      changes: { active: { from: true, to: false } },
    });
    const on = await call(adminEndpoints.updateMedication, {
      params: { id: "testarin" },
      body: { active: true },
    });
    expect(on.body).toMatchObject({ medication: { active: true } });
    expect((await api.get(urlOf(publicEndpoints.getMedication, { params: { id: "testarin" } }))).status).toBe(
      200,
    );
  });

  it("saves the whole grid: cells set (stock and quantity kept), others removed; the public Best follows", async () => {
    // Out of stock and 3 packs at Bramblewick: a grid save must keep both.
    await call(adminEndpoints.updatePrice, {
      params: { id: (await formData("testarin")).prices[0]?._id ?? "" },
      body: { inStock: false, quantity: 3 },
    });
    const before = await conditionPage("Testarin", "10mg x 4 tablets");
    expect(before.comparison?.prices.find((price) => price.isBest)?.pharmacyId).toBe("bramblewick-chemist");

    const res = await call(adminEndpoints.updateMedication, {
      params: { id: "testarin" },
      body: {
        prices: [
          { pharmacyId: "kestrel-lane-pharmacy", dosage: "10mg x 4 tablets", price: 15.49 },
          { pharmacyId: "bramblewick-chemist", dosage: "10mg x 4 tablets", price: 17.5 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ medication: { priceCount: 2 } });
    const data = await formData("testarin");
    expect(
      data.prices.map((price) => [
        price.pharmacyId,
        price.dosage,
        price.price,
        price.inStock,
        price.quantity,
        price.link,
      ]),
    ).toEqual([
      ["bramblewick-chemist", "10mg x 4 tablets", 17.5, false, 3, null],
      // A cell without a link keeps the stored one.
      [
        "kestrel-lane-pharmacy",
        "10mg x 4 tablets",
        15.49,
        true,
        1,
        "https://www.kestrellanepharmacy.example/t",
      ],
    ]);
    const after = await conditionPage("Testarin", "10mg x 4 tablets");
    expect(after.comparison?.prices.map((price) => [price.pharmacyId, price.isBest])).toEqual([
      ["kestrel-lane-pharmacy", true],
      ["bramblewick-chemist", false],
    ]);
  });

  it("fires a confirmed alert the grid's new price reaches, and queues its email", async () => {
    const alertId = await confirmedAlert(api, {
      medicationId: "testarin",
      medicationName: "Testarin",
      dosage: "10mg x 4 tablets",
      targetPrice: 12,
      currentPrice: 15.49,
    });
    const res = await call(adminEndpoints.updateMedication, {
      params: { id: "testarin" },
      body: {
        prices: [
          { pharmacyId: "kestrel-lane-pharmacy", dosage: "10mg x 4 tablets", price: 11.99 },
          { pharmacyId: "bramblewick-chemist", dosage: "10mg x 4 tablets", price: 17.5 },
        ],
      },
    });
    expect(res.status).toBe(200);
    const [alert] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alertId));
    expect(alert).toMatchObject({
      status: "triggered",
      lowestPharmacyName: "Kestrel Lane Pharmacy",
      lowestPharmacyPrice: 11.99,
    });
    const emails = await api.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.priceAlertId, alertId));
    expect(emails.map((email) => email.template)).toContain("price-drop");
  });

  it("removes the rows of a dosage it no longer lists", async () => {
    const res = await call(adminEndpoints.updateMedication, {
      params: { id: "testarin" },
      body: { dosage: ["20mg x 4 tablets", "40mg x 4 tablets"] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      medication: { dosage: ["20mg x 4 tablets", "40mg x 4 tablets"], priceCount: 0 },
    });
    await call(adminEndpoints.updateMedication, {
      params: { id: "testarin" },
      body: {
        dosage: ["10mg x 4 tablets", "20mg x 4 tablets"],
        prices: [{ pharmacyId: "kestrel-lane-pharmacy", dosage: "10mg x 4 tablets", price: 14 }],
      },
    });
  });

  it("checks a new category and subcategory together", async () => {
    const wrong = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updateMedication, {
          params: { id: "testarin" },
          body: { category: "skin-treatment" },
        }),
      400,
    );
    expect(wrong.fields).toEqual({ subcategory: expect.stringContaining("is not in Skin Treatment") });
    const moved = await call(adminEndpoints.updateMedication, {
      params: { id: "testarin" },
      body: { category: "skin-treatment", subcategory: "acne" },
    });
    expect(moved.body).toMatchObject({ medication: { category: "skin-treatment", subcategory: "acne" } });
    await call(adminEndpoints.updateMedication, {
      params: { id: "testarin" },
      body: { category: "mens-health", subcategory: "erectile-dysfunction" },
    });
  });

  it("refuses, changing nothing: a changed id, a bad grid cell, a blank name; 404 for an unknown id", async () => {
    const id = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.updateMedication, { params: { id: "testarin" }, body: { id: "renamed" } }),
      400,
    );
    expect(id.fields).toEqual({ id: 'The id of "Testarin" cannot be changed' });
    const grid = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updateMedication, {
          params: { id: "testarin" },
          body: {
            name: "Renamed",
            prices: [
              { pharmacyId: "kestrel-lane-pharmacy", dosage: "10mg x 4 tablets", price: 9 },
              { pharmacyId: "kestrel-lane-pharmacy", dosage: "10mg x 4 tablets", price: 8 },
            ],
          },
        }),
      400,
    );
    expect(grid.fields).toEqual({
      "prices.1.dosage": "repeats row 0: the same medication, pharmacy and dosage",
    });
    await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.updateMedication, { params: { id: "testarin" }, body: { name: "" } }),
      400,
    );
    const missing = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.updateMedication, { params: { id: "nope" }, body: { active: false } }),
      404,
    );
    expect(missing.error).toBe('Medication "nope" not found');
  });
});

describe("a medication's legal category (decision 035)", () => {
  it("is saved on create and changed on update, audited, and the public reads carry it", async () => {
    const created = await call(adminEndpoints.createMedication, {
      body: newMedication({ name: "Legalin", legalCategory: "P", prices: [] }),
    });
    expect(created.status).toBe(201);
    expect((await formData("legalin")).medication.legalCategory).toBe("P");

    const changed = await call(adminEndpoints.updateMedication, {
      params: { id: "legalin" },
      body: { legalCategory: "GSL" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      medication: { id: "legalin", legalCategory: "GSL", name: "Legalin" },
    });
    const [stored] = await api.database.db
      .select({ legalCategory: medications.legalCategory })
      .from(medications)
      .where(eq(medications.id, "legalin"));
    expect(stored?.legalCategory).toBe("GSL");
    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "medication", action: "update" } }))
        .body,
    );
    expect(audit.entries[0]).toMatchObject({
      entityId: "legalin",
      changes: { legalCategory: { from: "P", to: "GSL" } },
    });
    const publicRead = await api.get(urlOf(publicEndpoints.getMedication, { params: { id: "legalin" } }));
    expect(publicRead.body).toMatchObject({ id: "legalin", legalCategory: "GSL" });
    await call(adminEndpoints.deleteMedication, { params: { id: "legalin" } });
  });

  it("refuses a value outside POM, P and GSL with a 400 naming the field, changing nothing", async () => {
    const created = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createMedication, {
          body: newMedication({ name: "Unclassified", legalCategory: "Prescription", prices: [] }),
        }),
      400,
    );
    expect(created.fields).toEqual({ legalCategory: "must be POM, P or GSL" });
    const lowerCase = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updateMedication, { params: { id: "viagra" }, body: { legalCategory: "pom" } }),
      400,
    );
    expect(lowerCase.fields).toEqual({ legalCategory: "must be POM, P or GSL" });
  });
});

describe("DELETE /api/admin/medications/{id}", () => {
  it("removes it with its prices, price alerts (unsent emails cancelled) and admin messages", async () => {
    const alertId = await confirmedAlert(api, {
      medicationId: "testarin",
      medicationName: "Testarin",
      dosage: "10mg x 4 tablets",
      targetPrice: 5,
      currentPrice: 14,
    });
    const [queued] = await api.database.db
      .insert(emailOutbox)
      .values({
        idempotencyKey: `test-${alertId}`,
        messageId: `<test-${alertId}@example>`,
        template: "alert-confirmation",
        toAddress: "someone@example.co.uk",
        subject: "Confirm",
        textBody: "Confirm",
        priceAlertId: alertId,
      })
      .returning({ id: emailOutbox.id });
    await call(adminEndpoints.createAdminMessage, {
      body: { medicationId: "testarin", title: "Note", message: "A note" },
    });
    const priceRows = await api.database.db.select().from(prices).where(eq(prices.medicationId, "testarin"));
    const alerts = await api.database.db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.medicationId, "testarin"));

    const res = await call(adminEndpoints.deleteMedication, { params: { id: "testarin" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: `Testarin deleted with ${priceRows.length} price${priceRows.length === 1 ? "" : "s"}`,
      removedPrices: priceRows.length,
      removedAlerts: alerts.length,
      removedMessages: 1,
    });
    expect(await api.database.db.select().from(prices).where(eq(prices.medicationId, "testarin"))).toEqual(
      [],
    );
    expect(
      await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.medicationId, "testarin")),
    ).toEqual([]);
    expect(
      await api.database.db.select().from(adminMessages).where(eq(adminMessages.medicationId, "testarin")),
    ).toEqual([]);
    const [email] = await api.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, queued?.id ?? ""));
    expect(email?.status).toBe("cancelled");
    expect((await call(adminEndpoints.getAdminMedication, { params: { id: "testarin" } })).status).toBe(404);
    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "medication", action: "delete" } }))
        .body,
    );
    expect(audit.entries[0]).toMatchObject({
      entityId: "testarin",
      changes: { removedPrices: priceRows.length },
    });
  });

  it("answers 404 for an unknown medication", async () => {
    const res = await call(adminEndpoints.deleteMedication, { params: { id: "testarin" } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Medication "testarin" not found' });
  });
});
