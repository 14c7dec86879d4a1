import { useEffect, useState } from "react";
import { browserApi } from "../../lib/browser-api.ts";
import { browserStorage } from "../../lib/browser-storage.ts";
import type { StoredPriceAlert } from "../../lib/stored-price-alerts.ts";
import {
  mayHoldStoredPriceAlerts,
  STORED_PRICE_ALERTS_EVENT,
  STORED_PRICE_ALERTS_RETRY_MS,
} from "../../lib/stored-price-alerts-keys.ts";
import { CloseIcon } from "../ui/icons.tsx";

interface Report {
  sent: StoredPriceAlert[];
  refused: StoredPriceAlert[];
}

const subject = (alert: StoredPriceAlert) => `${alert.medicationName ?? alert.medicationId} ${alert.dosage}`;

/**
 * Sends the price alerts this device kept while the API could not be reached (public site §7):
 * when any page loads, when the browser comes back online, and every minute while some wait. The
 * visitor was told the alert would be sent, so a short notice says when it has been (or that the
 * API turned it down for good, e.g. the price fell below the target meanwhile).
 */
export function PendingPriceAlerts() {
  const [report, setReport] = useState<Report>({ sent: [], refused: [] });

  useEffect(() => {
    let stopped = false;
    let running = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(attempt, STORED_PRICE_ALERTS_RETRY_MS);
    };

    async function attempt() {
      clearTimeout(timer);
      if (stopped || running || !mayHoldStoredPriceAlerts(browserStorage())) return;
      running = true;
      try {
        // The sender loads only on a device where alerts wait (decision 025).
        const [api, stored] = await Promise.all([browserApi(), import("../../lib/stored-price-alerts.ts")]);
        const result = await stored.sendStoredPriceAlerts(api, browserStorage());
        if (stopped) return;
        if (result.sent.length > 0 || result.refused.length > 0) {
          setReport((previous) => ({
            sent: [...previous.sent, ...result.sent],
            refused: [...previous.refused, ...result.refused],
          }));
        }
        if (result.waiting > 0) later();
      } catch {
        // The sender could not load (offline, say): the alerts stay kept and are tried again later.
        later();
      } finally {
        running = false;
      }
    }

    void attempt();
    const online = () => void attempt();
    window.addEventListener("online", online);
    // An alert was just kept because nothing answered: try again after a pause, not at once.
    window.addEventListener(STORED_PRICE_ALERTS_EVENT, later);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("online", online);
      window.removeEventListener(STORED_PRICE_ALERTS_EVENT, later);
    };
  }, []);

  const shown = report.sent.length > 0 || report.refused.length > 0;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-30 flex justify-center px-4">
      {shown ? (
        <div className="pointer-events-auto flex max-w-lg items-start gap-3 rounded-xl bg-white px-4 py-3 text-slate-800 text-sm leading-6 shadow-lg ring-1 ring-slate-200">
          <div className="space-y-1">
            {report.sent.map((alert) => (
              <p key={alert.id}>
                Your saved price alert for {subject(alert)} has now been sent. Check your inbox to confirm it.
              </p>
            ))}
            {report.refused.map((alert) => (
              <p key={alert.id}>
                Your saved price alert for {subject(alert)} could not be set. Please set it again on its
                medication page.
              </p>
            ))}
          </div>
          <button
            type="button"
            onClick={() => setReport({ sent: [], refused: [] })}
            className="-mr-1 shrink-0 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <CloseIcon className="size-4" />
            <span className="sr-only">Dismiss</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
