import {
  type ConditionPriceContext,
  formatDay,
  MEDICATION_EVENT_LABELS,
  type MedicationEvent,
  PRICE_CONTEXT_LABELS,
} from "@pharmacompare/contract";

/**
 * "Is this a good price?" (issue 45, decision 059): the contract's neutral label and one plain
 * sentence, above the history chart. Server-rendered from the page's own answer, so it needs no
 * JavaScript and adds no request.
 */
export function PriceContextLine({ context }: { context: ConditionPriceContext["context"] }) {
  if (!context) return null;
  return (
    <div className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-2" data-testid="price-context">
      <p className="rounded-full bg-slate-100 px-3 py-1 font-semibold text-slate-800 text-xs ring-1 ring-slate-300">
        <span className="sr-only">Today's price: </span>
        {PRICE_CONTEXT_LABELS[context.label]}
      </p>
      <p className="min-w-0 flex-1 basis-64 text-slate-700 text-sm">{context.sentence}</p>
    </div>
  );
}

/** The chart's marks as a list a screen reader and a keyboard reach: numbered as on the chart. */
export function HistoryEvents({ events }: { events: readonly MedicationEvent[] }) {
  if (events.length === 0) return null;
  return (
    <div className="mt-5">
      <h3 className="font-semibold text-slate-900 text-sm">Events on this chart</h3>
      <ol className="mt-2 space-y-2 text-slate-700 text-sm" data-testid="price-history-events">
        {events.map((event, index) => (
          <li key={event.id} className="flex gap-2">
            <span
              aria-hidden="true"
              className="inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-amber-700 font-semibold text-white text-xs"
            >
              {index + 1}
            </span>
            <span className="min-w-0 break-words">
              <span className="font-semibold text-slate-900">
                {formatDay(event.happenedOn)}: {MEDICATION_EVENT_LABELS[event.kind]}
                {event.dosage ? ` (${event.dosage})` : ""}.
              </span>{" "}
              {event.summary}{" "}
              <a
                className="text-brand-700 underline"
                href={event.sourceUrl}
                rel="noopener noreferrer"
                target="_blank"
              >
                Source: {hostOf(event.sourceUrl)}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
