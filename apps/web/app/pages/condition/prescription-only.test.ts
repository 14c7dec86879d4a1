import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PrescriptionOnlyNote } from "../../components/condition/prescription-only.tsx";
import type { PriceRow } from "../../components/condition/price-rows.ts";
import { PriceTable } from "./price-table.tsx";

const SENTENCE = "Prescription-only medicine: a prescriber at the pharmacy decides whether it is suitable";

function row(pharmacyId: string, amount: number, isBest: boolean): PriceRow {
  const price: PriceRow["price"] = {
    _id: `viagra/${pharmacyId}`,
    pharmacy: { id: pharmacyId, name: pharmacyId, rating: 4, deliveryTime: "1-3 days" },
    price: amount,
    inStock: true,
    checked: "2025-09-01T09:00:00.000Z",
    link: `https://${pharmacyId}.example`,
  };
  return {
    price,
    viewPrice: amount,
    isBest,
    difference: isBest ? 0 : 1,
    delivery: null,
    consultation: null,
    total: null,
    minimumOrder: null,
    message: undefined,
  };
}

/** The comparison's server HTML for two rows. */
function renderTable(prescriptionOnly: boolean): string {
  const rows = [row("kestrel", 20, true), row("bramble", 21, false)];
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () =>
        createElement(PriceTable, {
          rows,
          subject: "Viagra 50mg x 4 tablets",
          medicationId: "viagra",
          dosage: "50mg x 4 tablets",
          now: new Date("2025-09-02T09:00:00.000Z"),
          sort: "price",
          prescriptionOnly,
        }),
    },
  ]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }));
}

/** Each row's cells as text: what a screen reader reads moving row by row. */
const rowTexts = (html: string) =>
  [...html.matchAll(/<tr class="cmp-row[^"]*">(.*?)<\/tr>/g)].map((match) =>
    (match[1] ?? "").replace(/<[^>]+>/g, ""),
  );

describe("a prescription-only medicine on the condition page (decision 035)", () => {
  it("says the sentence once, visibly, for a POM", () => {
    const html = renderToStaticMarkup(createElement(PrescriptionOnlyNote, { legalCategory: "POM" }));
    expect(html).toContain(`${SENTENCE}.`);
    expect(html).not.toContain("sr-only");
  });

  it("says nothing for a pharmacy or general sale medicine", () => {
    expect(renderToStaticMarkup(createElement(PrescriptionOnlyNote, { legalCategory: "P" }))).toBe("");
    expect(renderToStaticMarkup(createElement(PrescriptionOnlyNote, { legalCategory: "GSL" }))).toBe("");
  });

  it("each comparison row of a POM carries the sentence for screen readers, and no row of another does", () => {
    const pom = renderTable(true);
    expect(rowTexts(pom)).toHaveLength(2);
    for (const text of rowTexts(pom)) expect(text).toContain(SENTENCE);
    // Hidden on screen: the visible sentence above the table says it once.
    expect(pom.split(`<span class="sr-only"> ${SENTENCE}.</span>`)).toHaveLength(3);
    for (const text of rowTexts(renderTable(false))) expect(text).not.toContain("Prescription-only");
  });
});
