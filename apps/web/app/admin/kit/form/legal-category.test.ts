import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LegalCategoryBadge, LegalCategoryChanges, LegalCategoryField } from "./legal-category.tsx";

const noChange = () => {};

describe("the back-office's legal category of a medication (decision 035)", () => {
  it("the form's select is labelled 'Legal category' and offers the three names, POM chosen", () => {
    const html = renderToStaticMarkup(
      createElement(LegalCategoryField, { value: "POM", onChange: noChange }),
    );
    const id = /<select[^>]*id="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(
      `<label for="${id}" class="block font-medium text-slate-800 text-sm">Legal category</label>`,
    );
    expect(html).toMatch(/<select[^>]*name="legalCategory"/);
    const options = [...html.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)<\/option>/g)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(options).toEqual([
      ["POM", "Prescription-only medicine (POM)"],
      ["P", "Pharmacy medicine (P)"],
      ["GSL", "General sale (GSL)"],
    ]);
    expect(html).toMatch(/<option value="POM" selected="">/);
  });

  it("shows a saved P as chosen and the API's refusal beside the field", () => {
    const html = renderToStaticMarkup(
      createElement(LegalCategoryField, {
        value: "P",
        onChange: noChange,
        error: "Legal category must be POM, P or GSL",
      }),
    );
    expect(html).toMatch(/<option value="P" selected="">/);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("Legal category must be POM, P or GSL");
  });

  it("the list's badge shows the short category and names it in full", () => {
    const pom = renderToStaticMarkup(createElement(LegalCategoryBadge, { legalCategory: "POM" }));
    expect(pom).toContain(">POM<");
    expect(pom).toContain("Prescription-only medicine (POM)");
    const gsl = renderToStaticMarkup(createElement(LegalCategoryBadge, { legalCategory: "GSL" }));
    expect(gsl).toContain(">GSL<");
    expect(gsl).toContain("General sale (GSL)");
  });

  it("a price sheet's preview lists each legal category it changes, from and to, and nothing when none", () => {
    const html = renderToStaticMarkup(
      createElement(LegalCategoryChanges, {
        changes: [{ medicationId: "alli", medicationName: "Alli", from: "P", to: "POM" }],
      }),
    );
    expect(html).toContain("Legal categories the file changes");
    expect(html.replace(/<[^>]+>/g, "")).toContain(
      "Alli: Pharmacy medicine (P) → Prescription-only medicine (POM)",
    );
    expect(renderToStaticMarkup(createElement(LegalCategoryChanges, { changes: [] }))).toBe("");
  });
});
