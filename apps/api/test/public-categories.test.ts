import { Category, publicEndpoints, Subcategory } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCategories } from "../src/demo-data/index.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("GET /api/categories/{id}", () => {
  it("answers one category with its active subcategories in display order", async () => {
    const { status, body } = await api.get(
      urlOf(publicEndpoints.getCategory, { params: { id: "womens-health" } }),
    );
    expect(status).toBe(200);
    const category = Category.parse(body);
    const demo = demoCategories.find((c) => c.id === "womens-health");
    expect(category).toMatchObject({ id: "womens-health", name: demo?.name, active: true });
    expect(category.subcategories).toEqual(
      demo?.subcategories.map((s) => ({ ...s, categoryId: "womens-health", active: true })),
    );
  });

  it("answers a category without subcategories with an empty list", async () => {
    const category = Category.parse(
      (await api.get(urlOf(publicEndpoints.getCategory, { params: { id: "general-health" } }))).body,
    );
    expect(category.subcategories).toEqual([]);
  });

  it("leaves out inactive subcategories", async () => {
    await api.withSql(
      "update subcategories set active = false where id = 'cystitis'",
      "update subcategories set active = true where id = 'cystitis'",
      async () => {
        const category = Category.parse(
          (await api.get(urlOf(publicEndpoints.getCategory, { params: { id: "womens-health" } }))).body,
        );
        expect(category.subcategories.map((s) => s.id)).not.toContain("cystitis");
      },
    );
  });

  it("answers 404 for an unknown or inactive category", async () => {
    expect(await api.get(urlOf(publicEndpoints.getCategory, { params: { id: "pets" } }))).toEqual({
      status: 404,
      body: { error: 'Category "pets" not found', code: "not_found" },
    });
    await api.withSql(
      "update categories set active = false where id = 'weight-loss'",
      "update categories set active = true where id = 'weight-loss'",
      async () => {
        expect(
          (await api.get(urlOf(publicEndpoints.getCategory, { params: { id: "weight-loss" } }))).status,
        ).toBe(404);
      },
    );
  });
});

describe("GET /api/categories/{id}/{subId}", () => {
  it("answers one subcategory of the category", async () => {
    const { status, body } = await api.get(
      urlOf(publicEndpoints.getSubcategory, { params: { id: "mens-health", subId: "hair-loss" } }),
    );
    expect(status).toBe(200);
    const demo = demoCategories
      .find((c) => c.id === "mens-health")
      ?.subcategories.find((s) => s.id === "hair-loss");
    expect(Subcategory.parse(body)).toEqual({ ...demo, categoryId: "mens-health", active: true });
  });

  it("answers 404 when the subcategory belongs to another category, or is unknown", async () => {
    expect(
      await api.get(urlOf(publicEndpoints.getSubcategory, { params: { id: "mens-health", subId: "acne" } })),
    ).toEqual({
      status: 404,
      body: { error: 'Subcategory "acne" not found in category "mens-health"', code: "not_found" },
    });
    expect(
      (
        await api.get(
          urlOf(publicEndpoints.getSubcategory, { params: { id: "mens-health", subId: "nothing" } }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await api.get(urlOf(publicEndpoints.getSubcategory, { params: { id: "nothing", subId: "acne" } })))
        .status,
    ).toBe(404);
  });

  it("answers 404 when the subcategory or its category is inactive", async () => {
    await api.withSql(
      "update subcategories set active = false where id = 'acne'",
      "update subcategories set active = true where id = 'acne'",
      async () => {
        expect(
          (
            await api.get(
              urlOf(publicEndpoints.getSubcategory, { params: { id: "skin-treatment", subId: "acne" } }),
            )
          ).status,
        ).toBe(404);
      },
    );
    await api.withSql(
      "update categories set active = false where id = 'skin-treatment'",
      "update categories set active = true where id = 'skin-treatment'",
      async () => {
        expect(
          (
            await api.get(
              urlOf(publicEndpoints.getSubcategory, { params: { id: "skin-treatment", subId: "acne" } }),
            )
          ).status,
        ).toBe(404);
      },
    );
  });
});
