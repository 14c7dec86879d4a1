import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, medications, pharmacies, prices, subcategories } from "../src/db/schema.ts";
import { buildDemoPrices, demoMedications, demoPharmacies } from "../src/demo-data/index.ts";
import { markRoutesPublic } from "../src/routes/admin/access-guard.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * What the database refuses is the client's problem, answered as a refusal (409 or 400) with a
 * sentence and a code, never a 500 — and nothing is written. There are no admin write routes yet,
 * so this file registers its own, which write through the real database (PGlite, or PostgreSQL
 * under `npm run test:pg`).
 */
let api: TestApi;

const existingPrice = buildDemoPrices(demoMedications, demoPharmacies)[0];
if (!existingPrice) throw new Error("the demo catalogue has no prices");
const OPERATOR = { actor: { id: null, email: "operator" }, ipAddress: null };

interface PriceBody {
  medicationId: string;
  pharmacyId: string;
  dosage: string;
  price: number;
}

function testRoutes(app: FastifyInstance) {
  const db = app.database.db;
  // Open to anonymous calls: the access guard refuses any route not marked public.
  markRoutesPublic(app);
  app.post<{ Body: { id: string; name: string } }>("/test/medications", async (request) => {
    const { id, name } = request.body;
    await db.insert(medications).values({
      id,
      name,
      categoryId: "skin-treatment",
      subcategoryId: "acne",
      form: "Cream",
      dosages: ["30g"],
    });
    return { ok: true };
  });
  // A required column left empty, written as raw SQL the way an import might.
  app.post<{ Body: { id: string } }>("/test/medications-without-category", async (request) => {
    await db.execute(
      sql`insert into medications (id, name, category_id, subcategory_id, form) values (${request.body.id}, 'X', null, 'acne', 'Cream')`,
    );
    return { ok: true };
  });
  app.post<{ Body: PriceBody }>("/test/prices", async (request) => {
    await db.insert(prices).values(request.body);
    return { ok: true };
  });
  app.delete<{ Params: { id: string } }>("/test/subcategories/:id", async (request) => {
    await db.delete(subcategories).where(eq(subcategories.id, request.params.id));
    return { ok: true };
  });
  // An admin write as admin routes will do it: the change and its audit entry in one transaction.
  app.patch<{ Params: { id: string }; Body: { rating: number } }>(
    "/test/pharmacies/:id/rating",
    async (request) =>
      app.services.audit.write(OPERATOR, async (tx, audit, at) => {
        await audit({ action: "update", entityType: "pharmacy", entityId: request.params.id });
        await tx
          .update(pharmacies)
          .set({ rating: request.body.rating, updatedAt: at })
          .where(eq(pharmacies.id, request.params.id));
        return { ok: true };
      }),
  );
}

beforeAll(async () => {
  api = await createTestApi({}, { routes: testRoutes });
});
afterAll(async () => {
  await api?.close();
});

/** Every row the test routes could touch, to prove a refusal wrote nothing. */
async function snapshot() {
  const db = api.database.db;
  return {
    medications: await db.select().from(medications).orderBy(medications.id),
    subcategories: await db.select().from(subcategories).orderBy(subcategories.id),
    pharmacies: await db.select().from(pharmacies).orderBy(pharmacies.id),
    prices: await db.select().from(prices).orderBy(prices.id),
    audit: await db.select().from(auditLog).orderBy(auditLog.id),
  };
}

/** Sends the request and answers its status and body, checking the database did not change. */
async function refused(options: { method: "POST" | "PATCH" | "DELETE"; url: string; payload?: object }) {
  const before = await snapshot();
  const res = await api.app.inject(options);
  expect(await snapshot(), `${options.method} ${options.url} changed the database`).toEqual(before);
  return { status: res.statusCode, body: res.json() as unknown };
}

