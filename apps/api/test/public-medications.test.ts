import {
  ErrorBody,
  Medication,
  MedicationComparison,
  PUBLIC_API_LIMITS,
  publicEndpoints,
} from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { medications } from "../src/db/schema.ts";
import {
  buildDemoPrices,
  DEMO_CONSULTATION_URLS,
  DEMO_REFERRAL_PARAMS,
  demoMedications,
  demoPharmacies,
  isListedDemoRow,
} from "../src/demo-data/index.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const MedicationList = z.array(Medication);
const demoPrices = buildDemoPrices(demoMedications, demoPharmacies);
/** The API's name order: case-insensitive, by code point, then id. */
const byName = (a: { name: string; id: string }, b: { name: string; id: string }) => {
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};
const sortedDemo = [...demoMedications].sort(byName);

describe("GET /api/medications", () => {
  it("lists active medications by name with the contract's field names, 100 by default", async () => {
    const { status, body } = await api.get(urlOf(publicEndpoints.listMedications));
    expect(status).toBe(200);
    const list = MedicationList.parse(body);
    expect(list.map((m) => m.id)).toEqual(sortedDemo.slice(0, 100).map((m) => m.id));
    const viagra = list.find((m) => m.id === "viagra");
    expect(viagra).toEqual({
      id: "viagra",
      _id: "viagra",
      name: "Viagra",
      genericName: "Sildenafil",
      category: "mens-health",
      subcategory: "erectile-dysfunction",
      form: "Tablets",
      description: demoMedications.find((m) => m.id === "viagra")?.description,
      dosage: [
        "25mg x 4 tablets",
        "50mg x 4 tablets",
        "100mg x 4 tablets",
        "50mg x 8 tablets",
        "100mg x 8 tablets",
      ],
      active: true,
      legalCategory: "POM",
    });
    // A medication without a generic name leaves the optional field out.
    const eroxon = list.find((m) => m.id === "eroxon");
    expect(eroxon && "genericName" in eroxon).toBe(false);
    // Each carries its legal category (decision 035), as the demo catalogue gives it.
    expect(list.find((m) => m.id === "viagra-connect")?.legalCategory).toBe("P");
    expect(eroxon?.legalCategory).toBe("GSL");
  });

  it("pages with limit and offset", async () => {
    const page = MedicationList.parse(
      (await api.get(urlOf(publicEndpoints.listMedications, { query: { limit: 5, offset: 3 } }))).body,
    );
    expect(page.map((m) => m.id)).toEqual(sortedDemo.slice(3, 8).map((m) => m.id));
    const all = MedicationList.parse(
      (await api.get(urlOf(publicEndpoints.listMedications, { query: { limit: 1000 } }))).body,
    );
    expect(all).toHaveLength(demoMedications.length);
    const beyond = await api.get(urlOf(publicEndpoints.listMedications, { query: { offset: 5000 } }));
    expect(beyond).toEqual({ status: 200, body: [] });
  });

  it("answers at most 100 without a limit, and up to 1000 with one", async () => {
    const extra = Array.from({ length: 30 }, (_, i) => ({
      id: `test-extra-${i}`,
      name: `Test Extra ${String(i).padStart(2, "0")}`,
      categoryId: "mens-health",
      subcategoryId: "hair-loss",
      form: "Tablets",
      dosages: ["1 pack"],
    }));
    await api.database.db.insert(medications).values(extra);
    try {
      const all = [...demoMedications, ...extra.map((m) => ({ id: m.id, name: m.name }))].sort(byName);
      const firstPage = MedicationList.parse((await api.get(urlOf(publicEndpoints.listMedications))).body);
      expect(firstPage.map((m) => m.id)).toEqual(all.slice(0, 100).map((m) => m.id));
      const everything = MedicationList.parse(
        (await api.get(urlOf(publicEndpoints.listMedications, { query: { limit: 1000 } }))).body,
      );
      expect(everything).toHaveLength(all.length);
    } finally {
      await api.database.db.execute("delete from medications where id like 'test-extra-%'");
    }
  });

  it("filters by category and by subcategory", async () => {
    const acne = MedicationList.parse(
      (await api.get(urlOf(publicEndpoints.listMedications, { query: { subcategory: "acne" } }))).body,
    );
    expect(acne.map((m) => m.id)).toEqual(
      sortedDemo.filter((m) => m.subcategory === "acne").map((m) => m.id),
    );
    const womens = MedicationList.parse(
      (await api.get(urlOf(publicEndpoints.listMedications, { query: { category: "womens-health" } }))).body,
    );
    expect(womens.map((m) => m.id)).toEqual(
      sortedDemo.filter((m) => m.category === "womens-health").map((m) => m.id),
    );
    const both = await api.get(
      urlOf(publicEndpoints.listMedications, { query: { category: "womens-health", subcategory: "acne" } }),
    );
    expect(both).toEqual({ status: 200, body: [] });
    expect(
      (await api.get(urlOf(publicEndpoints.listMedications, { query: { category: "no-such-category" } })))
        .body,
    ).toEqual([]);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=abc", "limit"],
    ["limit=1001", "limit"],
    ["limit=2.5", "limit"],
    ["offset=-1", "offset"],
    ["offset=abc", "offset"],
    ["category=", "category"],
  ])("answers 400 naming the parameter for ?%s", async (query, name) => {
    const { status, body } = await api.get(`/api/medications?${query}`);
    expect(status).toBe(400);
    const refusal = ErrorBody.parse(body);
    expect(refusal.error).toContain(`query parameter "${name}"`);
    expect(refusal.code).toBe("invalid_request");
    expect(Object.keys(refusal.fields ?? {})).toEqual([name]);
  });

  it("hides inactive medications, and medications of an inactive subcategory or category", async () => {
    await api.withSql(
      "update medications set active = false where id = 'viagra'",
      "update medications set active = true where id = 'viagra'",
      async () => {
        const list = MedicationList.parse(
          (await api.get(urlOf(publicEndpoints.listMedications, { query: { limit: 1000 } }))).body,
        );
        expect(list.map((m) => m.id)).not.toContain("viagra");
        expect(list).toHaveLength(demoMedications.length - 1);
      },
    );
    await api.withSql(
      "update subcategories set active = false where id = 'acne'",
      "update subcategories set active = true where id = 'acne'",
      async () => {
        const list = MedicationList.parse(
          (await api.get(urlOf(publicEndpoints.listMedications, { query: { limit: 1000 } }))).body,
        );
        expect(list.filter((m) => m.subcategory === "acne")).toEqual([]);
      },
    );
    await api.withSql(
      "update categories set active = false where id = 'weight-loss'",
      "update categories set active = true where id = 'weight-loss'",
      async () => {
        const list = MedicationList.parse(
          (await api.get(urlOf(publicEndpoints.listMedications, { query: { limit: 1000 } }))).body,
        );
        expect(list.filter((m) => m.category === "weight-loss")).toEqual([]);
        expect(
          (await api.get(urlOf(publicEndpoints.getMedication, { params: { id: "wegovy" } }))).status,
        ).toBe(404);
      },
    );
  });
});

