import { describe, expect, it } from "vitest";
import {
  clickOutDestination,
  consultationAddress,
  consultationUrlProblem,
  startsAtConsultation,
} from "./consultation-visits.ts";
import { PharmacyInput, PharmacyUpdate } from "./endpoints/admin/pharmacies.ts";

const CONSULT = "https://www.kestrel.example/consultation/weight?product={medication}";
const visit = {
  medicationName: "Wegovy (semaglutide)",
  consultationUrl: CONSULT,
  link: "https://www.kestrel.example/shop/wegovy-1mg",
  website: "https://www.kestrel.example/",
  referralParams: "ref=pharmacompare",
};

describe("where a click-out goes (decision 058)", () => {
  it("sends a prescription-only medicine to the consultation, with the medication's name and the referral", () => {
    expect(clickOutDestination({ ...visit, legalCategory: "POM" })).toEqual({
      kind: "consultation",
      location:
        "https://www.kestrel.example/consultation/weight?product=Wegovy%20(semaglutide)&ref=pharmacompare",
    });
  });

  it("reads a category nobody gave as prescription-only (decision 035)", () => {
    for (const unknown of [undefined, null, "", "controlled"]) {
      expect(clickOutDestination({ ...visit, legalCategory: unknown })?.kind).toBe("consultation");
    }
    expect(clickOutDestination({ ...visit, legalCategory: " pom " })?.kind).toBe("consultation");
  });

  it("keeps pharmacy and general sale medicines on the product link", () => {
    for (const legalCategory of ["P", "GSL"]) {
      expect(clickOutDestination({ ...visit, legalCategory })).toEqual({
        kind: "product",
        location: "https://www.kestrel.example/shop/wegovy-1mg?ref=pharmacompare",
      });
    }
  });

  it("keeps a prescription-only medicine on the product link where the pharmacy has no consultation address", () => {
    expect(clickOutDestination({ ...visit, legalCategory: "POM", consultationUrl: "" })).toEqual({
      kind: "product",
      location: "https://www.kestrel.example/shop/wegovy-1mg?ref=pharmacompare",
    });
    // No link: the website, as before.
    expect(clickOutDestination({ ...visit, legalCategory: "GSL", link: null, referralParams: "" })).toEqual({
      kind: "product",
      location: "https://www.kestrel.example/",
    });
  });

  it("takes a consultation address without a placeholder as it is, and without a referral bare", () => {
    const plain = "https://www.kestrel.example/start?service=hair";
    expect(
      clickOutDestination({ ...visit, legalCategory: "POM", consultationUrl: plain, referralParams: "" }),
    ).toEqual({ kind: "consultation", location: plain });
  });

  it("falls back to the product link when a stored consultation address breaks the rule", () => {
    const broken = "http://www.kestrel.example/consult";
    expect(clickOutDestination({ ...visit, legalCategory: "POM", consultationUrl: broken })?.kind).toBe(
      "product",
    );
  });

  it("encodes a name that could otherwise change the address", () => {
    expect(consultationAddress(CONSULT, "A&B=1#/evil.example?x")).toBe(
      "https://www.kestrel.example/consultation/weight?product=A%26B%3D1%23%2Fevil.example%3Fx",
    );
  });

  it("says a visit starts at the consultation only for a prescription-only medicine at a pharmacy with an address", () => {
    expect(startsAtConsultation("POM", true)).toBe(true);
    expect(startsAtConsultation(undefined, true)).toBe(true);
    expect(startsAtConsultation("P", true)).toBe(false);
    expect(startsAtConsultation("POM", false)).toBe(false);
    expect(startsAtConsultation("POM", undefined)).toBe(false);
  });
});

describe("the consultation address rule", () => {
  it("takes https addresses with the placeholder in the query, or none", () => {
    for (const ok of [
      "",
      CONSULT,
      "https://kestrel.example/consult",
      "https://a.kestrel.example/c?x=1&m={medication}",
    ]) {
      expect(consultationUrlProblem(ok)).toBeUndefined();
    }
  });

  it("refuses http, a placeholder outside the query and an unknown placeholder, saying why", () => {
    expect(consultationUrlProblem("http://www.kestrel.example/consult")).toMatch(/https:\/\//);
    expect(consultationUrlProblem("https://www.kestrel.example/%7Bmedication%7D/start")).toMatch(
      /only in its query/,
    );
    expect(consultationUrlProblem("https://www.kestrel.example/start#{medication}")).toMatch(
      /only in its query/,
    );
    expect(consultationUrlProblem("https://www.kestrel.example/start?m={medicine}")).toMatch(
      /"\{medicine\}" is not one/,
    );
  });

  it("is the pharmacy form's field: stored as its href, refusals named, empty for none", () => {
    const base = { name: "Kestrel Lane", website: "https://www.kestrel.example" };
    expect(PharmacyInput.parse(base).consultationUrl).toBe("");
    expect(PharmacyInput.parse({ ...base, consultationUrl: null }).consultationUrl).toBe("");
    expect(PharmacyInput.parse({ ...base, consultationUrl: ` ${CONSULT} ` }).consultationUrl).toBe(CONSULT);
    const refused = PharmacyUpdate.safeParse({ consultationUrl: "http://www.kestrel.example/c" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(["consultationUrl"]);
    expect(PharmacyUpdate.safeParse({ consultationUrl: "javascript:alert(1)" }).success).toBe(false);
  });
});
