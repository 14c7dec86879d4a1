import { AdminPharmacy, adminEndpoints } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { databaseFailure } from "../src/plugins/error-handler.ts";
import { catalogueCaller, expectRefusedUnchanged } from "./catalogue-helpers.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * A pharmacy's registrations: the GPhC premises number (7 digits starting with 1) and, where it has
 * one, its CQC location id. The back-office refuses a bad one by name; the database refuses it too.
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

const GPHC_RULE = "must be the pharmacy's 7-digit GPhC registration number, starting with 1";
const CQC_RULE = "must be a CQC location id: 1- then 8 to 12 digits, as on the CQC register";
const PharmacyBody = z.object({ pharmacy: AdminPharmacy });
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: "Curlew Row Pharmacy",
  website: "https://www.curlewrow.example",
  gphcNumber: "1966601",
  ...overrides,
});

describe("the GPhC number", () => {
  it.each([
    ["6 digits", "196660"],
    ["8 digits", "19666012"],
    ["starting with 2 (a pharmacist's number)", "2966601"],
    ["starting with 9", "9966601"],
    ["letters", "19A6601"],
    ["spaces inside", "196 6601"],
  ])("refuses %s, naming the field, with nothing written", async (_, gphcNumber) => {
    const refusal = await expectRefusedUnchanged(
      api,
      () => call(adminEndpoints.createPharmacy, { body: valid({ gphcNumber }) }),
      400,
    );
    expect(refusal.fields).toEqual({ gphcNumber: GPHC_RULE });
  });

  it("refuses a change to a bad number the same way", async () => {
    const refusal = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updatePharmacy, {
          params: { id: "kestrel-lane-pharmacy" },
          body: { gphcNumber: "2104721" },
        }),
      400,
    );
    expect(refusal.fields).toEqual({ gphcNumber: GPHC_RULE });
  });

  it("accepts 7 digits starting with 1, trimmed", async () => {
    const res = await call(adminEndpoints.createPharmacy, { body: valid({ gphcNumber: " 1966601 " }) });
    expect(res.status).toBe(201);
    const stored = await call(adminEndpoints.getAdminPharmacy, { params: { id: "curlew-row-pharmacy" } });
    expect(PharmacyBody.parse(stored.body).pharmacy).toMatchObject({
      gphcNumber: "1966601",
      cqcNumber: null,
    });
  });
});

describe("the CQC number", () => {
  it.each([
    ["no 1- prefix", "101634316"],
    ["another prefix", "2-101634316"],
    ["too few digits", "1-1234567"],
    ["too many digits", "1-1234567890123"],
    ["letters", "1-10163431X"],
    ["a GPhC number", "1966602"],
  ])("refuses %s, naming the field, with nothing written", async (_, cqcNumber) => {
    const refusal = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createPharmacy, {
          body: valid({ name: "Dunlin Pharmacy", gphcNumber: "1966602", cqcNumber }),
        }),
      400,
    );
    expect(refusal.fields).toEqual({ cqcNumber: CQC_RULE });
  });

  it("is stored when given, cleared with an empty value, and optional", async () => {
    const created = await call(adminEndpoints.createPharmacy, {
      body: valid({ name: "Dunlin Pharmacy", gphcNumber: "1966602", cqcNumber: " 1-999000123 " }),
    });
    expect(created.status).toBe(201);
    const read = async () =>
      PharmacyBody.parse(
        (await call(adminEndpoints.getAdminPharmacy, { params: { id: "dunlin-pharmacy" } })).body,
      ).pharmacy;
    expect((await read()).cqcNumber).toBe("1-999000123");

    const kept = await call(adminEndpoints.updatePharmacy, {
      params: { id: "dunlin-pharmacy" },
      body: { rating: 4.2 },
    });
    expect(PharmacyBody.parse(kept.body).pharmacy.cqcNumber).toBe("1-999000123");

    const cleared = await call(adminEndpoints.updatePharmacy, {
      params: { id: "dunlin-pharmacy" },
      body: { cqcNumber: "" },
    });
    expect(cleared.status).toBe(200);
    expect((await read()).cqcNumber).toBeNull();

    await call(adminEndpoints.updatePharmacy, {
      params: { id: "dunlin-pharmacy" },
      body: { cqcNumber: "1-99900012345" },
    });
    expect((await read()).cqcNumber).toBe("1-99900012345");
    await call(adminEndpoints.updatePharmacy, {
      params: { id: "dunlin-pharmacy" },
      body: { cqcNumber: null },
    });
    expect((await read()).cqcNumber).toBeNull();
  });
});

describe("the database's own rules", () => {
  async function refusedBy(statement: string): Promise<string | undefined> {
    try {
      await api.database.db.execute(statement);
    } catch (error) {
      const failure = databaseFailure(error);
      expect(failure?.code).toBe("23514");
      return failure?.constraint;
    }
    throw new Error(`accepted: ${statement}`);
  }
  const insert = (gphc: string, cqc: string | null) =>
    `insert into pharmacies (id, name, website, gphc_number, cqc_number)
     values ('raw-pharmacy', 'Raw', 'https://raw.example', '${gphc}', ${cqc === null ? "null" : `'${cqc}'`})`;

  it("refuses a GPhC number or CQC id the contract would refuse", async () => {
    expect(await refusedBy(insert("2966609", null))).toBe("pharmacies_gphc_format");
    expect(await refusedBy(insert("196660", null))).toBe("pharmacies_gphc_format");
    expect(await refusedBy(insert("1966609", "101634316"))).toBe("pharmacies_cqc_format");
    expect(await refusedBy(insert("1966609", "1-12"))).toBe("pharmacies_cqc_format");
  });

  it("keeps a row that follows both", async () => {
    await api.database.db.execute(insert("1966609", "1-999000777"));
    await api.database.db.execute("delete from pharmacies where id = 'raw-pharmacy'");
  });
});