describe("a unique key the write would repeat", () => {
  it("answers 409 conflict naming the thing and the field, not the value", async () => {
    expect(
      await refused({ method: "POST", url: "/test/medications", payload: { id: "viagra", name: "Another" } }),
    ).toEqual({
      status: 409,
      body: {
        error: "A medication with this id already exists.",
        code: "conflict",
        fields: { id: "is already taken" },
      },
    });
  });

  it("names every column of a composite key", async () => {
    const { medicationId, pharmacyId, dosage } = existingPrice;
    expect(
      await refused({
        method: "POST",
        url: "/test/prices",
        payload: { medicationId, pharmacyId, dosage, price: 9.99 },
      }),
    ).toEqual({
      status: 409,
      body: {
        error: "A price with this medication id, pharmacy id and dosage already exists.",
        code: "conflict",
        fields: {
          medicationId: "this combination is already taken",
          pharmacyId: "this combination is already taken",
          dosage: "this combination is already taken",
        },
      },
    });
  });
});

describe("a reference the write would break", () => {
  it("answers a delete of a row others still refer to with 409 still_referenced naming them", async () => {
    expect(await refused({ method: "DELETE", url: "/test/subcategories/acne" })).toEqual({
      status: 409,
      body: {
        error: "This subcategory cannot be deleted: medications still refer to it.",
        code: "still_referenced",
      },
    });
  });

  it("answers a reference to nothing with 400 naming the field", async () => {
    const { medicationId, dosage } = existingPrice;
    expect(
      await refused({
        method: "POST",
        url: "/test/prices",
        payload: { medicationId, pharmacyId: "no-such-pharmacy", dosage, price: 9.99 },
      }),
    ).toEqual({
      status: 400,
      body: {
        error: "The pharmacy id does not refer to an existing pharmacy.",
        code: "invalid_request",
        fields: { pharmacyId: "does not refer to an existing pharmacy" },
      },
    });
  });
});

describe("a rule the row would break", () => {
  it("answers a price of 0 with 400 rule_violated naming the rule", async () => {
    const { medicationId, pharmacyId } = existingPrice;
    expect(
      await refused({
        method: "POST",
        url: "/test/prices",
        payload: { medicationId, pharmacyId, dosage: "a new pack", price: 0 },
      }),
    ).toEqual({
      status: 400,
      body: {
        error: "This price breaks a rule: price must be positive.",
        code: "rule_violated",
        fields: { price: "must be positive" },
      },
    });
  });

  it("rolls back an audited admin write with its audit entry, and says which rule", async () => {
    expect(
      await refused({
        method: "PATCH",
        url: "/test/pharmacies/fernquill-pharmacy/rating",
        payload: { rating: 9 },
      }),
    ).toEqual({
      status: 400,
      body: {
        error: "This pharmacy breaks a rule: rating must be between 0 and 5.",
        code: "rule_violated",
        fields: { rating: "must be between 0 and 5" },
      },
    });
  });

  it("answers a missing required value with 400 naming the field", async () => {
    expect(
      await refused({
        method: "POST",
        url: "/test/medications-without-category",
        payload: { id: "new-cream" },
      }),
    ).toEqual({
      status: 400,
      body: {
        error: "The medication's category id is required.",
        code: "invalid_request",
        fields: { categoryId: "is required" },
      },
    });
  });
});

describe("the same routes, when the write keeps every rule", () => {
  it("write, so the refusals above were the database's own", async () => {
    const created = await api.app.inject({
      method: "POST",
      url: "/test/medications",
      payload: { id: "new-cream", name: "New Cream" },
    });
    expect(created.statusCode).toBe(200);
    const rated = await api.app.inject({
      method: "PATCH",
      url: "/test/pharmacies/fernquill-pharmacy/rating",
      payload: { rating: 4.5 },
    });
    expect(rated.statusCode).toBe(200);
    const [pharmacy] = await api.database.db
      .select({ rating: pharmacies.rating })
      .from(pharmacies)
      .where(eq(pharmacies.id, "fernquill-pharmacy"));
    expect(pharmacy?.rating).toBe(4.5);
    const entries = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, "fernquill-pharmacy"));
    expect(entries.map((entry) => entry.action)).toEqual(["update"]);
  });
});
