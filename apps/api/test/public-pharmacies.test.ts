import { ErrorBody, Pharmacy, publicEndpoints } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { demoPharmacies } from "../src/demo-data/index.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const PharmacyList = z.array(Pharmacy);
const nameOrder = (a: { name: string }, b: { name: string }) => {
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};
const topRated = [...demoPharmacies].sort((a, b) => b.rating - a.rating || nameOrder(a, b));

async function withInactive(id: string, run: () => Promise<void>) {
  await api.database.db.execute(`update pharmacies set active = false where id = '${id}'`);
  try {
    await run();
  } finally {
    await api.database.db.execute(`update pharmacies set active = true where id = '${id}'`);
  }
}

describe("GET /api/pharmacies", () => {
  it("lists every active pharmacy by name with the contract's field names", async () => {
    const { status, body } = await api.get(urlOf(publicEndpoints.listPharmacies));
    expect(status).toBe(200);
    const list = PharmacyList.parse(body);
    expect(list.map((p) => p.id)).toEqual([...demoPharmacies].sort(nameOrder).map((p) => p.id));
    const demo = demoPharmacies.find((p) => p.id === "fernquill-pharmacy");
    expect(list.find((p) => p.id === "fernquill-pharmacy")).toEqual({
      ...demo,
      _id: "fernquill-pharmacy",
      active: true,
      cqcNumber: null,
      // It charges no consultation fee: the defaults (decision 042).
      consultationFee: 0,
      consultationFeeBasis: "per-order",
      // It carries no referral parameters: it pays no commission (decision 044).
      sponsored: false,
      // It has no consultation address (decision 058).
      startsAtConsultation: false,
    });
  });

  it("leaves out inactive pharmacies", async () => {
    await withInactive("harbourlight-meds", async () => {
      const list = PharmacyList.parse((await api.get(urlOf(publicEndpoints.listPharmacies))).body);
      expect(list.map((p) => p.id)).not.toContain("harbourlight-meds");
      expect(list).toHaveLength(demoPharmacies.length - 1);
    });
  });
});

describe("GET /api/pharmacies/{id}", () => {
  it("answers one pharmacy", async () => {
    const { status, body } = await api.get(
      urlOf(publicEndpoints.getPharmacy, { params: { id: "kestrel-lane-pharmacy" } }),
    );
    expect(status).toBe(200);
    expect(Pharmacy.parse(body)).toMatchObject({
      id: "kestrel-lane-pharmacy",
      name: "Kestrel Lane Pharmacy",
    });
  });

  it("answers 404 for an unknown or inactive pharmacy", async () => {
    expect(await api.get(urlOf(publicEndpoints.getPharmacy, { params: { id: "boots" } }))).toEqual({
      status: 404,
      body: { error: 'Pharmacy "boots" not found', code: "not_found" },
    });
    await withInactive("kestrel-lane-pharmacy", async () => {
      expect(
        (await api.get(urlOf(publicEndpoints.getPharmacy, { params: { id: "kestrel-lane-pharmacy" } })))
          .status,
      ).toBe(404);
    });
  });
});

describe("GET /api/pharmacies/top/rated", () => {
  it("answers the 5 best rated by default, ties by name", async () => {
    const { status, body } = await api.get(urlOf(publicEndpoints.topRatedPharmacies));
    expect(status).toBe(200);
    expect(PharmacyList.parse(body).map((p) => p.id)).toEqual(topRated.slice(0, 5).map((p) => p.id));
  });

  it("honours limit up to 50", async () => {
    const three = PharmacyList.parse(
      (await api.get(urlOf(publicEndpoints.topRatedPharmacies, { query: { limit: 3 } }))).body,
    );
    expect(three.map((p) => p.id)).toEqual(topRated.slice(0, 3).map((p) => p.id));
    const fifty = PharmacyList.parse(
      (await api.get(urlOf(publicEndpoints.topRatedPharmacies, { query: { limit: 50 } }))).body,
    );
    expect(fifty.map((p) => p.id)).toEqual(topRated.map((p) => p.id));
  });

  it("leaves out inactive pharmacies", async () => {
    const best = topRated[0]?.id ?? "";
    await withInactive(best, async () => {
      const list = PharmacyList.parse((await api.get(urlOf(publicEndpoints.topRatedPharmacies))).body);
      expect(list.map((p) => p.id)).toEqual(topRated.slice(1, 6).map((p) => p.id));
    });
  });

  it.each(["limit=0", "limit=51", "limit=abc", "limit=-3"])(
    "answers 400 naming limit for ?%s",
    async (query) => {
      const { status, body } = await api.get(`/api/pharmacies/top/rated?${query}`);
      expect(status).toBe(400);
      expect(ErrorBody.parse(body)).toEqual({
        error: 'Invalid query parameter "limit": must be a whole number from 1 to 50',
        code: "invalid_request",
        fields: { limit: "must be a whole number from 1 to 50" },
      });
    },
  );
});
