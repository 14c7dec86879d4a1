import {
  type ConditionPriceContext,
  formatDay,
  formatPounds,
  type MedicationEvent,
  type PriceHistory,
} from "@pharmacompare/contract";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "../../components/condition/use-hydrated.ts";
import { browserApi } from "../../lib/browser-api.ts";
import { HistoryEvents, PriceContextLine } from "./price-context.tsx";
import { historyLabels, todaysLowest } from "./price-history-labels.ts";

// Its own chunk, fetched only when the section comes near the screen.
const loadChart = () => import("./price-history-chart.tsx");
const PriceHistoryChart = lazy(loadChart);

/** Start loading this far before the section scrolls into view. */
const NEAR = "400px 0px";

type Load =
  | { state: "idle" }
  | { state: "loading"; key: string }
  | { state: "failed"; key: string }
  | { state: "ready"; key: string; history: PriceHistory };

interface PriceHistorySectionProps {
  medicationId: string;
  medicationName: string;
  dosage: string | undefined;
  /** Today's price against the history, and the events marked on it (decision 059); from the page's answer. */
  priceContext: ConditionPriceContext | null;
}

/**
 * "Price history" under the comparison: the lowest in-stock price each day for 90 days, as a
 * chart and, behind a "Show as table" button, a table. Never part of the server render: the
 * browser asks the API once the section is near the screen (without JavaScript it says so; today's
 * prices are all in the table above).
 */
export function PriceHistorySection({
  medicationId,
  medicationName,
  dosage,
  priceContext,
}: PriceHistorySectionProps) {
  const hydrated = useHydrated();
  const section = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  const [load, setLoad] = useState<Load>({ state: "idle" });
  const [attempt, setAttempt] = useState(0);
  const key = `${medicationId}\n${dosage ?? ""}`;

  const listed = dosage !== undefined;
  useEffect(() => {
    const element = section.current;
    if (!listed || !element || near) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, listed]);

  useEffect(() => {
    if (!near || dosage === undefined) return;
    // `attempt` is read so that "Try again" runs this effect once more.
    void attempt;
    const controller = new AbortController();
    setLoad({ state: "loading", key });
    void loadChart().catch(() => {});
    // The client and the request load with the chart, not with the page (decision 025).
    Promise.all([browserApi(), import("./price-history-request.ts")])
      .then(([api, { requestPriceHistory }]) =>
        requestPriceHistory(api, medicationId, dosage, controller.signal),
      )
      .then((history) => setLoad({ state: "ready", key, history }))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: "failed", key });
      });
    return () => controller.abort();
  }, [near, medicationId, dosage, key, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  if (dosage === undefined) return null;
  const subject = `${medicationName} ${dosage}`;
  // A result for another medication or dosage is still on screen only until the new one loads.
  const current = load.state !== "idle" && load.key === key ? load : null;
  const events = priceContext?.events ?? [];

  return (
    <section
      ref={section}
      id="price-history"
      aria-labelledby="price-history-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="price-history-heading" className="font-bold text-lg text-slate-900">
        Price history
      </h2>
      <p className="mt-1 text-slate-600 text-sm">
        The lowest in-stock price of {subject} each day over the last 90 days (UK time).
      </p>
      <PriceContextLine context={priceContext?.context ?? null} />
      {/* As tall as the loaded chart in every state: the price alert form below it must not move
          while a visitor is filling it in (a shift between press and release loses the click). */}
      <div className="mt-5 min-h-[18.875rem] sm:min-h-[21.875rem]">
        {!hydrated ? (
          <noscript>
            <p className="text-slate-600 text-sm">
              The price history chart needs JavaScript. Today's prices are in the comparison above.
            </p>
          </noscript>
        ) : current?.state === "ready" ? (
          <HistoryView history={current.history} subject={subject} events={events} />
        ) : current?.state === "failed" ? (
          <div role="alert" className="rounded-lg bg-slate-50 px-4 py-4 text-slate-700 text-sm">
            <p>We could not load the price history just now.</p>
            <button
              type="button"
              onClick={retry}
              className="mt-3 rounded-lg border border-slate-300 bg-white px-3.5 py-2 font-semibold text-slate-900 text-sm shadow-sm hover:bg-slate-50"
            >
              Try again
            </button>
          </div>
        ) : (
          <>
            <div aria-hidden="true" className="h-6" />
            <div className="mt-5">
              <ChartPlaceholder />
            </div>
          </>
        )}
      </div>
      <HistoryEvents events={events} />
    </section>
  );
}

function ChartPlaceholder() {
  return (
    <div
      role="status"
      // The chart's own height: its plot (h-44, sm:h-56) and the date axis under it.
      className="flex h-50 items-center justify-center rounded-lg bg-slate-50 text-slate-600 text-sm sm:h-62"
    >
      Loading price history…
    </div>
  );
}

function HistoryView({
  history,
  subject,
  events,
}: {
  history: PriceHistory;
  subject: string;
  events: readonly MedicationEvent[];
}) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  if (history.lowest.length === 0) {
    return (
      <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-slate-600 text-sm">
        {history.pharmacies.length === 0
          ? `No pharmacy lists ${subject} at the moment, so there is no price history to show.`
          : `No pharmacy has had ${subject} in stock in the last ${history.days} days, so there is no price history to show.`}
      </p>
    );
  }
  const labels = historyLabels(history);
  const today = todaysLowest(history);
  const prices = history.lowest.map((point) => point.price);
  return (
    <>
      <div className="flex min-h-6 flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-slate-700 text-sm">
          {today ? (
            <>
              Today <strong className="font-semibold text-slate-900">{formatPounds(today.price)}</strong>
              {" · "}
            </>
          ) : (
            "Nothing in stock today · "
          )}
          range {formatPounds(Math.min(...prices))} to {formatPounds(Math.max(...prices))}
        </p>
        {labels.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Price notes">
            {labels.map((label) => (
              <li
                key={label}
                className="rounded-full bg-saving-50 px-3 py-1 font-semibold text-saving-700 text-xs ring-1 ring-saving-700/20"
              >
                {label}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="mt-5">
        <Suspense fallback={<ChartPlaceholder />}>
          <PriceHistoryChart history={history} subject={subject} events={events} />
        </Suspense>
      </div>
      <button
        type="button"
        aria-expanded={showTable}
        aria-controls={tableId}
        onClick={() => setShowTable((shown) => !shown)}
        className="mt-5 rounded-lg border border-slate-300 bg-white px-3.5 py-2 font-semibold text-slate-900 text-sm shadow-sm hover:bg-slate-50"
      >
        {showTable ? "Hide table" : "Show as table"}
      </button>
      <div id={tableId} hidden={!showTable}>
        {showTable ? <HistoryTable history={history} subject={subject} /> : null}
      </div>
    </>
  );
}

/** Every day, newest first, in a scrolling box that keyboard users can scroll (it takes focus). */
function HistoryTable({ history, subject }: { history: PriceHistory; subject: string }) {
  const captionId = useId();
  const rows = [...history.lowest].reverse();
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      className="mt-3 max-h-80 overflow-y-auto rounded-lg border border-slate-200 focus:outline-2 focus:outline-brand-700"
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption id={captionId} className="sr-only">
          Lowest in-stock price of {subject} by day, newest first
        </caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-700 text-xs uppercase tracking-wide">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              Date
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              Lowest price
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((point) => (
            <tr key={point.date}>
              <th scope="row" className="px-4 py-2 font-normal text-slate-700">
                {formatDay(point.date)}
              </th>
              <td className="px-4 py-2 text-right font-medium text-slate-900 tabular-nums">
                {formatPounds(point.price)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
