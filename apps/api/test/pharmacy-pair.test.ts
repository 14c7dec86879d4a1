import { endpointUrl, PharmacyPair, publicEndpoints, SitemapSources } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDemoPrices, demoMedications, demoPharmacies } from "../src/demo-data/index.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/*
 * Two pharmacies side by side (issue 30, decision 042): every dosage's row of the one comparison
 * at both, the course cost of the first plan at both, helpful refusals, and the sitemap's pairs.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const pairUrl = (query: { medication: string; a: string; b: string }) =>
  endpointUrl(publicEndpoints.pharmacyPair, { query });

const demoPrices = buildDemoPrices(demoMedications, demoPharmacies);
/** Two pharmacies that both price Mounjaro in the demo. */
const [first, second] = [
  ...new Set(demoPrices.filter((p) => p.medicationId === "mounjaro").map((p) => p.pharmacyId)),
];

describe("GET /api/pages/compare", () => {
  it("answers every dosage's price, delivery, consultation and total at both, and the first plan's course", async () => {
    if (!first || !second) throw new Error("expected two pharmacies pricing Mounjaro");
    const { status, body } = await api.get(pairUrl({ medication: "mounjaro", a: first, b: second }));
    expect(status).toBe(200);
    const pair = PharmacyPair.parse(body);
    expect([pair.medication.id, pair.a.id, pair.b.id]).toEqual(["mounjaro", first, second]);
    expect(pair.dosages.map((row) => row.dosage)).toEqual(pair.medication.dosage);
    for (const row of pair.dosages) {
      for (const [side, id] of [
        [row.a, first],
        [row.b, second],
      ] as const) {
        const demo = demoPrices.find(
          (price) =>
            price.medicationId === "mounjaro" && price.pharmacyId === id && price.dosage === row.dosage,
        );
        if (!demo) {
          expect(side).toBeNull();
          continue;
        }
        const terms = demoPharmacies.find((pharmacy) => pharmacy.id === id);
        expect(side?.price).toBe(demo.price);
        // The total holds the pack, its delivery and the consultation fee (decision 042).
        expect(Math.round((side?.total ?? 0) * 100)).toBe(
          Math.round(demo.price * 100) +
            Math.round((side?.delivery ?? 0) * 100) +
            Math.round((terms?.consultationFee ?? 0) * 100),
        );
      }
    }
    expect(pair.course?.plan.name).toBe("Starting course, continuing on 7.5 mg");
    expect(pair.course?.horizonMonths).toBe(6);
    // Only the two pharmacies are priced.
    expect(pair.course?.pharmacies.map((row) => row.pharmacyId).sort()).toEqual([first, second].sort());
  });

  it("offers the page's pickers: the pharmacies pricing it and the condition's medications, by name (issue 41)", async () => {
    if (!first || !second) throw new Error("expected two pharmacies pricing Mounjaro");
    const { body } = await api.get(pairUrl({ medication: "mounjaro", a: first, b: second }));
    const { choices } = PharmacyPair.parse(body);
    const sellers = new Set(demoPrices.filter((p) => p.medicationId === "mounjaro").map((p) => p.pharmacyId));
    const ids = choices.pharmacies.map((choice) => choice.id);
    expect(ids).toContain(first);
    expect(ids).toContain(second);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(2);
    for (const id of ids) expect(sellers.has(id)).toBe(true);
    for (const choice of choices.pharmacies) {
      expect(choice.name).toBe(demoPharmacies.find((pharmacy) => pharmacy.id === choice.id)?.name);
    }
    const names = choices.pharmacies.map((choice) => choice.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, "en-GB")));

    const condition = demoMedications.find((medication) => medication.id === "mounjaro")?.subcategory;
    const siblings = demoMedications.filter((medication) => medication.subcategory === condition);
    expect(choices.medications.map((choice) => choice.id)).toContain("mounjaro");
    expect(choices.medications.length).toBeGreaterThan(1);
    for (const choice of choices.medications) {
      expect(siblings.map((medication) => medication.id)).toContain(choice.id);
    }
  });

  it("refuses the same pharmacy twice (400 naming b), and names what is unknown or hidden (404)", async () => {
    const same = await api.get(
      pairUrl({ medication: "mounjaro", a: "kestrel-lane-pharmacy", b: "kestrel-lane-pharmacy" }),
    );
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ fields: { b: "Choose two different pharmacies to compare" } });
    const medication = await api.get(
      pairUrl({ medication: "nothing", a: "kestrel-lane-pharmacy", b: "mossgate-chemist" }),
    );
    expect(medication.status).toBe(404);
    expect(medication.body).toMatchObject({
      error: 'Medication "nothing" not found',
      fields: { medication: "not found" },
    });
    const missing = await api.get(
      pairUrl({ medication: "mounjaro", a: "kestrel-lane-pharmacy", b: "nowhere" }),
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ fields: { b: "not found" } });
    await api.withSql(
      "update pharmacies set active = false where id = 'mossgate-chemist'",
      "update pharmacies set active = true where id = 'mossgate-chemist'",
      async () => {
        const hidden = await api.get(
          pairUrl({ medication: "mounjaro", a: "mossgate-chemist", b: "kestrel-lane-pharmacy" }),
        );
        expect(hidden.status).toBe(404);
        expect(hidden.body).toMatchObject({ fields: { a: "not found" } });
      },
    );
    const blank = await api.get("/api/pages/compare?medication=&a=x&b=y");
    expect(blank.status).toBe(400);
  });
});

describe("the sitemap's compare pages", () => {
  it("pairs each medication's cheapest pharmacy with the next four, both pricing it, ids in order", async () => {
    const { body } = await api.get(urlOf(publicEndpoints.sitemapSources));
    const { pairs } = SitemapSources.parse(body);
    const mounjaro = pairs.filter((pair) => pair.medicationId === "mounjaro");
    expect(mounjaro).toHaveLength(4);
    const sellers = new Set(demoPrices.filter((p) => p.medicationId === "mounjaro").map((p) => p.pharmacyId));
    const cheapest = demoPrices
      .filter((p) => p.medicationId === "mounjaro")
      .sort((x, y) => x.price - y.price || (x.pharmacyId < y.pharmacyId ? -1 : 1))[0]?.pharmacyId;
    for (const pair of mounjaro) {
      expect(pair.a < pair.b).toBe(true);
      expect(sellers.has(pair.a) && sellers.has(pair.b)).toBe(true);
      expect([pair.a, pair.b]).toContain(cheapest);
    }
  });
});
