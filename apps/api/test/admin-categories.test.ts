import {
  AdminCategory,
  AuditPage,
  adminEndpoints,
  CATEGORY_TREE,
  Category,
  publicEndpoints,
  SubcategoryCreated,
} from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { catalogueCaller, expectRefusedUnchanged } from "./catalogue-helpers.ts";
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

const CategoryBody = z.object({ category: AdminCategory });

async function tree() {
  const res = await call(adminEndpoints.listAdminCategories);
  expect(res.status).toBe(200);
  return z.object({ categories: z.array(AdminCategory) }).parse(res.body).categories;
}

describe("GET /api/admin/categories", () => {
  it("answers the whole tree in display order, inactive entries too, with medication counts", async () => {
    await call(adminEndpoints.updateSubcategory, {
      params: { id: "skin-treatment", subId: "impetigo" },
      body: { active: false },
    });
    const categories = await tree();
    expect(categories.map((category) => category.id)).toEqual(CATEGORY_TREE.map((category) => category.id));
    const skin = categories.find((category) => category.id === "skin-treatment");
    expect(skin?.subcategories.find((entry) => entry.id === "impetigo")).toMatchObject({
      active: false,
      categoryId: "skin-treatment",
      description: expect.any(String),
    });
    const mens = categories.find((category) => category.id === "mens-health");
    expect(mens?.medicationCount).toBe(
      mens?.subcategories.reduce((sum, entry) => sum + entry.medicationCount, 0),
    );
    expect(mens?.medicationCount).toBeGreaterThan(0);
    // The public tree leaves the inactive one out.
    const publicTree = z.array(Category).parse((await api.get(urlOf(publicEndpoints.listCategories))).body);
    const publicSkin = publicTree.find((category) => category.id === "skin-treatment");
    expect(publicSkin?.subcategories.map((entry) => entry.id)).not.toContain("impetigo");
    await call(adminEndpoints.updateSubcategory, {
      params: { id: "skin-treatment", subId: "impetigo" },
      body: { active: true },
    });
  });
});

describe("POST /api/admin/categories", () => {
  it("adds a category last, its id from its name, audited", async () => {
    const res = await call(adminEndpoints.createCategory, { body: { name: "Travel Health" } });
    expect(res.status).toBe(201);
    expect(CategoryBody.parse(res.body).category).toEqual({
      id: "travel-health",
      name: "Travel Health",
      active: true,
      medicationCount: 0,
      subcategories: [],
    });
    expect((await tree()).at(-1)?.id).toBe("travel-health");
    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "category", action: "create" } }))
        .body,
    );
    expect(audit.entries[0]).toMatchObject({ entityId: "travel-health" });
  });

  it("refuses a taken id (409) and a blank name, changing nothing", async () => {
    const taken = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.createCategory, { body: { name: "Mens Health", id: "mens-health" } }),
      409,
    );
    expect(taken.fields).toEqual({ id: 'A category with the id "mens-health" already exists' });
    const fromName = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.createCategory, { body: { name: "Travel health" } }),
      409,
    );
    expect(fromName.fields).toEqual({ name: 'A category with the id "travel-health" already exists' });
    const blank = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.createCategory, { body: { name: " " } }),
      400,
    );
    expect(blank.fields).toEqual({ name: "is required" });
  });
});

describe("POST /api/admin/categories/{id}/subcategories", () => {
  it("adds a subcategory by name, its id slugged from the name, and answers it with its category", async () => {
    const res = await call(adminEndpoints.createSubcategory, {
      params: { id: "travel-health" },
      body: { name: "Malaria Prevention!" },
    });
    expect(res.status).toBe(201);
    const created = SubcategoryCreated.parse(res.body);
    expect(created.subcategory).toEqual({
      id: "malaria-prevention",
      name: "Malaria Prevention!",
      description: "",
      categoryId: "travel-health",
      active: true,
      medicationCount: 0,
    });
    expect(created.category.subcategories.map((entry) => entry.id)).toEqual(["malaria-prevention"]);
    // A medication can go in it at once.
    const medication = await call(adminEndpoints.createMedication, {
      body: {
        name: "Malarone",
        category: "travel-health",
        subcategory: "malaria-prevention",
        dosage: ["12 tablets"],
      },
    });
    expect(medication.status).toBe(201);
  });

  it("refuses a blank name with the form's sentence, a taken id with 409, and an unknown category with 404", async () => {
    for (const name of ["", "   ", undefined]) {
      const blank = await expectRefusedUnchanged(
        api,
        () => call(adminEndpoints.createSubcategory, { params: { id: "travel-health" }, body: { name } }),
        400,
      );
      expect(blank).toMatchObject({
        error: "Please enter a subcategory name",
        fields: { name: "Please enter a subcategory name" },
      });
    }
    const taken = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createSubcategory, { params: { id: "travel-health" }, body: { name: "Acne" } }),
      409,
    );
    expect(taken.error).toBe('A subcategory with the id "acne" already exists');
    const unknown = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.createSubcategory, { params: { id: "nowhere" }, body: { name: "X" } }),
      404,
    );
    expect(unknown.error).toBe('Category "nowhere" not found');
  });
});

