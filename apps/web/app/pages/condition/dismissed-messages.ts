import { useCallback, useMemo, useSyncExternalStore } from "react";

/** Where dismissed general admin messages are remembered (public site §3, §4). */
const DISMISSED_MESSAGES_KEY = "pc.dismissedMessages";
const CHANGED_EVENT = "pc:dismissed-messages";

/** The ids in the stored value; anything unreadable counts as none. */
export function parseDismissed(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** The stored value after dismissing `id` (kept once, in order of dismissal). */
export function withDismissed(raw: string | null, id: string): string {
  const ids = parseDismissed(raw);
  return JSON.stringify(ids.includes(id) ? ids : [...ids, id]);
}

function readStorage(): string {
  try {
    return window.localStorage.getItem(DISMISSED_MESSAGES_KEY) ?? "";
  } catch {
    // Storage can be blocked (privacy settings): nothing is dismissed then.
    return "";
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED_EVENT, onChange);
  };
}

/**
 * The dismissed ids and a way to add one. The server (and hydration) sees none; the browser's
 * stored list applies right after hydration, and other tabs follow through the storage event.
 */
export function useDismissedMessages(): { dismissed: ReadonlySet<string>; dismiss: (id: string) => void } {
  const raw = useSyncExternalStore(subscribe, readStorage, () => "");
  const dismissed = useMemo(() => new Set(parseDismissed(raw)), [raw]);
  const dismiss = useCallback((id: string) => {
    try {
      window.localStorage.setItem(DISMISSED_MESSAGES_KEY, withDismissed(readStorage(), id));
    } catch {
      // Without storage the banner still closes for this visit (see the event below), just not for good.
    }
    window.dispatchEvent(new Event(CHANGED_EVENT));
  }, []);
  return { dismissed, dismiss };
}

/**
 * An inline script placed right after the server-rendered banners: it hides the dismissed ones
 * before the first paint, so a dismissed banner never flashes on reload while the page hydrates.
 * It only sets `hidden`; React then drops those banners from the tree after hydration.
 */
export const hideDismissedScript = `(function(s){try{var d=JSON.parse(localStorage.getItem(${JSON.stringify(
  DISMISSED_MESSAGES_KEY,
)})||"[]");if(!Array.isArray(d))return;var l=s.previousElementSibling.querySelectorAll("[data-message-id]");for(var i=0;i<l.length;i++){if(d.indexOf(l[i].getAttribute("data-message-id"))>-1)l[i].hidden=true}}catch(e){}})(document.currentScript)`;
