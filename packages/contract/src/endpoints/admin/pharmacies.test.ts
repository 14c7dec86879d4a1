import { describe, expect, it } from "vitest";
import { Pharmacy } from "../../entities.ts";
import { AdminPharmacy, PharmacyInput, PharmacyUpdate } from "./pharmacies.ts";
import { PriceSheetNewPharmacy } from "./price-sheets.ts";

/** Decision 034: name and website are the minimum; a GPhC number is optional but checked when given. */
const GPHC_RULE = "must be the pharmacy's 7-digit GPhC registration number, starting with 1";
const minimum = { name: "Heron Quay Pharmacy", website: "https://www.heronquay.example" };

const refusalOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("PharmacyInput", () => {
  it("takes a name and a website alone, with every back-office §3 default and no GPhC number", () => {
    expect(PharmacyInput.parse(minimum)).toEqual({
      ...minimum,
      // Stored as the URL parser's href (issue 42): what /go sends a visitor to.
      website: "https://www.heronquay.example/",
      gphcNumber: null,
      cqcNumber: null,
      rating: 4,
      deliveryOptions: ["standard"],
      deliveryTime: "",
      prescriptionRequired: true,
      active: true,
      description: "",
      trustpilotUrl: "",
      minOrderValue: 0,
      deliveryFee: 2.95,
      freeDeliveryThreshold: 0,
      consultationFee: 0,
      consultationFeeBasis: "per-order",
      referralParams: "",
      consultationUrl: "",
    });
  });

  it("takes a consultation fee in pounds and its basis, refusing a negative fee or an unknown basis (decision 042)", () => {
    expect(
      PharmacyInput.parse({ ...minimum, consultationFee: "15", consultationFeeBasis: "one-off" }),
    ).toMatchObject({
      consultationFee: 15,
      consultationFeeBasis: "one-off",
    });
    expect(
      refusalOf(
        PharmacyInput.safeParse({ ...minimum, consultationFee: -1, consultationFeeBasis: "weekly" }),
      )?.map(([path]) => path),
    ).toEqual(["consultationFee", "consultationFeeBasis"]);
  });

  it.each([
    ["absent", undefined],
    ["empty", ""],
    ["blank", "   "],
    ["null", null],
  ])("reads a GPhC number %s as none", (_, gphcNumber) => {
    expect(PharmacyInput.parse({ ...minimum, gphcNumber }).gphcNumber).toBeNull();
  });

  it("keeps a valid GPhC number, trimmed", () => {
    expect(PharmacyInput.parse({ ...minimum, gphcNumber: " 1955501 " }).gphcNumber).toBe("1955501");
  });

  it.each([
    ["six digits", "195550"],
    ["eight digits", "19555012"],
    ["a pharmacist's number", "2955501"],
    ["letters", "19A5501"],
    ["a long text", "1".repeat(40)],
  ])("refuses %s, naming the field", (_, gphcNumber) => {
    expect(refusalOf(PharmacyInput.safeParse({ ...minimum, gphcNumber }))).toEqual([
      ["gphcNumber", GPHC_RULE],
    ]);
  });

  it("still requires the name and the website", () => {
    expect(refusalOf(PharmacyInput.safeParse({}))).toEqual([
      ["name", "is required"],
      ["website", "is required"],
    ]);
  });
});

describe("PharmacyUpdate", () => {
  it("leaves an unsent GPhC number alone, clears it with an empty one", () => {
    expect(PharmacyUpdate.parse({ rating: 4.5 })).not.toHaveProperty("gphcNumber");
    expect(PharmacyUpdate.parse({ gphcNumber: "" })).toEqual({ gphcNumber: null });
    expect(PharmacyUpdate.parse({ gphcNumber: "1955501" })).toEqual({ gphcNumber: "1955501" });
    expect(refusalOf(PharmacyUpdate.safeParse({ gphcNumber: "12345" }))).toEqual([["gphcNumber", GPHC_RULE]]);
  });
});

describe("who must have a GPhC number", () => {
  const stored = {
    ...PharmacyInput.parse(minimum),
    id: "heron-quay-pharmacy",
    _id: "heron-quay-pharmacy",
  };

  it("the back-office's pharmacy may have none, and says whether it is listed", () => {
    expect(AdminPharmacy.parse({ ...stored, listed: false, priceCount: 0 }).gphcNumber).toBeNull();
    expect(AdminPharmacy.safeParse({ ...stored, priceCount: 0 }).success).toBe(false);
  });

  it("a public pharmacy always has one: only registered pharmacies are shown", () => {
    expect(Pharmacy.safeParse(stored).success).toBe(false);
    expect(Pharmacy.parse({ ...stored, gphcNumber: "1955501" }).gphcNumber).toBe("1955501");
  });

  it("a pharmacy a price sheet creates needs one (its prices are published on Apply)", () => {
    const { website, name } = minimum;
    expect(refusalOf(PriceSheetNewPharmacy.safeParse({ name, website, gphcNumber: "" }))).toContainEqual([
      "gphcNumber",
      "is required",
    ]);
    expect(PriceSheetNewPharmacy.parse({ name, website, gphcNumber: "1955501" }).gphcNumber).toBe("1955501");
  });
});
