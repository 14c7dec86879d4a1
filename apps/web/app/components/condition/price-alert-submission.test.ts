import { priceAlertMessages } from "@pharmacompare/contract";
import { describe, expect, it, vi } from "vitest";
import { apiAnswering } from "../../lib/api-client.fake.ts";
import { ApiError, createApiClient } from "../../lib/api-client.ts";
import { maxTarget, PRICE_ALERT_INTENT } from "./price-alert-fields.ts";
import { checkPriceAlert, parsePounds, sendPriceAlert } from "./price-alert-submission.ts";

function formOf(fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  return form;
}

const page = {
  intent: PRICE_ALERT_INTENT,
  medicationId: "viagra",
  medicationName: "Viagra",
  dosage: "25mg x 4 tablets",
  currentPrice: "10.50",
  lowestPharmacy: "Kestrel Lane Pharmacy",
};
const typed = { email: "sam@example.com", targetPrice: "9.45", consent: "yes" };
const typedValues = { email: "sam@example.com", kind: "target" as const, targetPrice: "9.45", consent: true };

function clientAnswering(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
    Response.json(body, { status }),
  );
  return { fetch, api: createApiClient({ baseUrl: "http://api.test", fetch }) };
}

describe("checkPriceAlert", () => {
  const values = { email: "sam@example.com", kind: "target" as const, targetPrice: "9.45", consent: true };

  it("asks for every field and consent with the specification's sentence", () => {
    for (const missing of [
      { ...values, email: "" },
      { ...values, targetPrice: "" },
      { ...values, consent: false },
    ]) {
      expect(checkPriceAlert(missing, 10.5)?.message).toBe(
        "Please fill all fields and consent to receive emails",
      );
    }
    expect(
      checkPriceAlert({ email: "", kind: "target", targetPrice: "", consent: false }, 10.5)?.fields,
    ).toEqual({
      email: "Enter your email address",
      targetPrice: "Enter a target price",
      consent: "Tick the box to agree to alert emails",
    });
  });

  it("wants a target below the current lowest price, in whole pence from £0.01", () => {
    expect(checkPriceAlert({ ...values, targetPrice: "10.50" }, 10.5)).toEqual({
      message: undefined,
      fields: { targetPrice: "Target price must be less than current price (£10.50)" },
    });
    expect(checkPriceAlert({ ...values, targetPrice: "12" }, 10.5)?.fields.targetPrice).toBe(
      "Target price must be less than current price (£10.50)",
    );
    expect(checkPriceAlert({ ...values, targetPrice: "10.49" }, 10.5)).toBeUndefined();
    expect(checkPriceAlert({ ...values, targetPrice: "0.01" }, 10.5)).toBeUndefined();
    expect(checkPriceAlert({ ...values, targetPrice: "0" }, 10.5)?.fields.targetPrice).toBe(
      "Enter a target price of at least £0.01",
    );
    expect(checkPriceAlert({ ...values, targetPrice: "-2" }, 10.5)?.fields.targetPrice).toBe(
      "Enter a target price of at least £0.01",
    );
    expect(checkPriceAlert({ ...values, targetPrice: "abc" }, 10.5)?.fields.targetPrice).toBe(
      "Enter a target price of at least £0.01",
    );
    expect(checkPriceAlert({ ...values, targetPrice: "9.999" }, 10.5)?.fields.targetPrice).toBe(
      "Enter the target price in pounds and pence, such as 12.50",
    );
  });
});

describe("pounds", () => {
  it("reads what people type", () => {
    expect(parsePounds("12")).toBe(12);
    expect(parsePounds("£12.5")).toBe(12.5);
    expect(parsePounds(" .99 ")).toBe(0.99);
    expect(Number.isNaN(parsePounds("12,50"))).toBe(true);
    expect(Number.isNaN(parsePounds("1e3"))).toBe(true);
  });

  it("puts the input's max a penny under the lowest price", () => {
    expect(maxTarget(10.5)).toBe(10.49);
    expect(maxTarget(0.29)).toBe(0.28);
    expect(maxTarget(0.01)).toBe(0);
  });
});

