import { formatLongDate } from "@pharmacompare/contract";
import { reopenConsentBanner, useCookieConsent } from "../../lib/cookie-consent.ts";

const choiceLabels = { essential: "Essential Only", all: "Accept All" } as const;

/**
 * The Cookie Policy's settings: the stored choice (known only in the browser) and a button that
 * reopens the cookie banner to change it.
 */
export function CookieSettings() {
  const view = useCookieConsent();
  const consent = view?.consent;
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <p className="text-slate-700 text-sm leading-6" aria-live="polite">
        {view === undefined
          ? "Your cookie choice is kept in this browser."
          : consent
            ? `Your current choice: ${choiceLabels[consent.choice]}, made on ${formatLongDate(consent.date)}.`
            : "You have not made a choice yet."}
      </p>
      <button
        type="button"
        onClick={reopenConsentBanner}
        // The banner exists only once the page runs in the browser.
        disabled={view === undefined}
        className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-sm text-white shadow-sm hover:bg-brand-800 disabled:opacity-60"
      >
        Change cookie settings
      </button>
    </div>
  );
}
