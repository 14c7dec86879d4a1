import {
  AdminNhsCharge,
  AuditPage,
  adminEndpoints,
  ConditionPage,
  type EndpointDefinition,
  ErrorBody,
  endpointUrl,
  londonDay,
  MedicationFormData,
  NhsChargeList,
  publicEndpoints,
} from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nhsCharges } from "../src/db/schema.ts";
import { DEMO_NHS_CHARGES } from "../src/demo-data/index.ts";
import { bearer, signIn, testClock } from "./admin-helpers.ts";
import { expectListConvention } from "./list-convention.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/*
 * The NHS route beside the private prices (issue 44, decision 056): staff keep the NHS charges with
 * the day each takes effect and each medication's route; the condition page answers the route and
 * what it costs today, with the course period's figure.
 */

const DAY = 86_400_000;
const clock = testClock();
let api: TestApi;
let token: string;
beforeAll(async () => {
  // The response cache on, as in production: a charge written must reach the page at once.
  api = await createTestApi(
    {},
    { now: clock.now, responseCache: { maxEntries: 500, maxBytes: 16 * 1024 * 1024, maxAgeMs: 60_000 } },
  );
  token = await signIn(api.app);
});
afterAll(async () => {
  await api?.close();
});

async function call(
  endpoint: EndpointDefinition,
  input: { params?: Record<string, string>; body?: unknown; query?: Record<string, unknown> } = {},
) {
  const res = await api.app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, input),
    headers: bearer(token),
    ...(input.body === undefined ? {} : { payload: input.body as object }),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

async function conditionPage(subcategoryId: string, query: Record<string, string> = {}) {
  const { status, body } = await api.get(
    endpointUrl(publicEndpoints.conditionPage, { params: { subcategoryId }, query }),
  );
  expect(status).toBe(200);
  return ConditionPage.parse(body);
}

const source =
  "https://www.gov.uk/government/news/cost-of-living-boost-for-millions-as-prescription-charges-frozen";
const today = () => londonDay(clock.now());
const dayAfter = (days: number) => londonDay(new Date(clock.now().getTime() + days * DAY));