describe("GET /api/medications/by-subcategory/{id}", () => {
  it("lists the subcategory's active medications by name", async () => {
    const { status, body } = await api.get(
      urlOf(publicEndpoints.listMedicationsBySubcategory, { params: { id: "erectile-dysfunction" } }),
    );
    expect(status).toBe(200);
    expect(MedicationList.parse(body).map((m) => m.id)).toEqual(
      sortedDemo.filter((m) => m.subcategory === "erectile-dysfunction").map((m) => m.id),
    );
  });

  it("answers [] for a subcategory with no active medications", async () => {
    await api.withSql(
      "update medications set active = false where subcategory_id = 'impetigo'",
      "update medications set active = true where subcategory_id = 'impetigo'",
      async () => {
        expect(
          await api.get(urlOf(publicEndpoints.listMedicationsBySubcategory, { params: { id: "impetigo" } })),
        ).toEqual({
          status: 200,
          body: [],
        });
      },
    );
  });

  it("answers 404 for an unknown or inactive subcategory", async () => {
    expect(
      await api.get(
        urlOf(publicEndpoints.listMedicationsBySubcategory, { params: { id: "no-such-condition" } }),
      ),
    ).toEqual({
      status: 404,
      body: { error: 'Subcategory "no-such-condition" not found', code: "not_found" },
    });
    await api.withSql(
      "update subcategories set active = false where id = 'rosacea'",
      "update subcategories set active = true where id = 'rosacea'",
      async () => {
        expect(
          (await api.get(urlOf(publicEndpoints.listMedicationsBySubcategory, { params: { id: "rosacea" } })))
            .status,
        ).toBe(404);
      },
    );
  });
});

