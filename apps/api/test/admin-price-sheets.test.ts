import { deflateRawSync } from "node:zlib";
import {
  adminEndpoints,
  type EndpointDefinition,
  ErrorBody,
  endpointUrl,
  PriceSheetApplied,
  PriceSheetFile,
  PriceSheetPreview,
} from "@pharmacompare/contract";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, prices } from "../src/db/schema.ts";
import { bearer, signIn } from "./admin-helpers.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await createTestApi();
  token = await signIn(api.app);
});
afterAll(async () => {
  await api?.close();
});

async function call(
  endpoint: EndpointDefinition,
  input: { body?: unknown; query?: Record<string, string> } = {},
) {
  const res = await api.app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, input),
    headers: bearer(token),
    ...(input.body === undefined ? {} : { payload: input.body as object }),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

const upload = (fileName: string, bytes: Buffer) =>
  call(adminEndpoints.previewPriceSheet, { body: { fileName, content: bytes.toString("base64") } });

/** The whole price table and audit log, to show a refused or failed file changed nothing. */
async function snapshot() {
  const rows = await api.database.db
    .select({ id: prices.id, price: prices.price, updated: prices.lastUpdated })
    .from(prices)
    .orderBy(prices.id);
  const [audits] = await api.database.db.select({ count: sql<number>`count(*)::int` }).from(auditLog);
  return { rows, audits: audits?.count };
}

/** The stored price row of one medication, pharmacy and dosage, or null. */
async function storedPrice(medicationId: string, pharmacyId: string, dosage: string) {
  const [row] = await api.database.db
    .select({ price: prices.price, link: prices.link })
    .from(prices)
    .where(
      and(
        eq(prices.medicationId, medicationId),
        eq(prices.pharmacyId, pharmacyId),
        eq(prices.dosage, dosage),
      ),
    );
  return row ?? null;
}

const priceOf = async (medicationId: string, pharmacyId: string, dosage: string) =>
  (await storedPrice(medicationId, pharmacyId, dosage))?.price ?? null;
const linkOf = async (medicationId: string, pharmacyId: string, dosage: string) =>
  (await storedPrice(medicationId, pharmacyId, dosage))?.link ?? null;

/** Two stored Viagra prices of one pharmacy, and a pharmacy without Viagra in the dosage. */
async function viagraFixture() {
  const rows = await api.database.db
    .select({ pharmacyId: prices.pharmacyId, dosage: prices.dosage, price: prices.price })
    .from(prices)
    .where(eq(prices.medicationId, "viagra"));
  const [first] = rows;
  if (!first) throw new Error("the demo data has Viagra prices");
  const second = rows.find((row) => row.pharmacyId === first.pharmacyId && row.dosage !== first.dosage);
  if (!second) throw new Error("a pharmacy with two Viagra dosages");
  return { pharmacyId: first.pharmacyId, changed: first, unchanged: second };
}

