import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GphcField, NotListedLine } from "./pharmacy-registration.tsx";

const NOT_LISTED = "Not listed: add its GPhC registration";

describe("the back-office's words on a pharmacy's GPhC registration (decision 034)", () => {
  it("the list says a pharmacy without a number is not listed, and says nothing of one with it", () => {
    expect(renderToStaticMarkup(createElement(NotListedLine, { gphcNumber: null }))).toContain(NOT_LISTED);
    expect(renderToStaticMarkup(createElement(NotListedLine, { gphcNumber: "1904721" }))).toBe("");
  });

  it("the form's field is not required, and its hint says the same while it is empty", () => {
    const empty = renderToStaticMarkup(createElement(GphcField, { defaultValue: "" }));
    expect(empty).not.toMatch(/required/);
    // The hint the input is described by (what a screen reader reads with the field).
    const describedBy = /<input[^>]*aria-describedby="([^"]+)"/.exec(empty)?.[1];
    const hint = new RegExp(`<p id="${describedBy}"[^>]*>(.*?)</p>`).exec(empty)?.[1] ?? "";
    expect(hint).toContain("7-digit");
    expect(hint).toContain(NOT_LISTED);

    const filled = renderToStaticMarkup(createElement(GphcField, { defaultValue: "1904721" }));
    expect(filled).toContain('value="1904721"');
    expect(filled).not.toContain(NOT_LISTED);
  });

  it("marks the field at fault with the API's message", () => {
    const html = renderToStaticMarkup(
      createElement(GphcField, { defaultValue: "12", error: "GPhC registration number must be 7 digits" }),
    );
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("GPhC registration number must be 7 digits");
  });
});