describe("GET /api/medications/{id}", () => {
  it("answers one medication", async () => {
    const { status, body } = await api.get(
      urlOf(publicEndpoints.getMedication, { params: { id: "mounjaro" } }),
    );
    expect(status).toBe(200);
    const medication = Medication.parse(body);
    const demo = demoMedications.find((m) => m.id === "mounjaro");
    expect(medication).toMatchObject({
      id: "mounjaro",
      _id: "mounjaro",
      name: demo?.name,
      dosage: demo?.dosage,
    });
  });

  it("answers { error } for an id too long for the router or a malformed one", async () => {
    expect(await api.get(urlOf(publicEndpoints.getMedication, { params: { id: "x".repeat(101) } }))).toEqual({
      status: 414,
      body: { error: "A path parameter is longer than 100 characters", code: "invalid_request" },
    });
    expect(await api.get("/api/medications/%E0%A4%A")).toEqual({
      status: 400,
      body: { error: "Malformed URL", code: "invalid_request" },
    });
  });

  it("answers 404 for an unknown or inactive medication", async () => {
    expect(await api.get(urlOf(publicEndpoints.getMedication, { params: { id: "no-such-pill" } }))).toEqual({
      status: 404,
      body: { error: 'Medication "no-such-pill" not found', code: "not_found" },
    });
    await api.withSql(
      "update medications set active = false where id = 'cialis'",
      "update medications set active = true where id = 'cialis'",
      async () => {
        expect(await api.get(urlOf(publicEndpoints.getMedication, { params: { id: "cialis" } }))).toEqual({
          status: 404,
          body: { error: 'Medication "cialis" not found', code: "not_found" },
        });
      },
    );
  });
});