describe("PUT /api/admin/categories/{id}", () => {
  it("renames and switches off (its conditions leave the public site), then on", async () => {
    const renamed = await call(adminEndpoints.updateCategory, {
      params: { id: "travel-health" },
      body: { name: "Travel Clinic" },
    });
    expect(CategoryBody.parse(renamed.body).category).toMatchObject({ name: "Travel Clinic", active: true });
    const off = await call(adminEndpoints.updateCategory, {
      params: { id: "travel-health" },
      body: { active: false },
    });
    expect(CategoryBody.parse(off.body).category.active).toBe(false);
    const page = urlOf(publicEndpoints.conditionPage, { params: { subcategoryId: "malaria-prevention" } });
    expect((await api.get(page)).status).toBe(404);
    await call(adminEndpoints.updateCategory, { params: { id: "travel-health" }, body: { active: true } });
    expect((await api.get(page)).status).toBe(200);
  });

  it("answers 404 for an unknown category and 400 for a blank name, changing nothing", async () => {
    await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.updateCategory, { params: { id: "nowhere" }, body: { active: true } }),
      404,
    );
    await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.updateCategory, { params: { id: "travel-health" }, body: { name: "" } }),
      400,
    );
  });
});

describe("PUT /api/admin/categories/{id}/subcategories/{subId}", () => {
  it("renames, describes and switches a subcategory, audited", async () => {
    const res = await call(adminEndpoints.updateSubcategory, {
      params: { id: "travel-health", subId: "malaria-prevention" },
      body: { name: "Malaria", description: "Tablets taken before, during and after a trip." },
    });
    expect(res.status).toBe(200);
    expect(SubcategoryCreated.parse(res.body).subcategory).toMatchObject({
      id: "malaria-prevention",
      name: "Malaria",
      description: "Tablets taken before, during and after a trip.",
      active: true,
      medicationCount: 1,
    });
    const audit = AuditPage.parse(
      (
        await call(adminEndpoints.listAuditEntries, {
          query: { entityType: "subcategory", action: "update" },
        })
      ).body,
    );
    expect(audit.entries[0]).toMatchObject({
      entityId: "malaria-prevention",
      changes: { name: { from: "Malaria Prevention!", to: "Malaria" } },
    });
    await call(adminEndpoints.updateSubcategory, {
      params: { id: "travel-health", subId: "malaria-prevention" },
      body: { name: "Malaria Prevention!" },
    });
  });

  it("refuses a blank name and answers 404 for a subcategory of another category, changing nothing", async () => {
    const blank = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updateSubcategory, {
          params: { id: "travel-health", subId: "malaria-prevention" },
          body: { name: "" },
        }),
      400,
    );
    expect(blank.fields).toEqual({ name: "is required" });
    const elsewhere = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updateSubcategory, {
          params: { id: "mens-health", subId: "acne" },
          body: { active: false },
        }),
      404,
    );
    expect(elsewhere.error).toBe('Subcategory "acne" not found in category "mens-health"');
  });
});

describe("DELETE /api/admin/categories/{id} and its subcategories", () => {
  it("refuses while medications use it, saying how many, changing nothing", async () => {
    const category = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.deleteCategory, { params: { id: "travel-health" } }),
      409,
    );
    expect(category).toMatchObject({
      error: "Travel Clinic cannot be deleted: 1 medication is in it. Move or delete them first.",
      code: "still_referenced",
    });
    const subcategory = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.deleteSubcategory, {
          params: { id: "travel-health", subId: "malaria-prevention" },
        }),
      409,
    );
    expect(subcategory.error).toBe(
      "Malaria Prevention! cannot be deleted: 1 medication is in it. Move or delete them first.",
    );
    const mens = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.deleteCategory, { params: { id: "mens-health" } }),
      409,
    );
    expect(mens.error).toMatch(/^Men's Health cannot be deleted: \d+ medications are in it\./);
  });

  it("deletes it with its subcategories once empty, audited; 404 afterwards", async () => {
    await call(adminEndpoints.deleteMedication, { params: { id: "malarone" } });
    await call(adminEndpoints.createSubcategory, {
      params: { id: "travel-health" },
      body: { name: "Altitude" },
    });
    const res = await call(adminEndpoints.deleteCategory, { params: { id: "travel-health" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Travel Clinic deleted" });
    expect((await tree()).map((category) => category.id)).not.toContain("travel-health");
    const again = await call(adminEndpoints.deleteCategory, { params: { id: "travel-health" } });
    expect(again.status).toBe(404);
    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "category", action: "delete" } }))
        .body,
    );
    expect(audit.entries[0]).toMatchObject({
      entityId: "travel-health",
      changes: { subcategories: ["malaria-prevention", "altitude"] },
    });
  });

  it("deletes an empty subcategory; 404 for one of another category", async () => {
    await call(adminEndpoints.createSubcategory, {
      params: { id: "general-health" },
      body: { name: "Hay Fever" },
    });
    const wrong = await call(adminEndpoints.deleteSubcategory, {
      params: { id: "skin-treatment", subId: "hay-fever" },
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({
      error: 'Subcategory "hay-fever" not found in category "skin-treatment"',
    });
    const res = await call(adminEndpoints.deleteSubcategory, {
      params: { id: "general-health", subId: "hay-fever" },
    });
    expect(res.body).toEqual({ message: "Hay Fever deleted" });
  });
});
