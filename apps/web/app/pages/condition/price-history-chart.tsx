import {
  formatDay,
  formatPounds,
  MEDICATION_EVENT_LABELS,
  type MedicationEvent,
} from "@pharmacompare/contract";
import { chartGeometry } from "./price-history-geometry.ts";
import { describeHistory, type LowestHistory } from "./price-history-labels.ts";

/**
 * The lowest price over the window as a small hand-written SVG line: one line needs none of a chart
 * library's 20 kB or more (gzipped). Loaded as its own chunk. The SVG stretches to any width, so the text around it is HTML
 * placed in percent; screen readers get one sentence here and the full table beside it.
 */
export default function PriceHistoryChart({
  history,
  subject,
  events = [],
}: {
  history: LowestHistory;
  subject: string;
  events?: readonly MedicationEvent[];
}) {
  const geometry = chartGeometry(history);
  if (!geometry) return null;
  const { high, low, latest } = geometry;
  const labels = high.price === low.price ? [high] : [high, low];
  // Numbered as in the list under the chart (decision 059), which carries each one's words and source.
  const marks = events
    .map((event, index) => ({ event, number: index + 1 }))
    .filter(({ event }) => event.happenedOn >= history.from && event.happenedOn <= history.to);
  const marked = marks
    .map(
      ({ event, number }) =>
        ` Event ${number}: ${MEDICATION_EVENT_LABELS[event.kind]} on ${formatDay(event.happenedOn)}.`,
    )
    .join("");
  return (
    <div
      role="img"
      aria-label={`${describeHistory(history, subject)}${marked}`}
      data-testid="price-history-chart"
    >
      <div className="flex">
        <div className="relative w-16 shrink-0 text-slate-600 text-xs tabular-nums sm:w-20">
          {labels.map((label) => (
            <span
              key={label.y}
              className="absolute right-2 -translate-y-1/2 whitespace-nowrap"
              style={{ top: `${label.y}%` }}
            >
              {formatPounds(label.price)}
            </span>
          ))}
        </div>
        <div className="relative h-44 flex-1 border-slate-300 border-b border-l sm:h-56">
          <svg
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full overflow-visible"
            aria-hidden="true"
            focusable="false"
          >
            {labels.map((label) => (
              <line
                key={label.y}
                x1="0"
                x2="100"
                y1={label.y}
                y2={label.y}
                className="stroke-slate-200"
                strokeWidth="1"
                strokeDasharray="4 4"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {geometry.areas.map((area) => (
              <path key={area} d={area} className="fill-brand-100/60" />
            ))}
            {geometry.lines.map((line) => (
              <path
                key={line}
                d={line}
                fill="none"
                className="stroke-brand-700"
                strokeWidth="2.5"
                strokeLinejoin="round"
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
          {marks.map(({ event, number }) => (
            <span
              key={event.id}
              data-testid="price-history-event-mark"
              className="absolute inset-y-0 w-0 border-amber-700 border-l-2 border-dashed"
              style={{ left: `${geometry.dayX(event.happenedOn)}%` }}
            >
              <span className="absolute bottom-full left-0 inline-flex size-5 -translate-x-1/2 items-center justify-center rounded-full bg-amber-700 font-semibold text-white text-xs">
                {number}
              </span>
            </span>
          ))}
          <span
            className="absolute size-3 -translate-x-1/2 -translate-y-1/2 rounded-full bg-brand-700 ring-2 ring-white"
            style={{ left: `${latest.x}%`, top: `${latest.y}%` }}
          />
        </div>
      </div>
      <div className="mt-2 ml-16 flex justify-between gap-4 text-slate-600 text-xs sm:ml-20">
        <span>{formatDay(history.from)}</span>
        <span>{formatDay(history.to)}</span>
      </div>
    </div>
  );
}
