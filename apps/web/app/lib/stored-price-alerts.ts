import { PriceAlertRequest, publicEndpoints } from "@pharmacompare/contract";
import type { ApiClient } from "./api-client.ts";
import { ApiError } from "./api-client.ts";
import { browserStorage } from "./browser-storage.ts";
import {
  STORED_PRICE_ALERTS_EVENT,
  STORED_PRICE_ALERTS_KEY,
  STORED_PRICE_ALERTS_MAX,
} from "./stored-price-alerts-keys.ts";

export type StoredPriceAlert = PriceAlertRequest & { id: string; createdAt: string };

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The stored alerts that are still a valid request; anything unreadable is left out. */
export function readStoredPriceAlerts(storage: Pick<Storage, "getItem"> | undefined): StoredPriceAlert[] {
  let value: unknown;
  try {
    value = JSON.parse(storage?.getItem(STORED_PRICE_ALERTS_KEY) ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== "object" || entry === null) return [];
    const { id, createdAt, ...body } = entry as Record<string, unknown>;
    if (typeof id !== "string" || typeof createdAt !== "string") return [];
    return PriceAlertRequest.safeParse(body).success
      ? [{ ...(body as PriceAlertRequest), id, createdAt }]
      : [];
  });
}

function write(storage: Store, alerts: StoredPriceAlert[]): void {
  if (alerts.length === 0) storage.removeItem(STORED_PRICE_ALERTS_KEY);
  else storage.setItem(STORED_PRICE_ALERTS_KEY, JSON.stringify(alerts));
}

/**
 * Keeps an alert for later. A newer alert for the same address, medication and dosage replaces
 * the older one, as the API would. Returns the stored entry, or undefined when storage refused it.
 */
export function storePriceAlert(
  storage: Store | undefined,
  alert: PriceAlertRequest,
  now: Date = new Date(),
  newId: () => string = () => crypto.randomUUID(),
): StoredPriceAlert | undefined {
  if (!storage) return undefined;
  const entry: StoredPriceAlert = { ...alert, id: newId(), createdAt: now.toISOString() };
  const same = (other: PriceAlertRequest) =>
    other.email.trim().toLowerCase() === alert.email.trim().toLowerCase() &&
    other.medicationId === alert.medicationId &&
    other.dosage === alert.dosage;
  try {
    const kept = readStoredPriceAlerts(storage).filter((other) => !same(other));
    write(storage, [...kept, entry].slice(-STORED_PRICE_ALERTS_MAX));
    return entry;
  } catch {
    // Full or blocked storage: the caller says the alert was not set.
    return undefined;
  }
}

function removeStored(storage: Store, id: string): void {
  try {
    write(
      storage,
      readStoredPriceAlerts(storage).filter((alert) => alert.id !== id),
    );
  } catch {
    // Blocked storage: it is tried again later, and the API treats a repeat as the same alert.
  }
}

/** An answer that will never change by trying again: the alert is dropped. */
function refusedForGood(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.kind === "http" &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

export interface FlushResult {
  /** Alerts the API accepted (now removed from the device). */
  sent: StoredPriceAlert[];
  /** Alerts the API refused for good (removed too: they would never be accepted). */
  refused: StoredPriceAlert[];
  /** How many still wait. */
  waiting: number;
}

/**
 * Sends the stored alerts, oldest first. Each accepted or refused alert leaves the list; the first
 * that cannot get through (no answer, a server failure, too many requests) stops the round and
 * everything from it on waits for the next.
 */
export async function sendStoredPriceAlerts(
  api: ApiClient,
  storage: Store | undefined,
): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [], waiting: 0 };
  if (!storage) return result;
  const alerts = readStoredPriceAlerts(storage);
  for (const [index, alert] of alerts.entries()) {
    const { id: _id, createdAt: _createdAt, ...body } = alert;
    try {
      await api.call(publicEndpoints.createPriceAlert, { body });
      removeStored(storage, alert.id);
      result.sent.push(alert);
    } catch (error) {
      // A refusal is shown to the visitor (`refused`), not printed (decision 032).
      if (refusedForGood(error)) {
        removeStored(storage, alert.id);
        result.refused.push(alert);
        continue;
      }
      result.waiting = alerts.length - index;
      return result;
    }
  }
  return result;
}

// ---------------------------------------------------------------- in the browser

/** Keeps an alert on this device and tells the page's sender; false when storage refused it. */
export function keepPriceAlertForLater(alert: PriceAlertRequest): boolean {
  const stored = storePriceAlert(browserStorage(), alert);
  if (stored) window.dispatchEvent(new Event(STORED_PRICE_ALERTS_EVENT));
  return stored !== undefined;
}