describe("the condition page's NHS route", () => {
  it("says a contraceptive is free on the NHS", async () => {
    const page = await conditionPage("oral-contraceptives");
    expect(page.nhs?.status).toBe("free");
    expect(page.nhs?.route.url).toBe("https://www.nhs.uk/contraception/");
  });

  it("says finasteride is not available on the NHS for hair loss", async () => {
    const page = await conditionPage("hair-loss", { medication: "Finasteride" });
    expect(page.medicationId).toBe("finasteride");
    expect(page.nhs?.status).toBe("not-available");
  });

  it("gives branded Viagra's criteria in the staff's sentence, with the NHS page", async () => {
    const page = await conditionPage("erectile-dysfunction", { medication: "Viagra" });
    expect(page.nhs?.status).toBe("criteria");
    expect(page.nhs?.route.note).toMatch(/Drug Tariff/);
    expect(page.nhs?.route.url).toMatch(/^https:\/\/www\.nhs\.uk\//);
  });

  it("prices generic sildenafil per item and per certificate, and the course period beside the private totals", async () => {
    const page = await conditionPage("erectile-dysfunction", { medication: "Sildenafil", horizon: "6" });
    expect(page.nhs?.status).toBe("charged");
    if (page.nhs?.status !== "charged") return;
    expect(page.nhs.england).toMatchObject({
      itemPence: 990,
      ppc3Pence: 3205,
      ppc3MonthlyPence: 1068,
      ppc12Pence: 11450,
      ppc12MonthlyPence: 954,
    });
    // The demo's monthly plan: 26 weeks is 7 orders of 4 weeks (the last cut short), one item each.
    expect(page.course?.orders).toHaveLength(7);
    expect(page.nhs.period).toEqual({
      months: 6,
      items: 7,
      itemsPence: 6930,
      ppc3Count: 2,
      ppc3TotalPence: 6410,
      ppc12Count: 1,
      ppc12TotalPence: 11450,
    });
    expect(page.course?.pharmacies.some((entry) => entry.total !== null)).toBe(true);
  });

  it("shows no NHS route where staff have recorded none", async () => {
    const page = await conditionPage("erectile-dysfunction", { medication: "Levitra" });
    expect(page.nhs).toBeNull();
  });
});

describe("NHS charges in the back-office", () => {
  it("lists the seeded charges under the list convention, the one in force marked", async () => {
    const list = await call(adminEndpoints.listNhsCharges);
    expect(list.status).toBe(200);
    const body = NhsChargeList.parse(list.body);
    expect(body.total).toBe(DEMO_NHS_CHARGES.length);
    expect(body.charges.find((charge) => charge.kind === "item")).toMatchObject({
      amount: 9.9,
      effectiveFrom: "2024-05-01",
      status: "in-force",
    });
    await expectListConvention(
      (query) => call(adminEndpoints.listNhsCharges, { query }),
      "charges",
      {},
      (row) => String(row.id),
    );
  });

  it("refuses bad input with 400 naming the field, and writes nothing", async () => {
    const before = (await api.database.db.select().from(nhsCharges)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: "dental", amount: 1, effectiveFrom: today(), sourceUrl: source }, "kind"],
      [{ kind: "item", amount: 9.999, effectiveFrom: today(), sourceUrl: source }, "amount"],
      [{ kind: "item", amount: -1, effectiveFrom: today(), sourceUrl: source }, "amount"],
      [{ kind: "item", amount: 10, effectiveFrom: "01/04/2027", sourceUrl: source }, "effectiveFrom"],
      [
        { kind: "item", amount: 10, effectiveFrom: today(), sourceUrl: "https://pharmacy.example/charges" },
        "sourceUrl",
      ],
      [{ kind: "item", amount: 10, effectiveFrom: today() }, "sourceUrl"],
    ];
    for (const [body, field] of cases) {
      const res = await call(adminEndpoints.createNhsCharge, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = ErrorBody.parse(res.body);
      expect(Object.keys(error.fields ?? {})).toContain(field);
    }
    expect((await api.database.db.select().from(nhsCharges)).length).toBe(before);
  });

  it("refuses a second charge of the same kind on the same day with 409", async () => {
    const res = await call(adminEndpoints.createNhsCharge, {
      body: { kind: "item", amount: 9.95, effectiveFrom: "2024-05-01", sourceUrl: source },
    });
    expect(res.status).toBe(409);
    expect(ErrorBody.parse(res.body).error).toBeTruthy();
  });

  it("keeps a future item charge until its day, then the page shows it; deleting it restores the one before", async () => {
    const created = await call(adminEndpoints.createNhsCharge, {
      body: { kind: "item", amount: "10.20", effectiveFrom: dayAfter(2), sourceUrl: source },
    });
    expect(created.status).toBe(201);
    const charge = AdminNhsCharge.parse(created.body);
    expect(charge).toMatchObject({ amount: 10.2, status: "scheduled" });

    const now = await conditionPage("erectile-dysfunction", { medication: "Sildenafil" });
    expect(now.nhs?.status === "charged" && now.nhs.england.itemPence).toBe(990);

    clock.advance(2 * DAY);
    // Two days idle ends the session: sign in again on the new day.
    token = await signIn(api.app);
    try {
      // The response cache's backstop age lets a dated figure arrive on its day.
      api.app.responseCache?.clear();
      const then = await conditionPage("erectile-dysfunction", { medication: "Sildenafil" });
      expect(then.nhs?.status === "charged" && then.nhs.england.itemPence).toBe(1020);
      const listed = NhsChargeList.parse(
        (await call(adminEndpoints.listNhsCharges, { query: { kind: "item" } })).body,
      );
      expect(listed.charges.map((entry) => [entry.amount, entry.status])).toEqual([
        [10.2, "in-force"],
        [9.9, "superseded"],
      ]);

      const removed = await call(adminEndpoints.deleteNhsCharge, { params: { id: charge.id } });
      expect(removed.status).toBe(200);
      const after = await conditionPage("erectile-dysfunction", { medication: "Sildenafil" });
      expect(after.nhs?.status === "charged" && after.nhs.england.itemPence).toBe(990);
    } finally {
      clock.advance(-2 * DAY);
      token = await signIn(api.app);
    }
  });

  it("an edit to today's charge reaches the cached page at once, and is audited", async () => {
    const warm = await conditionPage("erectile-dysfunction", { medication: "Sildenafil" });
    expect(warm.nhs?.status === "charged" && warm.nhs.england.ppc12Pence).toBe(11450);
    const list = NhsChargeList.parse(
      (await call(adminEndpoints.listNhsCharges, { query: { kind: "ppc-12-months" } })).body,
    );
    const ppc12 = list.charges[0];
    if (!ppc12) throw new Error("no 12-month certificate seeded");
    const edited = await call(adminEndpoints.updateNhsCharge, {
      params: { id: ppc12.id },
      body: {
        kind: "ppc-12-months",
        amount: 120,
        effectiveFrom: ppc12.effectiveFrom,
        sourceUrl: ppc12.sourceUrl,
      },
    });
    expect(edited.status).toBe(200);
    const page = await conditionPage("erectile-dysfunction", { medication: "Sildenafil" });
    expect(page.nhs?.status === "charged" && page.nhs.england.ppc12Pence).toBe(12000);

    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "nhs_charge", action: "update" } }))
        .body,
    );
    expect(audit.entries[0]?.changes).toMatchObject({ amount: { from: 114.5, to: 120 } });

    const missing = await call(adminEndpoints.updateNhsCharge, {
      params: { id: "00000000-0000-4000-8000-000000000000" },
      body: { kind: "item", amount: 1, effectiveFrom: today(), sourceUrl: source },
    });
    expect(missing.status).toBe(404);
  });
});

