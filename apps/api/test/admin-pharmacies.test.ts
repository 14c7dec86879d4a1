import {
  AdminPharmacy,
  AuditPage,
  adminEndpoints,
  ConditionPage,
  Price,
  publicEndpoints,
} from "@pharmacompare/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { adminMessages, priceAlerts, priceHistory, prices } from "../src/db/schema.ts";
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

const PharmacyBody = z.object({ pharmacy: AdminPharmacy });
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: "Gannet Street Pharmacy",
  website: "https://www.gannetstreet.example",
  gphcNumber: "1955501",
  ...overrides,
});

async function pharmacy(id: string) {
  const res = await call(adminEndpoints.getAdminPharmacy, { params: { id } });
  expect(res.status).toBe(200);
  return PharmacyBody.parse(res.body).pharmacy;
}

describe("GET /api/admin/pharmacies", () => {
  it("lists every pharmacy, inactive too, by name, with GPhC number and price count", async () => {
    await call(adminEndpoints.updatePharmacy, {
      params: { id: "mossgate-chemist" },
      body: { active: false },
    });
    const res = await call(adminEndpoints.listAdminPharmacies);
    expect(res.status).toBe(200);
    const list = z.object({ pharmacies: z.array(AdminPharmacy) }).parse(res.body).pharmacies;
    const names = list.map((entry) => entry.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const mossgate = list.find((entry) => entry.id === "mossgate-chemist");
    expect(mossgate).toMatchObject({ active: false, gphcNumber: expect.stringMatching(/^\d{7}$/) });
    const rows = await api.database.db.select().from(prices).where(eq(prices.pharmacyId, "mossgate-chemist"));
    expect(mossgate?.priceCount).toBe(rows.length);
    await call(adminEndpoints.updatePharmacy, { params: { id: "mossgate-chemist" }, body: { active: true } });
  });

  it("pages with the list convention: page, limit, total, totalPages and pharmacies", async () => {
    await expectListConvention(
      (query) => call(adminEndpoints.listAdminPharmacies, { query: query as Record<string, number> }),
      "pharmacies",
    );
  });

  it("searches name or id ignoring case, counting only the matches", async () => {
    const byName = await call(adminEndpoints.listAdminPharmacies, { query: { search: "KESTREL lane" } });
    expect(byName.body).toMatchObject({
      pharmacies: [{ id: "kestrel-lane-pharmacy" }],
      total: 1,
      totalPages: 1,
    });
    const byId = await call(adminEndpoints.listAdminPharmacies, { query: { search: "mossgate-chem" } });
    expect(byId.body).toMatchObject({ pharmacies: [{ id: "mossgate-chemist" }], total: 1 });
  });

  it("answers one pharmacy, and 404 naming an unknown one", async () => {
    expect(await pharmacy("kestrel-lane-pharmacy")).toMatchObject({
      name: "Kestrel Lane Pharmacy",
      _id: "kestrel-lane-pharmacy",
    });
    const missing = await call(adminEndpoints.getAdminPharmacy, { params: { id: "nowhere" } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Pharmacy "nowhere" not found' });
  });
});

describe("POST /api/admin/pharmacies", () => {
  it("creates it with the form's defaults and an id from its name, audited", async () => {
    const res = await call(adminEndpoints.createPharmacy, { body: valid() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: "gannet-street-pharmacy" });
    expect(await pharmacy("gannet-street-pharmacy")).toEqual({
      id: "gannet-street-pharmacy",
      _id: "gannet-street-pharmacy",
      name: "Gannet Street Pharmacy",
      // Stored as the URL parser's href (issue 42).
      website: "https://www.gannetstreet.example/",
      gphcNumber: "1955501",
      cqcNumber: null,
      rating: 4,
      deliveryOptions: ["standard"],
      deliveryTime: "",
      prescriptionRequired: true,
      active: true,
      description: "",
      trustpilotUrl: "",
      minOrderValue: 0,
      deliveryFee: 2.95,
      freeDeliveryThreshold: 0,
      consultationFee: 0,
      consultationFeeBasis: "per-order",
      listed: true,
      priceCount: 0,
      referralParams: "",
      sponsored: false,
      consultationUrl: "",
      startsAtConsultation: false,
    });
    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "pharmacy", action: "create" } }))
        .body,
    );
    expect(audit.entries[0]).toMatchObject({ entityId: "gannet-street-pharmacy" });
  });

  it('reads "", null and text that is not a number as 0 (the specification\'s fall-back)', async () => {
    const res = await call(adminEndpoints.createPharmacy, {
      body: valid({
        name: "Fallback Chemist",
        gphcNumber: "1955502",
        rating: "",
        deliveryFee: "free",
        minOrderValue: null,
        freeDeliveryThreshold: "25.50",
        deliveryOptions: ["next-day", "standard", "next-day"],
        trustpilotUrl: "",
      }),
    });
    expect(res.status).toBe(201);
    expect(await pharmacy("fallback-chemist")).toMatchObject({
      rating: 0,
      deliveryFee: 0,
      minOrderValue: 0,
      freeDeliveryThreshold: 25.5,
      deliveryOptions: ["standard", "next-day"],
    });
  });

  it("refuses, changing nothing, each rule broken by name", async () => {
    const missing = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.createPharmacy, { body: {} }),
      400,
    );
    // Back-office §5: name and website are the minimum; the GPhC number may come later (decision 034).
    expect(missing.fields).toEqual({ name: "is required", website: "is required" });
    const bad = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createPharmacy, {
          body: valid({
            website: "javascript:alert(1)",
            gphcNumber: "12345",
            rating: 4.55,
            deliveryFee: -1,
            minOrderValue: 1.234,
            freeDeliveryThreshold: "-3",
            deliveryOptions: ["drone"],
            trustpilotUrl: "not a url",
            consultationFee: -15,
            consultationFeeBasis: "per-visit",
          }),
        }),
      400,
    );
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(
      [
        "website",
        "gphcNumber",
        "rating",
        "deliveryFee",
        "minOrderValue",
        "freeDeliveryThreshold",
        "deliveryOptions.0",
        "trustpilotUrl",
        "consultationFee",
        "consultationFeeBasis",
      ].sort(),
    );
    expect(bad.fields?.consultationFeeBasis).toBe("must be one of: per-order, one-off");
    const tooHigh = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.createPharmacy, { body: valid({ rating: 5.1 }) }),
      400,
    );
    expect(tooHigh.fields).toEqual({ rating: "must be a number from 0 to 5 in steps of 0.1" });
  });

  it("refuses a GPhC number or an id already taken (409 naming it)", async () => {
    const gphc = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.createPharmacy, { body: valid({ name: "Copycat", gphcNumber: "1904721" }) }),
      409,
    );
    expect(gphc.fields).toEqual({
      gphcNumber: "GPhC number 1904721 is already registered to Kestrel Lane Pharmacy",
    });
    const id = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createPharmacy, {
          body: valid({ id: "kestrel-lane-pharmacy", gphcNumber: "1955599" }),
        }),
      409,
    );
    expect(id.fields).toEqual({ id: 'A pharmacy with the id "kestrel-lane-pharmacy" already exists' });
  });
});

