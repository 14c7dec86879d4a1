import { useSyncExternalStore } from "react";

/** Where the visitor's choice lives in the browser (public site §3 "values kept in the browser"). */
export const COOKIE_CONSENT_KEY = "pc.cookieConsent";

const COOKIE_CHOICES = ["essential", "all"] as const;
export type CookieChoice = (typeof COOKIE_CHOICES)[number];
export interface CookieConsent {
  choice: CookieChoice;
  /** When the visitor chose: an ISO 8601 date and time with its offset. */
  date: string;
}

// Checked by hand rather than with a zod schema: every page reads this before anything else, and
// zod is kept out of a page's first JavaScript (decision 025).
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function asConsent(value: unknown): CookieConsent | null {
  if (typeof value !== "object" || value === null) return null;
  const { choice, date } = value as Record<string, unknown>;
  const known = (COOKIE_CHOICES as readonly unknown[]).includes(choice);
  const dated = typeof date === "string" && ISO_DATE_TIME.test(date) && !Number.isNaN(Date.parse(date));
  return known && dated ? { choice: choice as CookieChoice, date: date as string } : null;
}

/** What the banner needs: the stored choice (null while unset) and whether it was asked to reopen. */
export interface ConsentState {
  consent: CookieConsent | null;
  reopened: boolean;
}

/** The stored choice, or null when there is none or it is unreadable (then the visitor is asked again). */
export function readConsent(storage: Pick<Storage, "getItem"> | undefined): CookieConsent | null {
  try {
    const raw = storage?.getItem(COOKIE_CONSENT_KEY);
    if (!raw) return null;
    return asConsent(JSON.parse(raw));
  } catch {
    return null;
  }
}

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off; the banner then simply asks on every page load.
    return undefined;
  }
}

let state: ConsentState | undefined;
const listeners = new Set<() => void>();

function emit(next: ConsentState) {
  state = next;
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  // A choice made in another tab hides this tab's banner too.
  if (event.key === COOKIE_CONSENT_KEY || event.key === null) {
    emit({ consent: readConsent(browserStorage()), reopened: false });
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

function getSnapshot(): ConsentState {
  state ??= { consent: readConsent(browserStorage()), reopened: false };
  return state;
}

/**
 * The consent state once the page runs in the browser; `undefined` on the server and during
 * hydration, because only the browser knows the choice: rendering nothing until then means a
 * returning visitor never sees the banner flash.
 */
export function useCookieConsent(): ConsentState | undefined {
  return useSyncExternalStore(subscribe, getSnapshot, () => undefined);
}

/** Records the visitor's choice with the moment it was made, and hides the banner. */
export function saveConsent(choice: CookieChoice, now: Date = new Date()): CookieConsent {
  const consent: CookieConsent = { choice, date: now.toISOString() };
  try {
    browserStorage()?.setItem(COOKIE_CONSENT_KEY, JSON.stringify(consent));
  } catch {
    // Full or blocked storage: the choice still holds for this page view.
  }
  emit({ consent, reopened: false });
  return consent;
}

/** Shows the banner again so the visitor can change their choice (the Cookie Policy's settings). */
export function reopenConsentBanner(): void {
  emit({ ...getSnapshot(), reopened: true });
}