describe("a medication's NHS route fields in the back-office", () => {
  it("round-trips the five fields through the form", async () => {
    const saved = await call(adminEndpoints.updateMedication, {
      params: { id: "levitra" },
      body: {
        nhsAvailability: "criteria",
        nhsNote: "Prescribed on the NHS only where generic sildenafil or tadalafil has not worked.",
        nhsUrl: " https://www.nhs.uk/conditions/erection-problems-erectile-dysfunction/ ",
        nhsItemCharge: true,
        nhsCheckedOn: "2026-11-20",
      },
    });
    expect(saved.status).toBe(200);
    const form = MedicationFormData.parse(
      (await call(adminEndpoints.getAdminMedication, { params: { id: "levitra" } })).body,
    );
    expect(form.medication).toMatchObject({
      nhsAvailability: "criteria",
      nhsNote: "Prescribed on the NHS only where generic sildenafil or tadalafil has not worked.",
      nhsUrl: "https://www.nhs.uk/conditions/erection-problems-erectile-dysfunction/",
      nhsItemCharge: true,
      nhsCheckedOn: "2026-11-20",
    });
    const page = await conditionPage("erectile-dysfunction", { medication: "Levitra" });
    expect(page.nhs?.status).toBe("criteria");

    const cleared = await call(adminEndpoints.updateMedication, {
      params: { id: "levitra" },
      body: { nhsAvailability: "", nhsNote: "", nhsUrl: "", nhsCheckedOn: "" },
    });
    expect(cleared.status).toBe(200);
    expect((await conditionPage("erectile-dysfunction", { medication: "Levitra" })).nhs).toBeNull();
  });

  it("refuses a link off the NHS's and government's sites, and criteria without its sentence", async () => {
    const offSite = await call(adminEndpoints.updateMedication, {
      params: { id: "levitra" },
      body: { nhsUrl: "https://pharmacy.example/levitra-nhs" },
    });
    expect(offSite.status).toBe(400);
    expect(ErrorBody.parse(offSite.body).fields).toHaveProperty("nhsUrl");
    const noSentence = await call(adminEndpoints.updateMedication, {
      params: { id: "levitra" },
      body: { nhsAvailability: "criteria", nhsNote: " " },
    });
    expect(noSentence.status).toBe(400);
    expect(ErrorBody.parse(noSentence.body).fields).toHaveProperty("nhsNote");
  });
});