describe("consultation fees (decision 042)", () => {
  it("stores a fee and its basis, and every public total then includes and names it", async () => {
    const medication = "viagra";
    const dosage = "50mg x 4 tablets";
    const comparisonUrl = urlOf(publicEndpoints.conditionPage, {
      params: { subcategoryId: "erectile-dysfunction" },
      query: { medication, dosage, sort: "total" },
    });
    const before = ConditionPage.parse((await api.get(comparisonUrl)).body).comparison?.prices ?? [];
    const row = before.find((entry) => entry.consultation === 0 && entry.total !== null);
    if (!row) throw new Error("expected a row without a consultation fee");

    const res = await call(adminEndpoints.updatePharmacy, {
      params: { id: row.pharmacyId },
      body: { consultationFee: "15.00", consultationFeeBasis: "one-off" },
    });
    expect(res.status).toBe(200);
    expect(PharmacyBody.parse(res.body).pharmacy).toMatchObject({
      consultationFee: 15,
      consultationFeeBasis: "one-off",
    });

    const after = ConditionPage.parse((await api.get(comparisonUrl)).body).comparison?.prices ?? [];
    const charged = after.find((entry) => entry.pharmacyId === row.pharmacyId);
    expect(charged).toMatchObject({ consultation: 15, delivery: row.delivery });
    expect(Math.round((charged?.total ?? 0) * 100)).toBe(Math.round((row.total ?? 0) * 100) + 1500);
    expect(charged?.pharmacy).toMatchObject({ consultationFee: 15, consultationFeeBasis: "one-off" });
    // The sort by total counts it too.
    const totals = after.map((entry) => Math.round((entry.total ?? Number.POSITIVE_INFINITY) * 100));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));

    await call(adminEndpoints.updatePharmacy, {
      params: { id: row.pharmacyId },
      body: { consultationFee: 0, consultationFeeBasis: "per-order" },
    });
  });

  it("refuses a negative fee or an unknown basis, changing nothing", async () => {
    const refused = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updatePharmacy, {
          params: { id: "gannet-street-pharmacy" },
          body: { consultationFee: -1, consultationFeeBasis: "monthly" },
        }),
      400,
    );
    expect(Object.keys(refused.fields ?? {}).sort()).toEqual(["consultationFee", "consultationFeeBasis"]);
  });
});

