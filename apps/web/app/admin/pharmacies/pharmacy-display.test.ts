import { describe, expect, it } from "vitest";
import {
  deliverySummary,
  pharmacyDeleteDetail,
  prescriptionText,
  ratingText,
  websiteLabel,
} from "./pharmacy-display.ts";

describe("the pharmacy list's words", () => {
  it("shows a rating with one decimal, or N/A when there is none", () => {
    expect(ratingText(4.7)).toBe("4.7 / 5");
    expect(ratingText(4)).toBe("4.0 / 5");
    expect(ratingText(0)).toBe("N/A");
  });

  it("says whether a prescription is required in the specification's words", () => {
    expect(prescriptionText(true)).toBe("Required");
    expect(prescriptionText(false)).toBe("Not Required");
  });

  it("shows the delivery options with the time, fee and free-delivery threshold", () => {
    expect(
      deliverySummary({
        deliveryOptions: ["standard", "next-day", "click-collect"],
        deliveryTime: "1-2 days",
        deliveryFee: 2.95,
        freeDeliveryThreshold: 40,
      }),
    ).toEqual({
      methods: "Standard, Next day, Click & collect",
      time: "1-2 days",
      fee: "Fee £2.95",
      freeOver: "Free over £40.00",
    });
  });

  it("falls back to the delivery time, then to Standard; no threshold means no free-delivery line", () => {
    const none = { deliveryOptions: [], deliveryFee: 0, freeDeliveryThreshold: 0 };
    expect(deliverySummary({ ...none, deliveryTime: "3-5 days" })).toEqual({
      methods: "3-5 days",
      time: null,
      fee: "Fee £0.00",
      freeOver: null,
    });
    expect(deliverySummary({ ...none, deliveryTime: " " }).methods).toBe("Standard");
  });

  it("says how many prices go with a deleted pharmacy", () => {
    expect(pharmacyDeleteDetail(0)).toBe("It has no prices.");
    expect(pharmacyDeleteDetail(1)).toMatch(/^Its 1 price and /);
    expect(pharmacyDeleteDetail(12)).toMatch(/^Its 12 prices and /);
  });

  it("shows a website by its host", () => {
    expect(websiteLabel("https://www.kestrellanepharmacy.example/shop")).toBe("kestrellanepharmacy.example");
    expect(websiteLabel("not a url")).toBe("not a url");
  });
});
