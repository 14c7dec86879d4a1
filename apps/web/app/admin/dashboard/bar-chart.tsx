import { formatCount } from "@pharmacompare/contract";
import { Link } from "react-router";
import { barsOf, CHART_HEIGHT, CHART_WIDTH, chartMaximum } from "./chart-geometry.ts";

/**
 * One of the dashboard's charts (decision 044): bars drawn as SVG by React (no charting library),
 * with every label in HTML so it stays legible however far the drawing is squeezed, and the same
 * figures as a table for screen readers. The drawing itself is hidden from them.
 */
interface ChartSeries {
  label: string;
  /** A Tailwind fill class for the bars and the same colour as a background for the key. */
  fill: string;
  swatch: string;
  values: readonly number[];
}

interface ChartCategory {
  /** "17 May": under the chart and in the table. */
  label: string;
}

export function BarChart({
  id,
  title,
  categoryHeading,
  categories,
  series,
  link,
}: {
  id: string;
  title: string;
  /** The table's first column: "Day", "Week starting". */
  categoryHeading: string;
  categories: readonly ChartCategory[];
  series: readonly ChartSeries[];
  /** Where these figures are acted on. */
  link: { to: string; label: string };
}) {
  const values = series.map((entry) => entry.values);
  const maximum = chartMaximum(values);
  const total = values.flat().reduce((sum, value) => sum + value, 0);
  const first = categories[0]?.label ?? "";
  const last = categories.at(-1)?.label ?? "";
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`${id}-title`} className="font-semibold text-slate-900 text-sm">
          {title}
        </h3>
        <Link
          to={link.to}
          className="rounded-sm font-medium text-brand-700 text-sm underline-offset-2 hover:underline"
        >
          {link.label}
        </Link>
      </div>
      {series.length > 1 ? (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-slate-700 text-xs" aria-hidden="true">
          {series.map((entry) => (
            <li key={entry.label} className="inline-flex items-center gap-1.5">
              <span className={`inline-block size-2.5 rounded-sm ${entry.swatch}`} />
              {entry.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-2" aria-hidden="true">
        <p className="text-slate-600 text-xs tabular-nums">
          {total === 0 ? "None yet" : `Highest: ${formatCount(maximum)}`}
        </p>
        <svg
          viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
          className="mt-1 h-28 w-full overflow-visible border-slate-300 border-b sm:h-32"
        >
          {barsOf(values).map((bar) => (
            <rect
              key={`${bar.series}-${bar.category}`}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              className={series[bar.series]?.fill}
            />
          ))}
        </svg>
        <div className="mt-1 flex justify-between text-slate-600 text-xs">
          <span>{first}</span>
          <span>{last}</span>
        </div>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryHeading}</th>
            {series.map((entry) => (
              <th key={entry.label} scope="col">
                {entry.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categories.map((category, index) => (
            <tr key={category.label}>
              <th scope="row">{category.label}</th>
              {series.map((entry) => (
                <td key={entry.label}>{formatCount(entry.values[index] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