async function xlsx(sheets: Record<string, unknown[][]>, tweak?: (book: ExcelJS.Workbook) => void) {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  tweak?.(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const head = (condition = "Erectile Dysfunction") => [
  ["Generic name", "Sildenafil"],
  ["Form", "Tablets"],
  ["Description", ""],
  ["Condition", condition],
  ["Last updated", "2026-01-01"],
];

async function pharmacyName(id: string) {
  const { pharmacies } = await import("../src/db/schema.ts");
  const [row] = await api.database.db
    .select({ name: pharmacies.name })
    .from(pharmacies)
    .where(eq(pharmacies.id, id));
  return row?.name ?? "";
}

describe("price sheet upload: preview and apply", () => {
  it("previews new, changed and unchanged prices, unknown names and skips without changing anything", async () => {
    const { pharmacyId, changed, unchanged } = await viagraFixture();
    const name = (await pharmacyName(pharmacyId)).toUpperCase(); // names match ignoring case
    const file = await xlsx({
      Viagra: [
        ...head(),
        ["Pharmacy", "Rating", changed.dosage, unchanged.dosage, "999mg x 1", "link"],
        [name, 4, changed.price + 1, unchanged.price, 5, "https://example.com/v"],
        ["Nowhere Chemist", 4, 10, 10, "", ""],
        ["Bad Price Pharmacy", 4, "N/A", "", "", ""],
      ],
      "No Such Pill": [...head(), ["Pharmacy", "Rating", "1mg", "link"], [name, 4, 3]],
      Notes: [["just notes"]],
    });
    const before = await snapshot();
    const { status, body } = await upload("prices.xlsx", file);
    expect(status).toBe(200);
    const preview = PriceSheetPreview.parse(body);
    expect(preview.counts).toMatchObject({ new: 0, changed: 1, unchanged: 1 });
    expect(preview.changes.find((change) => change.status === "changed")).toMatchObject({
      medicationId: "viagra",
      pharmacyId,
      dosage: changed.dosage,
      oldPrice: changed.price,
      newPrice: changed.price + 1,
    });
    expect(preview.unknownMedications).toEqual([
      {
        sheet: "No Such Pill",
        name: "No Such Pill",
        condition: "Erectile Dysfunction",
        dosages: ["1mg"],
        legalCategory: "POM",
        prices: 1,
      },
    ]);
    expect(preview.legalCategoryChanges).toEqual([]);
    expect(preview.unknownPharmacies).toEqual([
      { name: "Nowhere Chemist", sheets: ["Viagra"], website: null, prices: 2 },
    ]);
    expect(preview.skipped).toEqual(
      expect.arrayContaining([
        { sheet: "Notes", reason: "not an array of at least 6 rows" },
        { sheet: "Viagra", row: 9, column: 3, reason: "not a price above 0" },
        expect.objectContaining({ sheet: "Viagra", reason: expect.stringContaining('dosage "999mg x 1"') }),
      ]),
    );
    expect(await snapshot()).toEqual(before);
    expect(api.app.services.priceSheets.heldCount()).toBe(1);

    const applied = await call(adminEndpoints.applyPriceSheet, { body: {} });
    expect(applied.status).toBe(200);
    expect(PriceSheetApplied.parse(applied.body)).toMatchObject({
      written: 1,
      changed: 1,
      new: 0,
      unchanged: 1,
    });
    expect(await priceOf("viagra", pharmacyId, changed.dosage)).toBe(changed.price + 1);
    expect(await priceOf("viagra", pharmacyId, unchanged.dosage)).toBe(unchanged.price);
    const [entry] = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "import"))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(entry?.changes).toMatchObject({ file: "prices.xlsx", written: 1, changed: 1, unchanged: 1 });
    expect((await snapshot()).audits).toBe((before.audits ?? 0) + 1);

    // Applied once: nothing is held any more.
    expect((await call(adminEndpoints.applyPriceSheet, { body: {} })).status).toBe(404);
    expect(api.app.services.priceSheets.heldCount()).toBe(0);
  });

  it("reads a CSV as one sheet named by the file, and holds one upload per administrator", async () => {
    const { pharmacyId, changed } = await viagraFixture();
    const csv = [
      '"Generic name","Sildenafil"',
      "Form,Tablets",
      "Description,",
      "Condition,Erectile Dysfunction",
      "Last updated,2026-01-01",
      `Pharmacy,Rating,${changed.dosage},link`,
      `"${await pharmacyName(pharmacyId)}",4,${changed.price + 2},`,
      "Nobody Chemist,4,-,",
    ].join("\r\n");
    const first = await upload("Viagra.csv", Buffer.from(csv));
    expect(first.status).toBe(200);
    const preview = PriceSheetPreview.parse(first.body);
    expect(preview.counts.changed).toBe(1);
    // A "-" is no formula: the cell is reported, the file read.
    expect(preview.skipped).toEqual([{ sheet: "Viagra", row: 8, column: 3, reason: "not a price above 0" }]);
    const second = await upload("Viagra.csv", Buffer.from(csv));
    expect(second.status).toBe(200);
    expect(api.app.services.priceSheets.heldCount()).toBe(1);
    expect((await call(adminEndpoints.discardPriceSheet)).status).toBe(200);
    expect(api.app.services.priceSheets.heldCount()).toBe(0);
  });

  it("applies all or nothing: a failure on the last row leaves every price and the audit log as they were", async () => {
    const { pharmacyId, changed, unchanged } = await viagraFixture();
    // The price-write path writes in dosage order here: the later dosage carries the planted failure.
    const [early, late] = [changed, unchanged].sort((a, b) => (a.dosage < b.dosage ? -1 : 1));
    if (!early || !late) throw new Error("two dosages");
    const file = await xlsx({
      Viagra: [
        ...head(),
        ["Pharmacy", "Rating", early.dosage, late.dosage, "link"],
        [await pharmacyName(pharmacyId), 4, early.price + 5, 77.77],
      ],
    });
    expect((await upload("prices.xlsx", file)).status).toBe(200);
    const before = await snapshot();
    // The planted constraint refuses the row at 77.77, after the first row was written.
    await api.withSql(
      "ALTER TABLE prices ADD CONSTRAINT test_no_77_77 CHECK (price <> 77.77)",
      "ALTER TABLE prices DROP CONSTRAINT test_no_77_77",
      async () => {
        const { status } = await call(adminEndpoints.applyPriceSheet, { body: {} });
        expect(status).toBeGreaterThanOrEqual(400);
      },
    );
    expect(await snapshot()).toEqual(before);
    await call(adminEndpoints.discardPriceSheet);
  });

  it("creates the unknown medications and pharmacies chosen, with their prices, in the same transaction", async () => {
    const { pharmacyId } = await viagraFixture();
    const known = await pharmacyName(pharmacyId);
    const file = await xlsx({
      "Calmora Test": [
        ["Generic name", "Calmorazine"],
        ["Form", "Capsules"],
        ["Description", "A medication made up for this test"],
        ["Condition", "Erectile Dysfunction"],
        ["Last updated", "2026-01-01"],
        ["Pharmacy", "Rating", "10mg x 8", "20mg x 8", "link"],
        [known, 4, 11.5, 19.99, ""],
        ["Harbourlight Test Chemist", 4.3, 10.25, "", "https://harbourlight.example/calmora"],
      ],
      "Skipped Test Pill": [...head(), ["Pharmacy", "Rating", "1mg", "link"], [known, 4, 3]],
    });
    const preview = PriceSheetPreview.parse((await upload("new.xlsx", file)).body);
    expect(preview.unknownMedications.map((entry) => [entry.sheet, entry.prices])).toEqual([
      ["Calmora Test", 3],
      ["Skipped Test Pill", 1],
    ]);
    expect(preview.unknownPharmacies).toEqual([
      {
        name: "Harbourlight Test Chemist",
        sheets: ["Calmora Test"],
        website: "https://harbourlight.example",
        prices: 1,
      },
    ]);
    const before = await snapshot();

    // Choices must name this file's unknowns; a refusal changes nothing and keeps the upload.
    const wrong = await call(adminEndpoints.applyPriceSheet, { body: { createMedications: ["Viagra"] } });
    expect(wrong.status).toBe(400);
    expect(ErrorBody.parse(wrong.body).fields).toEqual({
      "createMedications.0": '"Viagra" is not a medication this file would add',
    });
    const badGphc = await call(adminEndpoints.applyPriceSheet, {
      body: {
        createPharmacies: [
          { name: "Harbourlight Test Chemist", website: "https://harbourlight.example", gphcNumber: "123" },
        ],
      },
    });
    expect(badGphc.status).toBe(400);
    expect(ErrorBody.parse(badGphc.body).fields?.["createPharmacies.0.gphcNumber"]).toMatch(/GPhC/);
    // A GPhC number another pharmacy holds: the medication created first is rolled back too.
    const { pharmacies } = await import("../src/db/schema.ts");
    const [holder] = await api.database.db
      .select({ gphcNumber: pharmacies.gphcNumber })
      .from(pharmacies)
      .where(eq(pharmacies.id, pharmacyId));
    const taken = await call(adminEndpoints.applyPriceSheet, {
      body: {
        createMedications: ["Calmora Test"],
        createPharmacies: [
          {
            name: "harbourlight test chemist",
            website: "https://harbourlight.example",
            gphcNumber: holder?.gphcNumber,
          },
        ],
      },
    });
    expect(taken.status).toBe(409);
    expect(await snapshot()).toEqual(before);
    expect(api.app.services.priceSheets.heldCount()).toBe(1);

    const applied = await call(adminEndpoints.applyPriceSheet, {
      body: {
        createMedications: ["Calmora Test"],
        createPharmacies: [
          {
            name: "Harbourlight Test Chemist",
            website: "https://harbourlight.example",
            gphcNumber: "1999871",
          },
        ],
      },
    });
    expect(applied.status).toBe(200);
    expect(PriceSheetApplied.parse(applied.body)).toMatchObject({
      new: 3,
      written: 3,
      createdMedications: 1,
      createdPharmacies: 1,
    });
    const { medications } = await import("../src/db/schema.ts");
    const [medication] = await api.database.db
      .select()
      .from(medications)
      .where(eq(medications.name, "Calmora Test"));
    expect(medication).toMatchObject({
      id: "calmora-test",
      genericName: "Calmorazine",
      form: "Capsules",
      subcategoryId: "erectile-dysfunction",
      dosages: ["10mg x 8", "20mg x 8"],
      active: true,
    });
    const [pharmacy] = await api.database.db
      .select()
      .from(pharmacies)
      .where(eq(pharmacies.name, "Harbourlight Test Chemist"));
    expect(pharmacy).toMatchObject({
      id: "harbourlight-test-chemist",
      // Stored as the URL parser's href (issue 42).
      website: "https://harbourlight.example/",
      gphcNumber: "1999871",
      rating: 4.3,
      deliveryTime: "1-3 days",
      prescriptionRequired: true,
    });
    expect(await priceOf("calmora-test", pharmacyId, "10mg x 8")).toBe(11.5);
    expect(await priceOf("calmora-test", pharmacyId, "20mg x 8")).toBe(19.99);
    expect(await priceOf("calmora-test", "harbourlight-test-chemist", "10mg x 8")).toBe(10.25);
    // The skipped medication was not created.
    expect(
      await api.database.db.select().from(medications).where(eq(medications.name, "Skipped Test Pill")),
    ).toEqual([]);
    // One import entry with the counts, and a create entry for each new item.
    const entries = await api.database.db
      .select({ action: auditLog.action, entityType: auditLog.entityType, changes: auditLog.changes })
      .from(auditLog)
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(3);
    expect(entries.map((entry) => `${entry.action} ${entry.entityType}`).sort()).toEqual([
      "create medication",
      "create pharmacy",
      "import price",
    ]);
    expect(entries.find((entry) => entry.action === "import")?.changes).toMatchObject({
      createdMedications: 1,
      createdPharmacies: 1,
      new: 3,
    });

    // Leave the demo data as it was.
    await api.database.db.delete(prices).where(eq(prices.medicationId, "calmora-test"));
    await api.database.db.delete(prices).where(eq(prices.pharmacyId, "harbourlight-test-chemist"));
    await api.database.db.delete(medications).where(eq(medications.id, "calmora-test"));
    await api.database.db.delete(pharmacies).where(eq(pharmacies.id, "harbourlight-test-chemist"));
  });
});