describe("consultation addresses (decision 058)", () => {
  const ID = "gannet-street-pharmacy";
  const OURS = "https://www.gannetstreet.example/online-doctor?treatment={medication}";

  it("stores one on the pharmacy's own site as its href, audited, and clears it with an empty value", async () => {
    const created = await call(adminEndpoints.createPharmacy, {
      body: valid({
        name: "Puffin Row Pharmacy",
        gphcNumber: "1955509",
        website: "https://www.puffinrow.example",
        // Another host on the same registrable domain is the same site.
        consultationUrl: " https://consult.puffinrow.example/start?m={medication} ",
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await pharmacy("puffin-row-pharmacy")).toMatchObject({
      consultationUrl: "https://consult.puffinrow.example/start?m={medication}",
      startsAtConsultation: true,
    });

    const saved = await call(adminEndpoints.updatePharmacy, {
      params: { id: ID },
      body: { consultationUrl: OURS },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(PharmacyBody.parse(saved.body).pharmacy).toMatchObject({
      consultationUrl: OURS,
      startsAtConsultation: true,
    });
    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "pharmacy", entityId: ID } })).body,
    );
    expect(audit.entries[0]?.changes).toMatchObject({ consultationUrl: { from: "", to: OURS } });

    const cleared = await call(adminEndpoints.updatePharmacy, {
      params: { id: ID },
      body: { consultationUrl: null },
    });
    expect(PharmacyBody.parse(cleared.body).pharmacy).toMatchObject({
      consultationUrl: "",
      startsAtConsultation: false,
    });
  });

  it("refuses, changing nothing, an address that is not https, holds the placeholder outside its query or is on another site", async () => {
    const refused: [unknown, RegExp][] = [
      ["http://www.gannetstreet.example/consult", /https:\/\//],
      ["www.gannetstreet.example/consult", /web address/],
      ["https://www.gannetstreet.example/{medication}/start", /only in its query/],
      ["https://www.gannetstreet.example/start?m={medicine}", /"\{medicine\}" is not one/],
      ["https://www.gannet street.example/start", /spaces/],
      [
        "https://www.elsewhere.example/start",
        /own website \(www\.gannetstreet\.example\): www\.elsewhere\.example is another site/,
      ],
      ["https://gannetstreet.example.evil.example/start", /another site/],
      [42, /text/],
    ];
    for (const [consultationUrl, problem] of refused) {
      const body = await expectRefusedUnchanged(
        api,
        () => call(adminEndpoints.updatePharmacy, { params: { id: ID }, body: { consultationUrl } }),
        400,
      );
      expect(body.fields?.consultationUrl, String(consultationUrl)).toMatch(problem);
    }
  });

  it("refuses a new website that would leave the consultation address on another site", async () => {
    await call(adminEndpoints.updatePharmacy, { params: { id: ID }, body: { consultationUrl: OURS } });
    const body = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updatePharmacy, {
          params: { id: ID },
          body: { website: "https://www.newhome.example" },
        }),
      400,
    );
    expect(body.fields?.consultationUrl).toMatch(
      /www\.newhome\.example\): www\.gannetstreet\.example is another site/,
    );
    // Both together are one consistent change.
    const moved = await call(adminEndpoints.updatePharmacy, {
      params: { id: ID },
      body: {
        website: "https://www.newhome.example",
        consultationUrl: "https://www.newhome.example/consult",
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await call(adminEndpoints.updatePharmacy, {
      params: { id: ID },
      body: { website: "https://www.gannetstreet.example", consultationUrl: "" },
    });
  });
});

describe("PUT /api/admin/pharmacies/{id}", () => {
  it("changes only the fields sent", async () => {
    const res = await call(adminEndpoints.updatePharmacy, {
      params: { id: "gannet-street-pharmacy" },
      body: { rating: 4.6, deliveryOptions: ["express"], deliveryTime: "Next day" },
    });
    expect(res.status).toBe(200);
    expect(PharmacyBody.parse(res.body).pharmacy).toMatchObject({
      name: "Gannet Street Pharmacy",
      rating: 4.6,
      deliveryOptions: ["express"],
      deliveryTime: "Next day",
      deliveryFee: 2.95,
    });
  });

  it("switching off hides its prices from the public reads; on brings them back", async () => {
    const medication = "viagra";
    const dosage = "50mg x 4 tablets";
    const url = urlOf(publicEndpoints.listPricesForMedication, {
      params: { id: medication },
      query: { dosage },
    });
    const listed = z.array(Price).parse((await api.get(url)).body);
    const shown = listed[0]?.pharmacyId ?? "";
    expect(shown).not.toBe("");
    const off = await call(adminEndpoints.updatePharmacy, { params: { id: shown }, body: { active: false } });
    expect(off.status).toBe(200);
    const hidden = z.array(Price).parse((await api.get(url)).body);
    expect(hidden.map((price) => price.pharmacyId)).not.toContain(shown);
    const audit = AuditPage.parse(
      (
        await call(adminEndpoints.listAuditEntries, {
          query: { entityType: "pharmacy", action: "status_change" },
        })
      ).body,
    );
    expect(audit.entries[0]).toMatchObject({
      entityId: shown,
      changes: { active: { from: true, to: false } },
    });
    await call(adminEndpoints.updatePharmacy, { params: { id: shown }, body: { active: true } });
    expect(z.array(Price).parse((await api.get(url)).body)).toEqual(listed);
  });

  it("switching a pharmacy on fires the confirmed alerts its price reaches", async () => {
    await call(adminEndpoints.createPrice, {
      body: {
        medicationId: "cialis",
        pharmacyId: "gannet-street-pharmacy",
        dosage: "10mg x 4 tablets",
        price: 1.5,
      },
    });
    await call(adminEndpoints.updatePharmacy, {
      params: { id: "gannet-street-pharmacy" },
      body: { active: false },
    });
    const alertId = await confirmedAlert(api, {
      medicationId: "cialis",
      medicationName: "Cialis",
      dosage: "10mg x 4 tablets",
      targetPrice: 2,
      currentPrice: 20,
    });
    await call(adminEndpoints.updatePharmacy, {
      params: { id: "gannet-street-pharmacy" },
      body: { active: true },
    });
    const [alert] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alertId));
    expect(alert).toMatchObject({
      status: "triggered",
      lowestPharmacyName: "Gannet Street Pharmacy",
      lowestPharmacyPrice: 1.5,
    });
  });

  it("refuses, changing nothing: a taken GPhC number, a changed id, a bad value; 404 for an unknown id", async () => {
    const gphc = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updatePharmacy, {
          params: { id: "gannet-street-pharmacy" },
          body: { gphcNumber: "1904721" },
        }),
      409,
    );
    expect(gphc.fields?.gphcNumber).toContain("Kestrel Lane Pharmacy");
    const id = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updatePharmacy, {
          params: { id: "gannet-street-pharmacy" },
          body: { id: "other" },
        }),
      400,
    );
    expect(id.fields).toEqual({ id: 'The id of "Gannet Street Pharmacy" cannot be changed' });
    await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updatePharmacy, {
          params: { id: "gannet-street-pharmacy" },
          body: { website: "" },
        }),
      400,
    );
    const missing = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.updatePharmacy, { params: { id: "nowhere" }, body: { active: true } }),
      404,
    );
    expect(missing.error).toBe('Pharmacy "nowhere" not found');
  });
});

