import { SUBSCRIPTION_POPUP } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import {
  popupDue,
  readPopupMemory,
  rememberSeen,
  rememberShown,
  SUBSCRIPTION_POPUP_KEY,
} from "./subscription-popup.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const now = Date.parse("2026-11-22T12:00:00.000Z");

describe("the subscription pop-up's memory", () => {
  it("is due when never seen, and when last shown more than three days ago", () => {
    expect(popupDue({ seen: false, lastShown: null }, now)).toBe(true);
    // Shown but never closed (the visitor left the page): still never seen.
    expect(popupDue({ seen: false, lastShown: new Date(now - 1000).toISOString() }, now)).toBe(true);
    const threeDaysAgo = new Date(now - SUBSCRIPTION_POPUP.repeatMs).toISOString();
    expect(popupDue({ seen: true, lastShown: threeDaysAgo }, now)).toBe(false);
    expect(popupDue({ seen: true, lastShown: threeDaysAgo }, now + 1)).toBe(true);
    expect(popupDue({ seen: true, lastShown: new Date(now - 60_000).toISOString() }, now)).toBe(false);
    // A date in the future (the clock went back) does not hide it for good.
    expect(popupDue({ seen: true, lastShown: new Date(now + 86_400_000).toISOString() }, now)).toBe(true);
  });

  it("records a showing, then a closing that keeps the showing's time", () => {
    const storage = memoryStorage();
    rememberShown(storage, new Date(now));
    expect(readPopupMemory(storage)).toEqual({ seen: false, lastShown: new Date(now).toISOString() });
    rememberSeen(storage, new Date(now + 5000));
    expect(JSON.parse(storage.items.get(SUBSCRIPTION_POPUP_KEY) ?? "")).toEqual({
      seen: true,
      lastShown: new Date(now).toISOString(),
    });
    expect(popupDue(readPopupMemory(storage), now + 5000)).toBe(false);
  });

  it("reads anything unreadable as never shown, and survives blocked storage", () => {
    for (const raw of ["not json", "[]", "42", JSON.stringify({ seen: "yes", lastShown: "yesterday" })]) {
      expect(readPopupMemory(memoryStorage({ [SUBSCRIPTION_POPUP_KEY]: raw }))).toEqual({
        seen: false,
        lastShown: null,
      });
    }
    const blocked = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(readPopupMemory(blocked)).toEqual({ seen: false, lastShown: null });
    expect(() => rememberSeen(blocked)).not.toThrow();
    expect(readPopupMemory(undefined)).toEqual({ seen: false, lastShown: null });
  });
});
