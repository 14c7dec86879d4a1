import type { PriceAlertRequest } from "@pharmacompare/contract";
import { describe, expect, it, vi } from "vitest";
import { apiAnswering } from "./api-client.fake.ts";
import { ApiError } from "./api-client.ts";
import { readStoredPriceAlerts, sendStoredPriceAlerts, storePriceAlert } from "./stored-price-alerts.ts";
import {
  mayHoldStoredPriceAlerts,
  STORED_PRICE_ALERTS_KEY,
  STORED_PRICE_ALERTS_MAX,
} from "./stored-price-alerts-keys.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const alert: PriceAlertRequest = {
  email: "sam@example.com",
  medicationId: "viagra",
  medicationName: "Viagra",
  dosage: "25mg x 4 tablets",
  targetPrice: 9,
  currentPrice: 10.5,
  lowestPharmacy: { name: "Kestrel Lane Pharmacy", price: 10.5 },
  consent: true,
};

let ids = 0;
const nextId = () => `id-${++ids}`;

describe("storing price alerts for later", () => {
  it("keeps each alert with an id and createdAt under the specification's key", () => {
    const storage = memoryStorage();
    const stored = storePriceAlert(storage, alert, new Date("2026-11-22T10:00:00.000Z"), () => "a1");
    expect(stored).toEqual({ ...alert, id: "a1", createdAt: "2026-11-22T10:00:00.000Z" });
    expect(JSON.parse(storage.items.get(STORED_PRICE_ALERTS_KEY) ?? "")).toEqual([stored]);
    expect(readStoredPriceAlerts(storage)).toEqual([stored]);
  });

  it("replaces an older alert for the same address, medication and dosage", () => {
    const storage = memoryStorage();
    storePriceAlert(storage, alert, new Date(), nextId);
    storePriceAlert(storage, { ...alert, dosage: "50mg x 4 tablets" }, new Date(), nextId);
    storePriceAlert(storage, { ...alert, email: "SAM@example.com ", targetPrice: 8 }, new Date(), nextId);
    const kept = readStoredPriceAlerts(storage);
    expect(kept.map((entry) => [entry.dosage, entry.targetPrice])).toEqual([
      ["50mg x 4 tablets", 9],
      ["25mg x 4 tablets", 8],
    ]);
  });

  it("keeps at most the newest twenty", () => {
    const storage = memoryStorage();
    for (let index = 0; index < STORED_PRICE_ALERTS_MAX + 3; index += 1) {
      storePriceAlert(storage, { ...alert, dosage: `dose ${index}` }, new Date(), nextId);
    }
    const kept = readStoredPriceAlerts(storage);
    expect(kept).toHaveLength(STORED_PRICE_ALERTS_MAX);
    expect(kept[0]?.dosage).toBe("dose 3");
  });

  it("skips entries that are not a valid alert, and says when storage refuses", () => {
    const storage = memoryStorage({
      [STORED_PRICE_ALERTS_KEY]: JSON.stringify([
        { ...alert, id: "ok", createdAt: "2026-11-22T10:00:00.000Z" },
        { ...alert, createdAt: "2026-11-22T10:00:00.000Z" },
        { ...alert, id: "x", createdAt: "2026-11-22T10:00:00.000Z", consent: false },
        "junk",
      ]),
    });
    expect(readStoredPriceAlerts(storage).map((entry) => entry.id)).toEqual(["ok"]);
    expect(readStoredPriceAlerts(memoryStorage({ [STORED_PRICE_ALERTS_KEY]: "{oops" }))).toEqual([]);
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(storePriceAlert(full, alert)).toBeUndefined();
    expect(storePriceAlert(undefined, alert)).toBeUndefined();
  });
});

describe("the quick check every page makes before loading the sender", () => {
  it("says alerts may wait only when the list holds something", () => {
    const storage = memoryStorage();
    expect(mayHoldStoredPriceAlerts(storage)).toBe(false);
    expect(mayHoldStoredPriceAlerts(undefined)).toBe(false);
    storePriceAlert(storage, alert);
    expect(mayHoldStoredPriceAlerts(storage)).toBe(true);
    expect(mayHoldStoredPriceAlerts(memoryStorage({ [STORED_PRICE_ALERTS_KEY]: "[]" }))).toBe(false);
    const blocked = {
      getItem: () => {
        throw new DOMException("blocked", "SecurityError");
      },
    };
    expect(mayHoldStoredPriceAlerts(blocked)).toBe(false);
  });
});

describe("sending stored price alerts", () => {
  it("posts each one as the form would have, oldest first, and empties the list", async () => {
    const storage = memoryStorage();
    storePriceAlert(storage, alert, new Date(), nextId);
    storePriceAlert(storage, { ...alert, dosage: "50mg x 4 tablets" }, new Date(), nextId);
    const bodies: unknown[] = [];
    const api = apiAnswering((endpoint, url) => {
      expect(`${endpoint.method} ${url}`).toBe("POST /api/price-alerts");
      return { message: "Check your inbox." };
    });
    const spy = vi.spyOn(api, "call");
    const result = await sendStoredPriceAlerts(api, storage);
    for (const call of spy.mock.calls) bodies.push((call[1] as { body: unknown }).body);
    expect(bodies).toEqual([alert, { ...alert, dosage: "50mg x 4 tablets" }]);
    expect(result.sent).toHaveLength(2);
    expect(result.waiting).toBe(0);
    expect(storage.items.has(STORED_PRICE_ALERTS_KEY)).toBe(false);
  });

  it("stops at the first that cannot get through and keeps it and the rest", async () => {
    for (const failure of [
      new ApiError("network", 0, "down"),
      new ApiError("timeout", 0, "slow"),
      new ApiError("http", 503, "busy"),
      new ApiError("http", 429, "too many"),
    ]) {
      const storage = memoryStorage();
      storePriceAlert(storage, alert, new Date(), nextId);
      storePriceAlert(storage, { ...alert, dosage: "50mg x 4 tablets" }, new Date(), nextId);
      let calls = 0;
      const api = apiAnswering(() => {
        calls += 1;
        throw failure;
      });
      const result = await sendStoredPriceAlerts(api, storage);
      expect(calls).toBe(1);
      expect(result).toEqual({ sent: [], refused: [], waiting: 2 });
      expect(readStoredPriceAlerts(storage)).toHaveLength(2);
    }
  });

  it("drops an alert the API refuses for good, and carries on with the next", async () => {
    const storage = memoryStorage();
    storePriceAlert(storage, alert, new Date(), nextId);
    storePriceAlert(storage, { ...alert, dosage: "50mg x 4 tablets" }, new Date(), nextId);
    let first = true;
    const api = apiAnswering(() => {
      if (first) {
        first = false;
        throw new ApiError("http", 400, "Target price must be less than current price (£8.00)");
      }
      return { message: "ok" };
    });
    const result = await sendStoredPriceAlerts(api, storage);
    expect(result.refused.map((entry) => entry.dosage)).toEqual(["25mg x 4 tablets"]);
    expect(result.sent.map((entry) => entry.dosage)).toEqual(["50mg x 4 tablets"]);
    expect(readStoredPriceAlerts(storage)).toEqual([]);
  });
});