describe("DELETE /api/admin/pharmacies/{id}", () => {
  it("removes it with its prices (gone from the public reads) and its row messages, re-evaluating alerts", async () => {
    const dosage = "50mg x 4 tablets";
    // Make the new pharmacy the cheapest for Viagra 50mg, with a message in its row.
    await call(adminEndpoints.createPrice, {
      body: { medicationId: "viagra", pharmacyId: "gannet-street-pharmacy", dosage, price: 2.5 },
    });
    await call(adminEndpoints.createAdminMessage, {
      body: {
        medicationId: "viagra",
        pharmacyId: "gannet-street-pharmacy",
        title: "Offer",
        message: "Cheap",
      },
    });
    const alertId = await confirmedAlert(api, {
      medicationId: "viagra",
      medicationName: "Viagra",
      dosage,
      targetPrice: 1,
      currentPrice: 2.5,
    });
    const pageUrl = urlOf(publicEndpoints.conditionPage, {
      params: { subcategoryId: "erectile-dysfunction" },
      query: { medication: "viagra", dosage },
    });
    const before = ConditionPage.parse((await api.get(pageUrl)).body);
    expect(before.comparison?.prices[0]).toMatchObject({
      pharmacyId: "gannet-street-pharmacy",
      isBest: true,
    });

    const counted = await api.database.db
      .select()
      .from(prices)
      .where(eq(prices.pharmacyId, "gannet-street-pharmacy"));
    const res = await call(adminEndpoints.deletePharmacy, { params: { id: "gannet-street-pharmacy" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: `Gannet Street Pharmacy deleted with ${counted.length} prices`,
      removedPrices: counted.length,
    });

    const after = ConditionPage.parse((await api.get(pageUrl)).body);
    expect(after.comparison?.prices.map((price) => price.pharmacyId)).not.toContain("gannet-street-pharmacy");
    expect(after.comparison?.prices[0]?.isBest).toBe(true);
    const matrix = await api.get(urlOf(publicEndpoints.priceMatrix, { params: { id: "viagra" } }));
    expect(JSON.stringify(matrix.body)).not.toContain("gannet-street-pharmacy");
    expect(
      await api.database.db
        .select()
        .from(adminMessages)
        .where(eq(adminMessages.pharmacyId, "gannet-street-pharmacy")),
    ).toEqual([]);
    expect(
      await api.database.db
        .select()
        .from(priceHistory)
        .where(eq(priceHistory.pharmacyId, "gannet-street-pharmacy")),
    ).toEqual([]);
    // The alert now knows the new lowest price (the price-write path re-evaluated it).
    const [alert] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alertId));
    expect(alert?.currentPrice).toBe(after.comparison?.prices.find((price) => price.inStock)?.price);
    expect(
      (await call(adminEndpoints.getAdminPharmacy, { params: { id: "gannet-street-pharmacy" } })).status,
    ).toBe(404);
  });

  it("answers 404 for an unknown pharmacy", async () => {
    const res = await call(adminEndpoints.deletePharmacy, { params: { id: "gannet-street-pharmacy" } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Pharmacy "gannet-street-pharmacy" not found' });
  });
});
