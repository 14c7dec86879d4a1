import { PRICE_SHEET_LIMITS, priceSheetMessages } from "@pharmacompare/contract";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { ReadLimits } from "./refusal.ts";
import { readXlsx } from "./xlsx.ts";

const limits: ReadLimits = {
  ...PRICE_SHEET_LIMITS,
  wrongType: priceSheetMessages.wrongType,
  tooLarge: priceSheetMessages.tooLarge,
};

async function written(build: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  build(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe("the workbook reader (decision 029)", () => {
  it("reads what a spreadsheet wrote as the importer expects: text, numbers, dates, gaps, tab order", async () => {
    const bytes = await written((book) => {
      const sheet = book.addWorksheet("Viagra");
      sheet.addRow(["Generic name", "Sildenafil & co <b>"]);
      sheet.addRow(["Last updated", new Date("2026-01-02T00:00:00.000Z")]);
      sheet.getCell("E4").value = 12.5;
      sheet.getCell("A5").value = { richText: [{ text: "Kestrel " }, { text: "Lane" }] };
      sheet.getCell("B5").value = true;
      book.addWorksheet("Cialis").addRow(["x"]);
    });
    const workbook = readXlsx(bytes, limits);
    expect(Object.keys(workbook)).toEqual(["Viagra", "Cialis"]);
    expect(workbook.Viagra).toEqual([
      ["Generic name", "Sildenafil & co <b>"],
      ["Last updated", "2026-01-02T00:00:00.000Z"],
      [],
      ["", "", "", "", 12.5],
      ["Kestrel Lane", "true"],
    ]);
  });

  it("refuses a formula by its cell, and a cell beyond column 256 before reading on", async () => {
    const formula = await written((book) => {
      book.addWorksheet("Viagra").getCell("C7").value = { formula: "1+1", result: 2 };
    });
    expect(() => readXlsx(formula, limits)).toThrow(/Sheet "Viagra" cell C7 holds a formula/);
    const wide = await written((book) => {
      book.addWorksheet("Viagra").getCell("IW3").value = 1;
    });
    expect(() => readXlsx(wide, limits)).toThrow(/cell IW3 is beyond column IV/);
  });
});