describe("sendPriceAlert", () => {
  it("posts the specification's body and succeeds with the API's message", async () => {
    const { api, fetch } = clientAnswering(201, { message: priceAlertMessages.success });
    const outcome = await sendPriceAlert(api, formOf({ ...page, ...typed }), { log: () => {} });
    expect(outcome).toEqual({ status: "success", message: priceAlertMessages.success });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("http://api.test/api/price-alerts");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      email: "sam@example.com",
      medicationId: "viagra",
      medicationName: "Viagra",
      dosage: "25mg x 4 tablets",
      targetPrice: 9.45,
      currentPrice: 10.5,
      lowestPharmacy: { name: "Kestrel Lane Pharmacy", price: 10.5 },
      consent: true,
    });
  });

  it("posts another kind without a target, which it neither needs nor checks (decision 043)", async () => {
    expect(checkPriceAlert({ ...typedValues, kind: "back-in-stock", targetPrice: "" }, 10.5)).toBeUndefined();
    expect(checkPriceAlert({ ...typedValues, kind: "any-fall", targetPrice: "99" }, 10.5)).toBeUndefined();
    expect(checkPriceAlert({ ...typedValues, kind: "low-90-days", consent: false }, 10.5)?.message).toBe(
      priceAlertMessages.missing,
    );
    const { api, fetch } = clientAnswering(201, { message: priceAlertMessages.success });
    await sendPriceAlert(api, formOf({ ...page, ...typed, kind: "low-90-days", targetPrice: "" }));
    const [, init] = fetch.mock.calls[0] ?? [];
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({ kind: "low-90-days", consent: true });
    expect(body).not.toHaveProperty("targetPrice");
    // A kind the form does not offer is the specification's target alert.
    await sendPriceAlert(api, formOf({ ...page, ...typed, kind: "whenever" }));
    const [, second] = fetch.mock.calls[1] ?? [];
    expect(JSON.parse(String(second?.body))).not.toHaveProperty("kind");
  });

  it("sends nothing when a check fails, and keeps what was typed", async () => {
    const { api, fetch } = clientAnswering(201, { message: "x" });
    const outcome = await sendPriceAlert(api, formOf({ ...page, ...typed, consent: undefined }));
    expect(outcome).toMatchObject({
      status: "error",
      message: priceAlertMessages.missing,
      values: { email: "sam@example.com", targetPrice: "9.45", consent: false },
    });
    const tooHigh = await sendPriceAlert(api, formOf({ ...page, ...typed, targetPrice: "11" }));
    expect(tooHigh).toMatchObject({
      status: "error",
      fields: { targetPrice: "Target price must be less than current price (£10.50)" },
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the API's field messages beside their fields", async () => {
    const { api } = clientAnswering(400, {
      error: 'Invalid body field "email": must be a valid email address',
      code: "invalid_request",
      fields: { email: "must be a valid email address" },
    });
    const outcome = await sendPriceAlert(api, formOf({ ...page, ...typed, email: "a@b" }), { log: () => {} });
    expect(outcome).toEqual({
      status: "error",
      message: undefined,
      fields: { email: "Email must be a valid email address" },
      values: { email: "a@b", kind: "target", targetPrice: "9.45", consent: true },
    });
  });

  it("is the specification's failure sentence when the server fails, never a throw", async () => {
    const log = vi.fn();
    const outcome = await sendPriceAlert(
      clientAnswering(500, { error: "Internal server error" }).api,
      formOf({ ...page, ...typed }),
      { log, keepForLater: () => true },
    );
    expect(outcome).toMatchObject({
      status: "error",
      message: "Failed to set price alert. Please try again.",
    });
    expect(log).toHaveBeenCalledOnce();
  });

  it("keeps the alert for later when nothing answers, and says so honestly", async () => {
    const down = apiAnswering(() => {
      throw new ApiError("network", 0, "Could not reach the API");
    });
    const kept = vi.fn(() => true);
    const outcome = await sendPriceAlert(down, formOf({ ...page, ...typed }), {
      keepForLater: kept,
      log: () => {},
    });
    expect(outcome).toEqual({ status: "saved", message: priceAlertMessages.savedForLater });
    expect(kept).toHaveBeenCalledWith(
      expect.objectContaining({ email: "sam@example.com", targetPrice: 9.45 }),
    );

    // Nowhere to keep it (the server, or storage switched off): the failure sentence.
    const nowhere = await sendPriceAlert(down, formOf({ ...page, ...typed }), { log: () => {} });
    expect(nowhere).toMatchObject({ status: "error", message: priceAlertMessages.failure });
    const refused = await sendPriceAlert(down, formOf({ ...page, ...typed }), {
      keepForLater: () => false,
      log: () => {},
    });
    expect(refused).toMatchObject({ status: "error", message: priceAlertMessages.failure });
  });

  it("fails without sending when the page's hidden fields are missing", async () => {
    const { api, fetch } = clientAnswering(201, { message: "x" });
    const outcome = await sendPriceAlert(api, formOf({ ...typed, medicationId: "viagra" }), {
      log: () => {},
    });
    expect(outcome).toMatchObject({ status: "error", message: priceAlertMessages.failure });
    expect(fetch).not.toHaveBeenCalled();
  });
});