describe("price sheet upload: the optional legal category (decision 035)", () => {
  it("sets a catalogue medication's stated category, leaves one without a category as it is, and creates new ones with theirs or POM", async () => {
    const { medications } = await import("../src/db/schema.ts");
    const categoryOf = async (id: string) =>
      (
        await api.database.db
          .select({ legalCategory: medications.legalCategory })
          .from(medications)
          .where(eq(medications.id, id))
      )[0]?.legalCategory;
    expect([await categoryOf("alli"), await categoryOf("viagra-connect")]).toEqual(["P", "P"]);
    const header = ["Pharmacy", "Rating", "1 pack", "link"];
    const withCategory = (category: string) => {
      const rows: unknown[][] = head();
      rows[1] = ["Form", "Tablets", "Legal category", category];
      return rows;
    };
    const file = await xlsx({
      Alli: [...withCategory("pom"), header],
      "Viagra Connect": [...withCategory(""), header],
      Viagra: [...withCategory("POM"), header],
      "Stated Test Gel": [...withCategory("GSL"), header],
      "Unstated Test Pill": [...head(), header],
    });
    const preview = PriceSheetPreview.parse((await upload("categories.xlsx", file)).body);
    // Only Alli changes: Viagra already is POM and Viagra Connect's sheet states nothing.
    expect(preview.legalCategoryChanges).toEqual([
      { medicationId: "alli", medicationName: "Alli", from: "P", to: "POM" },
    ]);
    expect(preview.unknownMedications.map((entry) => [entry.sheet, entry.legalCategory])).toEqual([
      ["Stated Test Gel", "GSL"],
      ["Unstated Test Pill", "POM"],
    ]);
    expect(await categoryOf("alli")).toBe("P");

    const applied = await call(adminEndpoints.applyPriceSheet, {
      body: { createMedications: ["Stated Test Gel", "Unstated Test Pill"] },
    });
    expect(applied.status).toBe(200);
    expect(PriceSheetApplied.parse(applied.body)).toMatchObject({
      changedLegalCategories: 1,
      createdMedications: 2,
    });
    expect(await categoryOf("alli")).toBe("POM");
    expect(await categoryOf("viagra-connect")).toBe("P");
    expect(await categoryOf("stated-test-gel")).toBe("GSL");
    expect(await categoryOf("unstated-test-pill")).toBe("POM");
    const [entry] = await api.database.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, "alli"), eq(auditLog.action, "update")))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(entry?.changes).toEqual({ legalCategory: { from: "P", to: "POM" }, file: "categories.xlsx" });

    // Leave the demo data as it was.
    await api.database.db.update(medications).set({ legalCategory: "P" }).where(eq(medications.id, "alli"));
    for (const id of ["stated-test-gel", "unstated-test-pill"]) {
      await api.database.db.delete(medications).where(eq(medications.id, id));
    }
  });

  it("exports each medication's category on row 2, after its form", async () => {
    const res = await call(adminEndpoints.exportPriceSheet, { query: { medicationId: "alli" } });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      Buffer.from(PriceSheetFile.parse(res.body).content, "base64") as unknown as ArrayBuffer,
    );
    const values = book.worksheets[0]?.getRow(2).values as unknown[];
    expect(values.slice(1)).toEqual(["Form", "Capsules", "Legal category", "P"]);
  });
});