describe("GET /api/medications/{id}/comparison", () => {
  // A dosage with at least one out-of-stock offer, so both kinds are exercised.
  const sample = demoPrices.find((p) => !p.inStock);
  if (!sample) throw new Error("the demo prices have no out-of-stock row");
  // Every listed price: the demo's designated hidden rows are gone from it (decision 053).
  const expected = demoPrices.filter(
    (p) => p.medicationId === sample.medicationId && p.dosage === sample.dosage && isListedDemoRow(p),
  );

  it("answers the medication with every price for the dosage, cheapest first, lowest and savings", async () => {
    const { status, body } = await api.get(
      urlOf(publicEndpoints.compareMedication, {
        params: { id: sample.medicationId },
        query: { dosage: sample.dosage },
      }),
    );
    expect(status).toBe(200);
    const comparison = MedicationComparison.parse(body);
    expect(comparison.medication.id).toBe(sample.medicationId);
    expect(comparison.dosage).toBe(sample.dosage);
    expect(comparison.prices).toHaveLength(expected.length);
    expect(comparison.prices.some((p) => !p.inStock)).toBe(true);
    const amounts = comparison.prices.map((p) => p.price);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect([...amounts].sort((a, b) => a - b)).toEqual(expected.map((p) => p.price).sort((a, b) => a - b));
    for (const price of comparison.prices) {
      const pharmacy = demoPharmacies.find((p) => p.id === price.pharmacyId);
      expect(price.pharmacy).toEqual({
        id: pharmacy?.id,
        name: pharmacy?.name,
        website: pharmacy?.website,
        rating: pharmacy?.rating,
        deliveryTime: pharmacy?.deliveryTime,
        prescriptionRequired: pharmacy?.prescriptionRequired,
        gphcNumber: pharmacy?.gphcNumber,
        deliveryFee: pharmacy?.deliveryFee,
        freeDeliveryThreshold: pharmacy?.freeDeliveryThreshold,
        minOrderValue: pharmacy?.minOrderValue,
        consultationFee: pharmacy?.consultationFee ?? 0,
        consultationFeeBasis: pharmacy?.consultationFeeBasis ?? "per-order",
        // Sponsored: the demo pharmacies with referral parameters (decisions 044, 053).
        sponsored: price.pharmacyId in DEMO_REFERRAL_PARAMS,
        // The demo pharmacies with a consultation address (decision 058).
        startsAtConsultation: price.pharmacyId in DEMO_CONSULTATION_URLS,
      });
      expect(price).toMatchObject({ medicationId: sample.medicationId, dosage: sample.dosage, quantity: 1 });
    }
    const inStock = expected.filter((p) => p.inStock).map((p) => p.price);
    expect(comparison.lowest?.price).toBe(Math.min(...inStock));
    expect(comparison.lowest?.inStock).toBe(true);
    expect(comparison.savings).toBe(Math.round((Math.max(...inStock) - Math.min(...inStock)) * 100) / 100);
  });

  it("answers 400 naming dosage when it is missing, empty or not one of the medication's", async () => {
    for (const url of [
      "/api/medications/viagra/comparison",
      "/api/medications/viagra/comparison?dosage=",
      urlOf(publicEndpoints.compareMedication, {
        params: { id: "viagra" },
        query: { dosage: "5000mg x 1 tablet" },
      }),
    ]) {
      const { status, body } = await api.get(url);
      expect(status, url).toBe(400);
      const refusal = ErrorBody.parse(body);
      expect(refusal.error).toContain('query parameter "dosage"');
      expect(refusal).toMatchObject({ code: "invalid_request", fields: { dosage: expect.any(String) } });
    }
  });

  it("answers 404 for an unknown medication", async () => {
    expect(
      (
        await api.get(
          urlOf(publicEndpoints.compareMedication, { params: { id: "nope" }, query: { dosage: "50mg" } }),
        )
      ).status,
    ).toBe(404);
  });

  it("leaves out prices of inactive pharmacies", async () => {
    const hidden = expected[0]?.pharmacyId ?? "";
    await api.withSql(
      `update pharmacies set active = false where id = '${hidden}'`,
      `update pharmacies set active = true where id = '${hidden}'`,
      async () => {
        const comparison = MedicationComparison.parse(
          (
            await api.get(
              urlOf(publicEndpoints.compareMedication, {
                params: { id: sample.medicationId },
                query: { dosage: sample.dosage },
              }),
            )
          ).body,
        );
        expect(comparison.prices).toHaveLength(expected.length - 1);
        expect(comparison.prices.map((p) => p.pharmacyId)).not.toContain(hidden);
      },
    );
  });
});

