import {
  AuditPage,
  adminEndpoints,
  ConditionPage,
  CoursePlansResponse,
  endpointUrl,
  publicEndpoints,
} from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPharmacies } from "../src/demo-data/index.ts";
import { catalogueCaller, expectRefusedUnchanged } from "./catalogue-helpers.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/*
 * The cost of a course (issue 30, decision 042): the condition page prices the chosen plan over
 * the chosen horizon at every pharmacy from the live rows; staff replace a medication's plans in
 * one audited write, and a step naming a dosage the medication does not list changes nothing.
 */

let api: TestApi;
let call: Awaited<ReturnType<typeof catalogueCaller>>;
beforeAll(async () => {
  api = await createTestApi();
  call = await catalogueCaller(api);
});
afterAll(async () => {
  await api?.close();
});

const pence = (pounds: number) => Math.round(pounds * 100);

async function mounjaroPage(query: Record<string, string> = {}) {
  const url = endpointUrl(publicEndpoints.conditionPage, {
    params: { subcategoryId: "weight-loss-medications" },
    query: { medication: "Mounjaro", ...query },
  });
  const { status, body } = await api.get(url);
  expect(status).toBe(200);
  return ConditionPage.parse(body);
}

describe("the condition page's course cost", () => {
  it("prices the first plan over 6 months at each pharmacy: packs, delivery per order and consultation, in whole pence", async () => {
    const result = await mounjaroPage();
    expect(result.coursePlans.map((plan) => plan.name)).toEqual([
      "Starting course, continuing on 7.5 mg",
      "Dose steps to 15 mg",
    ]);
    const course = result.course;
    if (!course) throw new Error("expected a course");
    expect([course.plan.name, course.horizonMonths, course.weeks]).toEqual([
      "Starting course, continuing on 7.5 mg",
      6,
      26,
    ]);
    // 26 weeks: 2.5 mg, 5 mg, then 7.5 mg five times (four weeks each, the last cut to two).
    expect(course.orders.map((order) => [order.dosage.split(" ")[0], order.weeks])).toEqual([
      ["2.5mg", 4],
      ["5mg", 4],
      ["7.5mg", 4],
      ["7.5mg", 4],
      ["7.5mg", 4],
      ["7.5mg", 4],
      ["7.5mg", 2],
    ]);

    // Every total, worked out here from the pharmacy's own prices and terms.
    const priced = course.pharmacies.filter((row) => row.total !== null);
    expect(priced.length).toBeGreaterThan(3);
    for (const row of priced) {
      const terms = demoPharmacies.find((pharmacy) => pharmacy.id === row.pharmacyId);
      if (!terms) throw new Error(`unknown pharmacy ${row.pharmacyId}`);
      let goods = 0;
      let delivery = 0;
      for (const [index, order] of course.orders.entries()) {
        const { body } = await api.get(
          endpointUrl(publicEndpoints.listPricesForMedication, {
            params: { id: "mounjaro" },
            query: { dosage: order.dosage },
          }),
        );
        const price = (
          body as { pharmacyId: string; price: number; introductoryPrice?: number | null }[]
        ).find((entry) => entry.pharmacyId === row.pharmacyId);
        if (!price) throw new Error(`no price at ${row.pharmacyId}`);
        // The first order pays an introductory price for one pack, where there is one (decision 057).
        const intro = index === 0 && price.introductoryPrice != null ? pence(price.introductoryPrice) : null;
        const amount =
          intro === null ? pence(price.price) * order.packs : intro + pence(price.price) * (order.packs - 1);
        goods += amount;
        const free = terms.freeDeliveryThreshold > 0 && amount >= pence(terms.freeDeliveryThreshold);
        delivery += free ? 0 : pence(terms.deliveryFee);
      }
      const fee = pence(terms.consultationFee ?? 0);
      const consultation = terms.consultationFeeBasis === "one-off" ? fee : fee * course.orders.length;
      expect([
        row.pharmacyId,
        pence(row.packs ?? 0),
        pence(row.delivery ?? 0),
        pence(row.consultation ?? 0),
      ]).toEqual([row.pharmacyId, goods, delivery, consultation]);
      expect(pence(row.total ?? 0)).toBe(goods + delivery + consultation);
    }
    const totals = priced.map((row) => pence(row.total ?? 0));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(course.pharmacies[0]?.isCheapest).toBe(true);
    // The mix is never dearer than the cheapest single pharmacy.
    expect(pence(course.mix?.total ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(totals[0] ?? 0);
  });

  it("follows the plan and horizon queries, and reads an unknown horizon or plan as the default", async () => {
    const first = await mounjaroPage();
    const second = first.coursePlans[1];
    if (!second) throw new Error("expected two plans");
    const year = await mounjaroPage({ plan: second.id, horizon: "12" });
    expect([year.course?.plan.name, year.course?.horizonMonths, year.course?.weeks]).toEqual([
      "Dose steps to 15 mg",
      12,
      52,
    ]);
    const edited = await mounjaroPage({ plan: "no-such-plan", horizon: "7" });
    expect([edited.course?.plan.id, edited.course?.horizonMonths]).toEqual([first.coursePlans[0]?.id, 6]);
    // A medication without plans has no course.
    const orlistat = await mounjaroPage({ medication: "Orlistat" });
    expect([orlistat.coursePlans, orlistat.course]).toEqual([[], null]);
  });

  it("shows a dose a pharmacy has out of stock as a gap, with no total", async () => {
    const before = (await mounjaroPage()).course?.pharmacies.find((row) => row.total !== null);
    if (!before) throw new Error("expected a priced pharmacy");
    await api.withSql(
      `update prices set in_stock = false where pharmacy_id = '${before.pharmacyId}' and medication_id = 'mounjaro' and dosage = '5mg (1 pen, 4 doses)'`,
      `update prices set in_stock = true where pharmacy_id = '${before.pharmacyId}' and medication_id = 'mounjaro' and dosage = '5mg (1 pen, 4 doses)'`,
      async () => {
        const row = (await mounjaroPage()).course?.pharmacies.find(
          (entry) => entry.pharmacyId === before.pharmacyId,
        );
        expect(row).toMatchObject({
          total: null,
          packs: null,
          gaps: [{ dosage: "5mg (1 pen, 4 doses)", reason: "out-of-stock" }],
          isCheapest: false,
        });
      },
    );
  });
});

describe("the back-office's course plans", () => {
  const plansOf = async (id: string) => {
    const res = await call(adminEndpoints.getCoursePlans, { params: { id } });
    expect(res.status).toBe(200);
    return CoursePlansResponse.parse(res.body).plans;
  };

  it("lists a medication's plans in order, and 404 for an unknown medication", async () => {
    expect((await plansOf("wegovy")).map((plan) => plan.steps.length)).toEqual([5]);
    const missing = await call(adminEndpoints.getCoursePlans, { params: { id: "nowhere" } });
    expect(missing.status).toBe(404);
  });

  it("replaces the plans in one audited write, and the condition page prices the new one", async () => {
    const res = await call(adminEndpoints.replaceCoursePlans, {
      params: { id: "mounjaro" },
      body: {
        plans: [
          {
            name: " Two steps ",
            steps: [
              { dosage: "2.5mg (1 pen, 4 doses)", packs: 1, weeks: 4 },
              { dosage: "5mg (1 pen, 4 doses)", packs: "2", weeks: "8" },
            ],
          },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [plan] = CoursePlansResponse.parse(res.body).plans;
    expect(plan).toMatchObject({
      name: "Two steps",
      steps: [
        { dosage: "2.5mg (1 pen, 4 doses)", packs: 1, weeks: 4 },
        { dosage: "5mg (1 pen, 4 doses)", packs: 2, weeks: 8 },
      ],
    });
    const page = await mounjaroPage({ horizon: "3" });
    expect(page.coursePlans.map((entry) => entry.name)).toEqual(["Two steps"]);
    // 13 weeks: 4 at 2.5 mg, then 8 weeks of 5 mg (2 packs), then 1 week more (1 pack).
    expect(page.course?.orders.map((order) => order.packs)).toEqual([1, 2, 1]);
    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "medication", action: "update" } }))
        .body,
    );
    expect(audit.entries[0]).toMatchObject({
      entityId: "mounjaro",
      changes: { coursePlans: { to: ["Two steps"] } },
    });
  });

  it("refuses a dosage the medication does not list, or a step out of range, changing nothing", async () => {
    const dosage = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.replaceCoursePlans, {
          params: { id: "mounjaro" },
          body: {
            plans: [
              {
                name: "Bad",
                steps: [
                  { dosage: "2.5mg (1 pen, 4 doses)", packs: 1, weeks: 4 },
                  { dosage: "20mg", packs: 1, weeks: 4 },
                ],
              },
            ],
          },
        }),
      400,
    );
    expect(dosage.fields).toEqual({
      "plans.0.steps.1.dosage": `"20mg" is not one of this medication's dosages`,
    });
    const range = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.replaceCoursePlans, {
          params: { id: "mounjaro" },
          body: {
            plans: [{ name: "", steps: [{ dosage: "2.5mg (1 pen, 4 doses)", packs: 0, weeks: 1.5 }] }],
          },
        }),
      400,
    );
    expect(Object.keys(range.fields ?? {}).sort()).toEqual([
      "plans.0.name",
      "plans.0.steps.0.packs",
      "plans.0.steps.0.weeks",
    ]);
    expect((await plansOf("mounjaro")).map((plan) => plan.name)).toEqual(["Two steps"]);
  });

  it("removes every plan with an empty list, and the page then shows no course", async () => {
    const res = await call(adminEndpoints.replaceCoursePlans, {
      params: { id: "mounjaro" },
      body: { plans: [] },
    });
    expect(res.status).toBe(200);
    expect((await mounjaroPage()).course).toBeNull();
  });
});
