import {
  AdminPharmacy,
  adminEndpoints,
  CatalogueFigures,
  ConditionPage,
  Pharmacy,
  Price,
  PublicAdminMessage,
  publicEndpoints,
  RecentPriceUpdate,
  SitemapSources,
} from "@pharmacompare/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { pharmacies, priceAlerts } from "../src/db/schema.ts";
import { catalogueCaller, confirmedAlert, expectRefusedUnchanged } from "./catalogue-helpers.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * Decision 034: staff save a pharmacy with a name and a website (back-office §5, the §3 defaults
 * for the rest); visitors see it, its prices and its messages only once it is active AND has its
 * GPhC registration number. Runs on PGlite and, under `npm run test:pg`, on PostgreSQL.
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

const PharmacyBody = z.object({ pharmacy: AdminPharmacy });
const adminPharmacy = async (id: string) =>
  PharmacyBody.parse((await call(adminEndpoints.getAdminPharmacy, { params: { id } })).body).pharmacy;

describe("a pharmacy saved with only a name and a website", () => {
  it("answers 201 and is stored with every specification default and no GPhC number, not listed", async () => {
    const res = await call(adminEndpoints.createPharmacy, {
      body: { name: "Heron Quay Pharmacy", website: "https://www.heronquay.example" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ id: "heron-quay-pharmacy" });

    // Back-office §3: rating 4, standard delivery, prescription required, active, minimum order 0,
    // delivery fee 2.95, free-delivery threshold 0.
    expect(await adminPharmacy("heron-quay-pharmacy")).toEqual({
      id: "heron-quay-pharmacy",
      _id: "heron-quay-pharmacy",
      name: "Heron Quay Pharmacy",
      // Stored as the URL parser's href (issue 42).
      website: "https://www.heronquay.example/",
      gphcNumber: null,
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
      listed: false,
      priceCount: 0,
      // No referral parameters: it pays no commission (decision 044).
      referralParams: "",
      sponsored: false,
      // No consultation address: its visits go to the product link (decision 058).
      consultationUrl: "",
      startsAtConsultation: false,
    });
    const [row] = await api.database.db
      .select()
      .from(pharmacies)
      .where(eq(pharmacies.id, "heron-quay-pharmacy"));
    expect(row).toMatchObject({ gphcNumber: null, active: true, rating: 4, deliveryFee: 2.95 });
  });

  it('takes "" and null as no GPhC number: several pharmacies may have none', async () => {
    for (const [name, gphcNumber] of [
      ["Avocet Pharmacy", ""],
      ["Bittern Pharmacy", null],
      ["Crake Pharmacy", "   "],
    ] as const) {
      const res = await call(adminEndpoints.createPharmacy, {
        body: { name, website: "https://www.birds.example", gphcNumber },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const list = z
      .object({ pharmacies: z.array(AdminPharmacy) })
      .parse((await call(adminEndpoints.listAdminPharmacies)).body).pharmacies;
    const unregistered = list.filter((entry) => entry.gphcNumber === null).map((entry) => entry.id);
    expect(unregistered).toEqual(
      expect.arrayContaining([
        "avocet-pharmacy",
        "bittern-pharmacy",
        "crake-pharmacy",
        "heron-quay-pharmacy",
      ]),
    );
    expect(list.filter((entry) => !entry.listed).map((entry) => entry.id)).toEqual(
      expect.arrayContaining(unregistered),
    );
    expect(list.find((entry) => entry.id === "kestrel-lane-pharmacy")).toMatchObject({ listed: true });
  });

  it("still refuses a malformed or taken GPhC number when one is given, changing nothing", async () => {
    const bad = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updatePharmacy, {
          params: { id: "heron-quay-pharmacy" },
          body: { gphcNumber: "2104721" },
        }),
      400,
    );
    expect(bad.fields).toEqual({
      gphcNumber: "must be the pharmacy's 7-digit GPhC registration number, starting with 1",
    });
    const taken = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updatePharmacy, {
          params: { id: "heron-quay-pharmacy" },
          body: { gphcNumber: "1904721" },
        }),
      409,
    );
    expect(taken.fields).toEqual({
      gphcNumber: "GPhC number 1904721 is already registered to Kestrel Lane Pharmacy",
    });
  });
});

