import { SUBSCRIPTION_POPUP } from "@pharmacompare/contract";

/**
 * The subscription pop-up's flags in the browser (public site §3 "subscription-popup flags", §4):
 * whether the visitor has closed it (No Thanks, the close button, Escape or a subscription) and
 * when it was last shown.
 */
export const SUBSCRIPTION_POPUP_KEY = "pc.subscriptionPopup";

export interface PopupMemory {
  /** Closed at least once. */
  seen: boolean;
  /** When it last opened (ISO date), or null. */
  lastShown: string | null;
}

type Store = Pick<Storage, "getItem" | "setItem">;

/** The stored flags; anything missing or unreadable counts as never shown. */
export function readPopupMemory(storage: Pick<Storage, "getItem"> | undefined): PopupMemory {
  try {
    const value: unknown = JSON.parse(storage?.getItem(SUBSCRIPTION_POPUP_KEY) ?? "null");
    if (typeof value !== "object" || value === null) return { seen: false, lastShown: null };
    const { seen, lastShown } = value as Record<string, unknown>;
    return {
      seen: seen === true,
      lastShown: typeof lastShown === "string" && !Number.isNaN(Date.parse(lastShown)) ? lastShown : null,
    };
  } catch {
    return { seen: false, lastShown: null };
  }
}

/**
 * Public site §4: shown when never seen, or when last shown more than three days ago. A last
 * showing in the future (a clock put back) counts as long ago rather than hiding it for good.
 */
export function popupDue(memory: PopupMemory, now: number): boolean {
  if (!memory.seen || memory.lastShown === null) return true;
  const since = now - Date.parse(memory.lastShown);
  return since > SUBSCRIPTION_POPUP.repeatMs || since < 0;
}

function write(storage: Store | undefined, memory: PopupMemory): void {
  try {
    storage?.setItem(SUBSCRIPTION_POPUP_KEY, JSON.stringify(memory));
  } catch {
    // Full or blocked storage: the pop-up may come back on the next page load; nothing breaks.
  }
}

/** Records that the pop-up opened now. */
export function rememberShown(storage: Store | undefined, now: Date = new Date()): void {
  write(storage, { ...readPopupMemory(storage), lastShown: now.toISOString() });
}

/** Records that the visitor closed it (or subscribed). */
export function rememberSeen(storage: Store | undefined, now: Date = new Date()): void {
  const memory = readPopupMemory(storage);
  write(storage, { seen: true, lastShown: memory.lastShown ?? now.toISOString() });
}
