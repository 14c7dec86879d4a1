import { describe, expect, it } from "vitest";
import {
  canSavePrice,
  medicationOptionLabel,
  priceFieldErrors,
  priceInput,
  priceUpdate,
} from "./price-input.ts";

function formOf(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("the Price Management forms", () => {
  it("names a medication with its form in brackets", () => {
    expect(medicationOptionLabel({ name: "Viagra", form: "Tablets" })).toBe("Viagra (Tablets)");
  });

  it.each([
    [{ pharmacyId: "", dosage: "50mg", price: "9.99" }, false],
    [{ pharmacyId: "kestrel", dosage: " ", price: "9.99" }, false],
    [{ pharmacyId: "kestrel", dosage: "50mg", price: "" }, false],
    [{ pharmacyId: "kestrel", dosage: "50mg", price: "9.99" }, true],
  ])("Save Price is enabled for %j: %s", (values, expected) => {
    expect(canSavePrice(values)).toBe(expected);
  });

  it("reads a new price: numbers as numbers, a blank link as none, quantity 1 by default", () => {
    expect(
      priceInput(
        formOf([
          ["pharmacyId", "kestrel-lane-pharmacy"],
          ["dosage", " 50mg "],
          ["price", "12.50"],
          ["quantity", ""],
          ["link", " "],
          ["inStock", "on"],
        ]),
        "viagra",
      ),
    ).toEqual({
      medicationId: "viagra",
      pharmacyId: "kestrel-lane-pharmacy",
      dosage: "50mg",
      price: 12.5,
      quantity: 1,
      inStock: true,
      link: null,
    });
  });

  it('reads the introductory price and terms, blank ones as a clearing "" (decision 057)', () => {
    const base: [string, string][] = [
      ["pharmacyId", "kestrel-lane-pharmacy"],
      ["dosage", "2.5mg"],
      ["price", "199"],
    ];
    expect(
      priceInput(
        formOf([...base, ["introductoryPrice", "99.00"], ["introductoryTerms", "first-month"]]),
        "m",
      ),
    ).toMatchObject({ introductoryPrice: 99, introductoryTerms: "first-month" });
    expect(
      priceUpdate(
        formOf([
          ["price", "199"],
          ["introductoryPrice", " "],
          ["introductoryTerms", ""],
        ]),
      ),
    ).toMatchObject({ introductoryPrice: "", introductoryTerms: "" });
    expect(priceUpdate(formOf([["price", "199"]]))).not.toHaveProperty("introductoryPrice");
  });

  it("sends the confirmation of a link to another site only when ticked (decision 029)", () => {
    const entries: [string, string][] = [
      ["pharmacyId", "kestrel-lane-pharmacy"],
      ["dosage", "50mg"],
      ["price", "12.50"],
      ["link", "https://partner.example/p"],
    ];
    expect(priceInput(formOf(entries), "viagra")).not.toHaveProperty("acceptOffSiteLink");
    expect(priceInput(formOf([...entries, ["acceptOffSiteLink", "on"]]), "viagra")).toMatchObject({
      link: "https://partner.example/p",
      acceptOffSiteLink: true,
    });
    expect(
      priceFieldErrors({ link: "This link goes to partner.example", acceptOffSiteLink: "Tick to use it" }),
    ).toEqual({
      link: "This link goes to partner.example",
      acceptOffSiteLink: "Tick to use it",
    });
  });

  it("sends unreadable numbers as typed, for the API to refuse by name", () => {
    const input = priceInput(
      formOf([
        ["price", "12abc"],
        ["quantity", "2.5"],
        ["link", "https://x.example"],
      ]),
      "m",
    );
    expect(input.price).toBe("12abc");
    expect(input.quantity).toBe(2.5);
    expect(input.inStock).toBe(false);
    expect(input.link).toBe("https://x.example");
  });

  it("reads an inline edit", () => {
    expect(priceUpdate(formOf([["price", "7.25"]]))).toEqual({ price: 7.25, inStock: false });
    expect(
      priceUpdate(
        formOf([
          ["price", "8"],
          ["inStock", "on"],
        ]),
      ),
    ).toEqual({ price: 8, inStock: true });
  });

  it("keeps the refusal's messages for the form's own fields", () => {
    expect(priceFieldErrors({ dosage: "must be one of 25mg, 50mg", medicationId: "x" })).toEqual({
      dosage: "must be one of 25mg, 50mg",
    });
  });
});