describe("price sheet upload: links are checked, shown and applied only on the pharmacy's site unless ticked", () => {
  async function pharmacyRow(id: string) {
    const { pharmacies } = await import("../src/db/schema.ts");
    const [row] = await api.database.db
      .select({ name: pharmacies.name, website: pharmacies.website })
      .from(pharmacies)
      .where(eq(pharmacies.id, id));
    if (!row) throw new Error("a pharmacy");
    return row;
  }
  async function lastImportEntry() {
    const [entry] = await api.database.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.action, "import"))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    return entry?.changes as { links?: unknown[] } | undefined;
  }

  it("skips an invalid link with the reason and writes the row's prices without it", async () => {
    const { pharmacyId, changed } = await viagraFixture();
    const before = await linkOf("viagra", pharmacyId, changed.dosage);
    const file = await xlsx({
      Viagra: [
        ...head(),
        ["Pharmacy", "Rating", changed.dosage, "link"],
        [(await pharmacyRow(pharmacyId)).name, 4, changed.price + 3, "http://"],
      ],
    });
    const preview = PriceSheetPreview.parse((await upload("links.xlsx", file)).body);
    expect(preview.skipped).toContainEqual({
      sheet: "Viagra",
      row: 7,
      column: 4,
      reason:
        'link "http://" must be a web address starting with http:// or https://; the row\'s prices are read without it',
    });
    expect(preview.linkChanges).toEqual([]);
    expect((await call(adminEndpoints.applyPriceSheet, { body: {} })).status).toBe(200);
    expect(await priceOf("viagra", pharmacyId, changed.dosage)).toBe(changed.price + 3);
    expect(await linkOf("viagra", pharmacyId, changed.dosage)).toBe(before);
  });

  it("lists every link change old host → new host, flags one off the pharmacy's site and applies it only when ticked; the audit entry lists them", async () => {
    const { pharmacyId, changed, unchanged } = await viagraFixture();
    const pharmacy = await pharmacyRow(pharmacyId);
    const own = `${new URL(pharmacy.website).origin}/offers/viagra-${Date.now()}`;
    const elsewhere = `https://cheap-pills-${Date.now()}.example/viagra`;
    const oldLink = await linkOf("viagra", pharmacyId, unchanged.dosage);
    const file = await xlsx({
      Viagra: [
        ...head(),
        ["Pharmacy", "Rating", changed.dosage, unchanged.dosage, "link"],
        [pharmacy.name, 4, changed.price + 4, unchanged.price + 4, elsewhere],
      ],
    });
    const preview = PriceSheetPreview.parse((await upload("links.xlsx", file)).body);
    expect(preview.linkChanges).toHaveLength(2);
    const flaggedChange = preview.linkChanges.find((change) => change.dosage === unchanged.dosage);
    expect(flaggedChange).toMatchObject({
      medicationName: "Viagra",
      pharmacyName: pharmacy.name,
      oldLink,
      oldHost: oldLink ? new URL(oldLink).hostname : null,
      newLink: elsewhere,
      newHost: new URL(elsewhere).hostname,
      website: pharmacy.website,
      flagged: true,
    });
    const otherChange = preview.linkChanges.find((change) => change.dosage === changed.dosage);
    if (!flaggedChange || !otherChange) throw new Error("two link changes");

    // Not ticked: the prices are written, the flagged links are not.
    const applied = await call(adminEndpoints.applyPriceSheet, { body: {} });
    expect(applied.status).toBe(200);
    expect(await priceOf("viagra", pharmacyId, unchanged.dosage)).toBe(unchanged.price + 4);
    expect(await linkOf("viagra", pharmacyId, unchanged.dosage)).toBe(oldLink);
    expect((await lastImportEntry())?.links).toEqual(
      expect.arrayContaining([
        {
          medication: "Viagra",
          pharmacy: pharmacy.name,
          dosage: unchanged.dosage,
          from: oldLink,
          to: elsewhere,
          applied: false,
        },
      ]),
    );

    // A link on the pharmacy's own site needs no tick; a ticked one off it is applied.
    const second = await xlsx({
      Viagra: [
        ...head(),
        ["Pharmacy", "Rating", changed.dosage, unchanged.dosage, "link"],
        [pharmacy.name, 4, changed.price + 5, unchanged.price + 5, own],
      ],
    });
    const ownPreview = PriceSheetPreview.parse((await upload("links.xlsx", second)).body);
    expect(ownPreview.linkChanges.every((change) => !change.flagged)).toBe(true);
    expect((await call(adminEndpoints.applyPriceSheet, { body: {} })).status).toBe(200);
    expect(await linkOf("viagra", pharmacyId, unchanged.dosage)).toBe(own);

    const third = await xlsx({
      Viagra: [
        ...head(),
        ["Pharmacy", "Rating", unchanged.dosage, "link"],
        [pharmacy.name, 4, unchanged.price + 6, elsewhere],
      ],
    });
    const thirdPreview = PriceSheetPreview.parse((await upload("links.xlsx", third)).body);
    const [ticked] = thirdPreview.linkChanges;
    expect(ticked).toMatchObject({
      flagged: true,
      oldHost: new URL(own).hostname,
      newHost: new URL(elsewhere).hostname,
    });
    const unknownId = await call(adminEndpoints.applyPriceSheet, { body: { acceptLinks: ["link-999"] } });
    expect(unknownId.status).toBe(400);
    expect(ErrorBody.parse(unknownId.body).fields?.["acceptLinks.0"]).toMatch(
      /not a link change of this file/,
    );
    expect((await call(adminEndpoints.applyPriceSheet, { body: { acceptLinks: [ticked?.id] } })).status).toBe(
      200,
    );
    expect(await linkOf("viagra", pharmacyId, unchanged.dosage)).toBe(elsewhere);
    expect((await lastImportEntry())?.links).toEqual([
      {
        medication: "Viagra",
        pharmacy: pharmacy.name,
        dosage: unchanged.dosage,
        from: own,
        to: elsewhere,
        applied: true,
      },
    ]);

    // Leave the demo data as it was.
    await api.database.db
      .update(prices)
      .set({ price: unchanged.price, link: oldLink })
      .where(
        and(
          eq(prices.medicationId, "viagra"),
          eq(prices.pharmacyId, pharmacyId),
          eq(prices.dosage, unchanged.dosage),
        ),
      );
    await api.database.db
      .update(prices)
      .set({ price: changed.price })
      .where(
        and(
          eq(prices.medicationId, "viagra"),
          eq(prices.pharmacyId, pharmacyId),
          eq(prices.dosage, changed.dosage),
        ),
      );
  });

  it("checks a new pharmacy's link against the website staff give it at Apply, not the one offered", async () => {
    const file = await xlsx({
      Viagra: [
        ...head(),
        ["Pharmacy", "Rating", (await viagraFixture()).changed.dosage, "link"],
        ["Linkcheck Test Chemist", 4, 12.34, "https://linkcheck.example/viagra"],
      ],
    });
    const preview = PriceSheetPreview.parse((await upload("new-link.xlsx", file)).body);
    expect(preview.linkChanges).toEqual([
      expect.objectContaining({
        pharmacyName: "Linkcheck Test Chemist",
        oldHost: null,
        newHost: "linkcheck.example",
        website: "https://linkcheck.example",
        flagged: false,
      }),
    ]);
    const applied = await call(adminEndpoints.applyPriceSheet, {
      body: {
        createPharmacies: [
          { name: "Linkcheck Test Chemist", website: "https://another-site.example", gphcNumber: "1999872" },
        ],
      },
    });
    expect(applied.status).toBe(200);
    expect(
      await linkOf("viagra", "linkcheck-test-chemist", (await viagraFixture()).changed.dosage),
    ).toBeNull();
    expect((await lastImportEntry())?.links).toEqual([
      expect.objectContaining({
        pharmacy: "Linkcheck Test Chemist",
        to: "https://linkcheck.example/viagra",
        applied: false,
      }),
    ]);
    const { pharmacies } = await import("../src/db/schema.ts");
    await api.database.db.delete(prices).where(eq(prices.pharmacyId, "linkcheck-test-chemist"));
    await api.database.db.delete(pharmacies).where(eq(pharmacies.id, "linkcheck-test-chemist"));
  });
});