describe("an unregistered pharmacy on the public site", () => {
  const id = "ibis-row-pharmacy";
  const name = "Ibis Row Pharmacy";
  const medicationId = "viagra";
  const dosage = "50mg x 4 tablets";
  const messageTitle = "Heron Quay offer";

  /** Everything a visitor can read that could show the pharmacy, its price or its message. */
  async function publicReads() {
    const get = async (url: string) => {
      const res = await api.get(url);
      return { status: res.status, body: res.body };
    };
    const [list, topRated, one, page, condition, prices, lowest, matrix, recent, messages, sitemap, figures] =
      await Promise.all([
        get(urlOf(publicEndpoints.listPharmacies)),
        get(urlOf(publicEndpoints.topRatedPharmacies, { query: { limit: 50 } })),
        get(urlOf(publicEndpoints.getPharmacy, { params: { id } })),
        get(urlOf(publicEndpoints.pharmacyPage, { params: { id } })),
        get(
          urlOf(publicEndpoints.conditionPage, {
            params: { subcategoryId: "erectile-dysfunction" },
            query: { medication: "viagra", dosage },
          }),
        ),
        get(
          urlOf(publicEndpoints.listPricesForMedication, { params: { id: medicationId }, query: { dosage } }),
        ),
        get(urlOf(publicEndpoints.lowestPrice, { params: { id: medicationId }, query: { dosage } })),
        get(urlOf(publicEndpoints.priceMatrix, { params: { id: medicationId } })),
        get(urlOf(publicEndpoints.recentPriceUpdates, { query: { limit: 100 } })),
        get(urlOf(publicEndpoints.adminMessagesForMedication, { params: { medicationId } })),
        get(urlOf(publicEndpoints.sitemapSources)),
        get(urlOf(publicEndpoints.catalogueFigures)),
      ]);
    const conditionPage = ConditionPage.parse(condition.body);
    return {
      list: z
        .array(Pharmacy)
        .parse(list.body)
        .map((entry) => entry.id),
      topRated: z
        .array(Pharmacy)
        .parse(topRated.body)
        .map((entry) => entry.id),
      one,
      page,
      comparison: conditionPage.comparison?.prices.map((price) => price.pharmacyId) ?? [],
      conditionPage: JSON.stringify(conditionPage),
      prices: z
        .array(Price)
        .parse(prices.body)
        .map((price) => price.pharmacyId),
      lowest: Price.parse(lowest.body),
      matrix: JSON.stringify(matrix.body),
      recent: z
        .array(RecentPriceUpdate)
        .parse(recent.body)
        .map((price) => price.pharmacyId),
      messages: z
        .array(PublicAdminMessage)
        .parse(messages.body)
        .map((message) => message.title),
      sitemap: SitemapSources.parse(sitemap.body).pharmacies.map((entry) => entry.id),
      figures: CatalogueFigures.parse(figures.body),
    };
  }

  const alertStatus = async (alertId: string) => {
    const [alert] = await api.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alertId));
    return alert;
  };

  it("appears in no public read, and its price fires no alert, until its GPhC number is added", async () => {
    const created = await call(adminEndpoints.createPharmacy, {
      body: { name, website: "https://www.ibisrow.example" },
    });
    expect(created.body).toEqual({ id });
    const before = await publicReads();
    expect(before.lowest.price).toBeGreaterThan(1);

    // A confirmed alert that the new price would reach, were the pharmacy public.
    const alertId = await confirmedAlert(api, {
      medicationId,
      medicationName: "Viagra",
      dosage,
      targetPrice: 1,
      currentPrice: before.lowest.price,
    });
    // Active (the default), with the cheapest price of a public medication and a message in its row.
    const priced = await call(adminEndpoints.createPrice, {
      body: { medicationId, pharmacyId: id, dosage, price: 0.5 },
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(201);
    const message = await call(adminEndpoints.createAdminMessage, {
      body: { medicationId, pharmacyId: id, title: messageTitle, message: "Half price this week" },
    });
    expect(message.status, JSON.stringify(message.body)).toBe(201);
    expect(await adminPharmacy(id)).toMatchObject({
      active: true,
      gphcNumber: null,
      listed: false,
      priceCount: 1,
    });

    const hidden = await publicReads();
    expect(hidden.list).not.toContain(id);
    expect(hidden.topRated).not.toContain(id);
    // The same 404 as an unknown or switched-off pharmacy.
    expect(hidden.one).toEqual({
      status: 404,
      body: expect.objectContaining({ error: `Pharmacy "${id}" not found` }),
    });
    expect(hidden.page).toEqual({
      status: 404,
      body: expect.objectContaining({ error: `Pharmacy "${id}" not found` }),
    });
    expect(hidden.comparison.length).toBeGreaterThan(0);
    expect(hidden.comparison).not.toContain(id);
    expect(hidden.conditionPage).not.toContain(name);
    expect(hidden.conditionPage).not.toContain(messageTitle);
    expect(hidden.prices).not.toContain(id);
    expect(hidden.lowest).toEqual(before.lowest);
    expect(hidden.matrix).not.toContain(id);
    expect(hidden.recent).not.toContain(id);
    expect(hidden.messages).not.toContain(messageTitle);
    expect(hidden.sitemap).not.toContain(id);
    expect(hidden.figures).toEqual(before.figures);
    // The price-write path re-evaluated the alert against what visitors can see: not reached.
    expect(await alertStatus(alertId)).toMatchObject({ status: "active", triggeredAt: null });

    // Registered: it is listed, shown everywhere, and its price now reaches the alert.
    const registered = await call(adminEndpoints.updatePharmacy, {
      params: { id },
      body: { gphcNumber: "1977701" },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(PharmacyBody.parse(registered.body).pharmacy).toMatchObject({
      gphcNumber: "1977701",
      listed: true,
    });

    const shown = await publicReads();
    expect(shown.list).toContain(id);
    expect(shown.topRated).toContain(id);
    expect(shown.one.status).toBe(200);
    expect(Pharmacy.parse(shown.one.body)).toMatchObject({ id, gphcNumber: "1977701" });
    expect(shown.page.status).toBe(200);
    expect(shown.comparison[0]).toBe(id);
    expect(shown.conditionPage).toContain(messageTitle);
    expect(shown.prices[0]).toBe(id);
    expect(shown.lowest).toMatchObject({ pharmacyId: id, price: 0.5, pharmacy: { gphcNumber: "1977701" } });
    expect(shown.matrix).toContain(id);
    expect(shown.recent).toContain(id);
    expect(shown.messages).toContain(messageTitle);
    expect(shown.sitemap).toContain(id);
    expect(shown.figures.pharmacies).toBe(before.figures.pharmacies + 1);
    // Its one 50p row does not move the "Up to" saving on its own (issue 41): a percentile of packs.
    expect(shown.figures.largestSavingPercent).toBeLessThanOrEqual(before.figures.largestSavingPercent + 5);
    expect(await alertStatus(alertId)).toMatchObject({
      status: "triggered",
      lowestPharmacyName: name,
      lowestPharmacyPrice: 0.5,
    });

    // Its number cleared (""): hidden again, as before.
    const cleared = await call(adminEndpoints.updatePharmacy, { params: { id }, body: { gphcNumber: "" } });
    expect(PharmacyBody.parse(cleared.body).pharmacy).toMatchObject({ gphcNumber: null, listed: false });
    const again = await publicReads();
    expect(again.list).not.toContain(id);
    expect(again.page.status).toBe(404);
    expect(again.comparison).not.toContain(id);
    expect(again.lowest).toEqual(before.lowest);
    expect(again.sitemap).not.toContain(id);
    expect(again.figures).toEqual(before.figures);
  });
});
