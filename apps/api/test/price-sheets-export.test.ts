import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Price } from "@pharmacompare/contract";
import {
  conditionMapper,
  importPriceSheets,
  readWorkbookJson,
  workbookJson,
} from "@pharmacompare/price-sheets";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshBuiltFallback } from "../../../scripts/fallback-file.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const key = (price: Pick<Price, "medicationId" | "pharmacyId" | "dosage" | "price">) =>
  `${price.medicationId}|${price.pharmacyId}|${price.dosage}|${price.price}`;

/** Every price a visitor sees in stock, from the live services. */
async function livePrices(): Promise<Price[]> {
  const { services } = api.app;
  const medications = await services.medications.listPublic({ limit: 10_000, offset: 0 });
  const all: Price[] = [];
  for (const medication of medications) all.push(...(await services.prices.forMedication(medication.id)));
  return all.filter((price) => price.inStock);
}

/** A sheet's rows without its "Last updated" row: the seed dates prices at the moment it runs. */
function undated(workbook: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(workbook).map(([name, sheet]) => [
      name,
      Array.isArray(sheet)
        ? sheet.filter((row) => !(Array.isArray(row) && row[0] === "Last updated"))
        : sheet,
    ]),
  );
}

describe("the fallback file made from the database (decision 017)", () => {
  it("reads back through the importer to the live in-stock prices, nothing skipped but notes", async () => {
    const { services } = api.app;
    const { workbook } = await services.priceSheets.publicWorkbook({ About: "notes" });
    const mapCondition = conditionMapper(await services.categories.listPublic());
    const back = importPriceSheets(readWorkbookJson(workbookJson(workbook)), {
      mapCondition,
      defaultLastUpdated: new Date(),
    });
    expect(back.skipped).toEqual([{ sheet: "About", reason: "not an array of at least 6 rows" }]);
    const live = await livePrices();
    expect(live.length).toBeGreaterThan(100);
    // Ids follow public site §5 in the file; live ids come from the catalogue's rule (equal for these names).
    const liveMedicationIds = new Set(live.map((price) => price.medicationId));
    const sameIds = back.prices.filter((price) => liveMedicationIds.has(price.medicationId));
    expect(sameIds.length).toBeGreaterThan(live.length * 0.9);
    expect(
      back.prices.map((price) => `${price.dosage}|${price.price}|${price.pharmacy.name}`).sort(),
    ).toEqual(live.map((price) => `${price.dosage}|${price.price}|${price.pharmacy.name}`).sort());
    for (const price of sameIds) expect(live.map(key)).toContain(key(price));
  });

  it("is refreshed at start-up only for a catalogue small enough to write it quickly", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pc-fallback-"));
    const file = path.join(dir, "medications.json");
    try {
      const count = (await api.app.services.medications.listPublic({ limit: 10_000, offset: 0 })).length;
      expect(await refreshBuiltFallback(api.app, { file, maxMedications: count - 1 })).toBe(false);
      expect(existsSync(file)).toBe(false);
      expect(await refreshBuiltFallback(api.app, { file, maxMedications: count })).toBe(true);
      const { workbook } = await api.app.services.priceSheets.publicWorkbook();
      expect(Object.keys(readWorkbookJson(readFileSync(file, "utf8")))).toEqual(
        expect.arrayContaining(Object.keys(workbook)),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is what apps/web/public/data/medications.json holds (run npm run export:fallback after changing the demo data)", async () => {
    const shipped = readWorkbookJson(
      readFileSync(new URL("../../web/public/data/medications.json", import.meta.url), "utf8"),
    );
    const { workbook } = await api.app.services.priceSheets.publicWorkbook();
    const { "About this file": about, ...sheets } = undated(shipped);
    expect(typeof about).toBe("string");
    expect(sheets).toEqual(undated(workbook));
  });
});
