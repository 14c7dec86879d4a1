import { describe, expect, it } from "vitest";
import { cheapestText, consultationFeeText, termLines } from "./pharmacy-terms.ts";

const terms = {
  deliveryFee: 2.95,
  freeDeliveryThreshold: 40,
  minOrderValue: 0,
  consultationFee: 0,
  consultationFeeBasis: "per-order" as const,
  deliveryTime: "1-2 days",
  deliveryOptions: ["standard" as const, "next-day" as const],
  prescriptionRequired: true,
};

describe("termLines", () => {
  it("names the fee, when delivery is free, the minimum order, time, options and prescription", () => {
    expect(termLines(terms, ["Standard", "Next day"])).toEqual([
      { term: "Delivery fee", value: "£2.95 an order" },
      { term: "Free delivery", value: "On orders of £40.00 or more" },
      { term: "Minimum order", value: "None" },
      { term: "Consultation fee", value: "None" },
      { term: "Delivery time", value: "1-2 days" },
      { term: "Delivery options", value: "Standard, Next day" },
      {
        term: "Prescription",
        value: "Required: prescription-only medicines need one (usually after an online consultation)",
      },
    ]);
  });

  it("says plainly when every order pays the fee", () => {
    const lines = termLines({ ...terms, freeDeliveryThreshold: 0 }, []);
    expect(lines.find((line) => line.term === "Free delivery")?.value).toBe(
      "Not offered: every order pays the fee",
    );
  });

  it("has no threshold line when delivery is always free, and shows a minimum order", () => {
    const lines = termLines({ ...terms, deliveryFee: 0, minOrderValue: 15, prescriptionRequired: false }, []);
    expect(lines).toEqual([
      { term: "Delivery fee", value: "Free on every order" },
      { term: "Minimum order", value: "£15.00" },
      { term: "Consultation fee", value: "None" },
      { term: "Delivery time", value: "1-2 days" },
      { term: "Prescription", value: "Not required" },
    ]);
  });

  it("leaves out a blank delivery time", () => {
    expect(termLines({ ...terms, deliveryTime: "  " }, []).map((line) => line.term)).not.toContain(
      "Delivery time",
    );
  });
});

describe("consultationFeeText", () => {
  it("names the fee with its amount and whether every order pays it (decision 042)", () => {
    expect(consultationFeeText({ consultationFee: 2.5, consultationFeeBasis: "per-order" })).toBe(
      "£2.50 an order",
    );
    expect(consultationFeeText({ consultationFee: 15, consultationFeeBasis: "one-off" })).toBe(
      "£15.00 once, on your first order",
    );
    expect(consultationFeeText({ consultationFee: 0, consultationFeeBasis: "one-off" })).toBe("None");
  });
});

describe("cheapestText", () => {
  it("says From only when there are several dosages", () => {
    expect(cheapestText(5.5, 3)).toBe("From £5.50");
    expect(cheapestText(5.5, 1)).toBe("£5.50");
  });
});