/** A zip whose one big part is `size` zero bytes, deflated, plus a workbook's two marker parts. */
function zipBomb(size: number): Buffer {
  const parts: [string, Buffer][] = [
    ["[Content_Types].xml", Buffer.from("<Types/>")],
    ["xl/workbook.xml", Buffer.from("<workbook/>")],
    ["xl/worksheets/sheet1.xml", Buffer.alloc(size)],
  ];
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of parts) {
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    central.push(entry, fileName);
    offset += 30 + fileName.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe("price sheet upload: hostile files are refused and change nothing", () => {
  const cases: [string, () => Promise<[string, Buffer]>, number, RegExp][] = [
    ["text named .xlsx", async () => ["prices.xlsx", Buffer.from("Pharmacy,Rating\n")], 415, /not an \.xlsx/],
    ["a workbook named .csv", async () => ["prices.csv", await xlsx({ A: [["x"]] })], 415, /not CSV text/],
    ["another type", async () => ["prices.pdf", Buffer.from("%PDF-1.7")], 415, /\.xlsx workbook or a \.csv/],
    ["a zip bomb", async () => ["prices.xlsx", zipBomb(200 * 1024 * 1024)], 413, /zip bomb/],
    [
      "a formula cell",
      async () => [
        "prices.xlsx",
        await xlsx({
          Viagra: [...head(), ["Pharmacy", "Rating", "50mg", "link"], ["A", 4, { formula: "1+1" }]],
        }),
      ],
      400,
      /Sheet "Viagra" cell C7 holds a formula/,
    ],
    [
      "a CSV formula",
      async () => ["Viagra.csv", Buffer.from('Pharmacy,Rating\nA,4\n"=HYPERLINK(""http://x"")",4\n')],
      400,
      /Row 3 cell A holds a formula/,
    ],
    [
      "100,000 rows",
      async () => ["Viagra.csv", Buffer.from("A,4,1\n".repeat(100_000))],
      413,
      /more than 20,000 rows/,
    ],
    [
      "10 MB in one cell",
      async () => ["Viagra.csv", Buffer.from(`A,4,${"9".repeat(7 * 1024 * 1024)}\n`)],
      400,
      /more than 2,000 characters/,
    ],
  ];

  it.each(cases)("refuses %s", async (_label, make, status, message) => {
    const [fileName, bytes] = await make();
    const before = await snapshot();
    const res = await upload(fileName, bytes);
    expect(res.status).toBe(status);
    expect(ErrorBody.parse(res.body).error).toMatch(message);
    expect(await snapshot()).toEqual(before);
    expect(api.app.services.priceSheets.heldCount()).toBe(0);
  });

  it("refuses a file over 10 MB", async () => {
    const res = await upload("prices.csv", Buffer.alloc(10 * 1024 * 1024 + 10, 65));
    expect([400, 413]).toContain(res.status);
    expect(ErrorBody.parse(res.body).error).toMatch(/10 MB/);
  });
});

describe("price sheet export", () => {
  it("answers one medication's prices as a workbook that uploads back unchanged", async () => {
    const res = await call(adminEndpoints.exportPriceSheet, { query: { medicationId: "cialis" } });
    expect(res.status).toBe(200);
    const file = PriceSheetFile.parse(res.body);
    expect(file.fileName).toBe("cialis-prices.xlsx");
    const preview = PriceSheetPreview.parse(
      (await upload(file.fileName, Buffer.from(file.content, "base64"))).body,
    );
    expect(preview.counts.changed + preview.counts.new).toBe(0);
    expect(preview.counts.unchanged).toBeGreaterThan(5);
    expect(preview.unknownMedications).toEqual([]);
    expect(preview.unknownPharmacies).toEqual([]);
    await call(adminEndpoints.discardPriceSheet);
  });

  it("answers 404 for an unknown medication", async () => {
    const res = await call(adminEndpoints.exportPriceSheet, { query: { medicationId: "no-such-pill" } });
    expect(res.status).toBe(404);
  });
});

describe("price sheet round trip of the whole catalogue", () => {
  it("exports every price, and the same workbook with each price a penny up changes every one of them", async () => {
    const exported = PriceSheetFile.parse((await call(adminEndpoints.exportPriceSheet)).body);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(exported.content, "base64") as unknown as ArrayBuffer);
    let cells = 0;
    for (const sheet of book.worksheets) {
      expect(sheet.name.length).toBeLessThanOrEqual(31);
      // An introductory price's column goes a penny up with its dosage's price: one change, not two (decision 057).
      const introColumns = new Set<number>();
      sheet.getRow(6).eachCell((cell) => {
        if (cell.value === "Introductory price") introColumns.add(Number(cell.col));
      });
      sheet.eachRow((row, number) => {
        if (number <= 6) return;
        row.eachCell((cell) => {
          if (introColumns.has(Number(cell.col)) && typeof cell.value === "number") {
            cell.value = Math.round((cell.value + 0.01) * 100) / 100;
          } else if (Number(cell.col) > 2 && typeof cell.value === "number") {
            cell.value = Math.round((cell.value + 0.01) * 100) / 100;
            cells += 1;
          }
        });
      });
    }
    expect(cells).toBeGreaterThan(1000);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const preview = PriceSheetPreview.parse((await upload("all.xlsx", bytes)).body);
    // Names longer than a sheet tab (e.g. the two "Regaine for Men Extra Strength …") still match.
    expect(preview.unknownMedications).toEqual([]);
    expect(preview.counts).toEqual({ new: 0, changed: cells, unchanged: 0, skipped: 0 });
    const applied = PriceSheetApplied.parse((await call(adminEndpoints.applyPriceSheet, { body: {} })).body);
    expect(applied.written).toBe(cells);
  }, 120_000);
});