describe("GET /api/medications/search/{query}", () => {
  const tooShort = {
    error: "Search term must be at least 2 characters",
    code: "invalid_request",
    fields: { query: "Search term must be at least 2 characters" },
  };

  function expectedFor(term: string) {
    const t = term.toLowerCase();
    const hits = demoMedications.filter(
      (m) => m.name.toLowerCase().includes(t) || (m.genericName ?? "").toLowerCase().includes(t),
    );
    const starts = hits.filter((m) => m.name.toLowerCase().startsWith(t)).sort(byName);
    const rest = hits.filter((m) => !m.name.toLowerCase().startsWith(t)).sort(byName);
    return [...starts, ...rest].slice(0, PUBLIC_API_LIMITS.search.maxResults).map((m) => m.id);
  }

  it('finds sildenafil and Viagra (generic name) for "sild", names starting with the term first', async () => {
    const { status, body } = await api.get(
      urlOf(publicEndpoints.searchMedications, { params: { query: "sild" } }),
    );
    expect(status).toBe(200);
    const ids = MedicationList.parse(body).map((m) => m.id);
    expect(ids[0]).toBe("sildenafil");
    expect(ids).toContain("viagra");
    expect(ids).toEqual(expectedFor("sild"));
  });

  it("is case-insensitive and trims the term", async () => {
    const upper = MedicationList.parse(
      (await api.get(urlOf(publicEndpoints.searchMedications, { params: { query: "  SILD  " } }))).body,
    );
    expect(upper.map((m) => m.id)).toEqual(expectedFor("sild"));
  });

  it("answers at most 10", async () => {
    // "in" matches far more than ten names and generic names.
    expect(
      demoMedications.filter((m) => `${m.name} ${m.genericName}`.toLowerCase().includes("in")).length,
    ).toBeGreaterThan(10);
    const list = MedicationList.parse(
      (await api.get(urlOf(publicEndpoints.searchMedications, { params: { query: "in" } }))).body,
    );
    expect(list).toHaveLength(10);
    expect(list.map((m) => m.id)).toEqual(expectedFor("in"));
  });

  it("treats % and _ literally", async () => {
    expect(
      (await api.get(urlOf(publicEndpoints.searchMedications, { params: { query: "%%" } }))).body,
    ).toEqual([]);
    expect(
      (await api.get(urlOf(publicEndpoints.searchMedications, { params: { query: "_i" } }))).body,
    ).toEqual([]);
    const percent = MedicationList.parse(
      (await api.get(urlOf(publicEndpoints.searchMedications, { params: { query: "5%" } }))).body,
    );
    expect(percent.map((m) => m.id)).toEqual(expectedFor("5%"));
    expect(percent.length).toBeGreaterThan(0);
  });

  it("answers [] when nothing matches", async () => {
    expect(await api.get(urlOf(publicEndpoints.searchMedications, { params: { query: "zzzz" } }))).toEqual({
      status: 200,
      body: [],
    });
  });

  it("answers 400 for a term shorter than 2 characters after trimming", async () => {
    for (const term of ["s", " s ", "   ", ""]) {
      expect(
        await api.get(urlOf(publicEndpoints.searchMedications, { params: { query: term } })),
        JSON.stringify(term),
      ).toEqual({
        status: 400,
        body: tooShort,
      });
    }
  });

  it('searches for a term of dots rather than reaching another endpoint ("." and ".." are dot-segments)', async () => {
    expect(await api.get(urlOf(publicEndpoints.searchMedications, { params: { query: ".." } }))).toEqual({
      status: 200,
      body: [],
    });
    expect(await api.get(urlOf(publicEndpoints.searchMedications, { params: { query: "." } }))).toEqual({
      status: 400,
      body: tooShort,
    });
    expect((await api.get(urlOf(publicEndpoints.getMedication, { params: { id: ".." } }))).status).toBe(404);
  });

  it("leaves out inactive medications", async () => {
    await api.withSql(
      "update medications set active = false where id = 'sildenafil'",
      "update medications set active = true where id = 'sildenafil'",
      async () => {
        const ids = MedicationList.parse(
          (await api.get(urlOf(publicEndpoints.searchMedications, { params: { query: "sild" } }))).body,
        ).map((m) => m.id);
        expect(ids).not.toContain("sildenafil");
        expect(ids).toContain("viagra");
      },
    );
  });
});
