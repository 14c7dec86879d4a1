/**
 * The bars of the dashboard's charts (decision 044), as rectangles in a fixed viewBox that the SVG
 * stretches to its box: each category (a day or a week) gets an equal slot, and within it each
 * series a bar side by side. Pure, so the arithmetic is tested without a browser.
 */
export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 160;

interface Bar {
  series: number;
  category: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The top of the scale: the largest value, at least 1 so an empty chart draws no bars. */
export function chartMaximum(values: readonly (readonly number[])[]): number {
  return Math.max(1, ...values.flat());
}

/** `values[series][category]` as bars; a zero draws nothing. */
export function barsOf(values: readonly (readonly number[])[]): Bar[] {
  const categories = Math.max(0, ...values.map((series) => series.length));
  if (categories === 0) return [];
  const maximum = chartMaximum(values);
  const slot = CHART_WIDTH / categories;
  // A fifth of each slot stays empty between categories; the rest is shared by the series.
  const width = (slot * 0.8) / Math.max(1, values.length);
  const bars: Bar[] = [];
  values.forEach((series, seriesIndex) => {
    series.forEach((value, category) => {
      if (!(value > 0)) return;
      const height = (value / maximum) * CHART_HEIGHT;
      bars.push({
        series: seriesIndex,
        category,
        x: category * slot + slot * 0.1 + seriesIndex * width,
        y: CHART_HEIGHT - height,
        width,
        height,
      });
    });
  });
  return bars;
}
