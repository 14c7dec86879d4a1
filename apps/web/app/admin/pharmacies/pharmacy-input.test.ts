import { describe, expect, it } from "vitest";
import { moneyInputValue, numberOrZero, pharmacyBody, pharmacyFieldErrors } from "./pharmacy-input.ts";

function formOf(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("the pharmacy form's body", () => {
  it("reads every field; ticked boxes are on, the rest off", () => {
    const body = pharmacyBody(
      formOf([
        ["name", "Test Pharmacy"],
        ["website", "https://test.example"],
        ["gphcNumber", "1234567"],
        ["rating", "4.5"],
        ["description", "About it"],
        ["trustpilotUrl", ""],
        ["deliveryOptions", "standard"],
        ["deliveryOptions", "next-day"],
        ["deliveryTime", "1-2 days"],
        ["deliveryFee", "2.95"],
        ["freeDeliveryThreshold", "40"],
        ["minOrderValue", "0"],
        ["consultationFee", "15"],
        ["consultationFeeBasis", "one-off"],
        ["active", "on"],
        ["referralParams", "utm_source=pharmacompare"],
        ["consultationUrl", "https://test.example/consult?m={medication}"],
      ]),
    );
    expect(body).toEqual({
      name: "Test Pharmacy",
      website: "https://test.example",
      gphcNumber: "1234567",
      rating: 4.5,
      description: "About it",
      trustpilotUrl: "",
      deliveryOptions: ["standard", "next-day"],
      deliveryTime: "1-2 days",
      deliveryFee: 2.95,
      freeDeliveryThreshold: 40,
      minOrderValue: 0,
      consultationFee: 15,
      consultationFeeBasis: "one-off",
      prescriptionRequired: false,
      active: true,
      referralParams: "utm_source=pharmacompare",
      consultationUrl: "https://test.example/consult?m={medication}",
    });
  });

  it("turns blank or unreadable numbers into 0 (back-office §5) and keeps out-of-range ones for the API", () => {
    expect(numberOrZero("")).toBe(0);
    expect(numberOrZero("  ")).toBe(0);
    expect(numberOrZero("abc")).toBe(0);
    expect(numberOrZero(null)).toBe(0);
    expect(numberOrZero(" 3.5 ")).toBe(3.5);
    expect(numberOrZero("-1")).toBe(-1);
    expect(numberOrZero("7")).toBe(7);
  });

  it("drops delivery options it does not know", () => {
    const body = pharmacyBody(
      formOf([
        ["deliveryOptions", "drone"],
        ["deliveryOptions", "express"],
      ]),
    );
    expect(body.deliveryOptions).toEqual(["express"]);
  });
});

describe("a refusal's field messages", () => {
  it("keeps this form's fields, the first message of each, and files an option's message under the group", () => {
    expect(
      pharmacyFieldErrors({
        gphcNumber: "must be the 7-digit GPhC registration number",
        "deliveryOptions.1": "must be one of the options",
        "deliveryOptions.2": "second",
        unknown: "ignored",
      }),
    ).toEqual({
      gphcNumber: "must be the 7-digit GPhC registration number",
      deliveryOptions: "must be one of the options",
    });
  });
});

it("writes money with its pence", () => {
  expect(moneyInputValue(2.95)).toBe("2.95");
  expect(moneyInputValue(40)).toBe("40.00");
});
