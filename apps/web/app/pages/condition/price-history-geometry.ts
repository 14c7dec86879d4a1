import { daysBetween } from "@pharmacompare/contract";
import type { LowestHistory } from "./price-history-labels.ts";

/** Where the chart draws, in percent of its box (0,0 top left), so one SVG fits every width. */
export interface ChartGeometry {
  /** One SVG path per run of consecutive days; a day with nothing in stock breaks the line. */
  lines: string[];
  /** The same runs closed down to the bottom edge, for the shading under the line. */
  areas: string[];
  /** Heights of the highest and lowest prices, for their gridlines and labels. */
  high: { price: number; y: number };
  low: { price: number; y: number };
  /** Today's (or the latest) point, marked with a dot. */
  latest: { x: number; y: number };
  /** Where a day of the window falls across (for the event marks, decision 059). */
  dayX: (date: string) => number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Lays the daily lowest out on a 100 × 100 box: days across the whole window, prices padded 15 %. */
export function chartGeometry(history: LowestHistory): ChartGeometry | null {
  const { lowest } = history;
  if (lowest.length === 0) return null;
  const prices = lowest.map((point) => point.price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const pad = max > min ? (max - min) * 0.15 : Math.max(0.5, max * 0.05);
  const bottom = min - pad;
  const top = max + pad;
  const x = (date: string) =>
    history.days > 1 ? round((daysBetween(history.from, date) / (history.days - 1)) * 100) : 50;
  const y = (price: number) => round((1 - (price - bottom) / (top - bottom)) * 100);

  const runs: { x: number; y: number }[][] = [];
  let previous: string | undefined;
  for (const point of lowest) {
    const at = { x: x(point.date), y: y(point.price) };
    const run = runs.at(-1);
    if (run && previous !== undefined && daysBetween(previous, point.date) === 1) run.push(at);
    else runs.push([at]);
    previous = point.date;
  }
  // A lone day is drawn as a short flat stroke so it stays visible.
  const stretch = (run: { x: number; y: number }[]) =>
    run.length > 1 ? run : [{ x: Math.max(0, (run[0]?.x ?? 0) - 0.5), y: run[0]?.y ?? 0 }, ...run];
  const line = (run: { x: number; y: number }[]) =>
    stretch(run)
      .map((at, index) => `${index === 0 ? "M" : "L"}${at.x} ${at.y}`)
      .join(" ");
  const lines = runs.map(line);
  const areas = runs.map((run) => {
    const points = stretch(run);
    return `${line(run)} L${points.at(-1)?.x ?? 0} 100 L${points[0]?.x ?? 0} 100 Z`;
  });
  const last = lowest.at(-1) as { date: string; price: number };
  return {
    lines,
    areas,
    high: { price: max, y: y(max) },
    low: { price: min, y: y(min) },
    latest: { x: x(last.date), y: y(last.price) },
    dayX: x,
  };
}
