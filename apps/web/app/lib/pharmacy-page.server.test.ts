import { type PharmacyPage, publicEndpoints } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { callKey, downApi, fakeApi } from "./api-client.fake.ts";
import { ApiError } from "./api-client.ts";
import { loadPharmacyPage } from "./pharmacy-page.server.ts";
import { captureServerLog } from "./server-log.fake.ts";

const page: PharmacyPage = {
  pharmacy: {
    id: "kestrel-lane-pharmacy",
    _id: "kestrel-lane-pharmacy",
    name: "Kestrel Lane Pharmacy",
    website: "https://www.kestrellanepharmacy.example",
    rating: 4.7,
    deliveryOptions: ["standard"],
    deliveryTime: "1-2 days",
    prescriptionRequired: true,
    active: true,
    description: "",
    trustpilotUrl: "",
    minOrderValue: 0,
    deliveryFee: 2.95,
    freeDeliveryThreshold: 40,
    consultationFee: 0,
    consultationFeeBasis: "per-order",
    gphcNumber: "1904721",
    cqcNumber: null,
  },
  medications: [],
};
const key = (id: string) => callKey(publicEndpoints.pharmacyPage, { params: { id } });
const signal = new AbortController().signal;

describe("loadPharmacyPage", () => {
  it("answers the API's page for the pharmacy", async () => {
    const api = fakeApi({ [key("kestrel-lane-pharmacy")]: page });
    expect(await loadPharmacyPage("kestrel-lane-pharmacy", signal, api)).toEqual({ status: "found", page });
  });

  it("is not found when the API answers 404 or refuses the id", async () => {
    expect(await loadPharmacyPage("boots", signal, fakeApi({}))).toEqual({ status: "not-found" });
    const refused = fakeApi({ [key("x")]: new ApiError("http", 400, "Bad id") });
    expect(await loadPharmacyPage("x", signal, refused)).toEqual({ status: "not-found" });
  });

  it("is unavailable, and says so in the log, when the API cannot answer", async () => {
    const error = captureServerLog();
    const api = downApi(() => new ApiError("network", 0, "down"));
    expect(await loadPharmacyPage("kestrel-lane-pharmacy", signal, api)).toEqual({ status: "unavailable" });
    expect(error.lines).toHaveLength(1);
    error.release();
  });
});
