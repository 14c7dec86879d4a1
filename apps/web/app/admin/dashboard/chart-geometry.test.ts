import { describe, expect, it } from "vitest";
import { barsOf, CHART_HEIGHT, CHART_WIDTH, chartMaximum } from "./chart-geometry.ts";

describe("the dashboard's bar geometry", () => {
  it("scales the largest value to the full height and leaves zeros out", () => {
    const bars = barsOf([[0, 5, 10]]);
    expect(bars.map((bar) => [bar.category, bar.height])).toEqual([
      [1, CHART_HEIGHT / 2],
      [2, CHART_HEIGHT],
    ]);
    for (const bar of bars) expect(bar.y + bar.height).toBe(CHART_HEIGHT);
  });

  it("puts each series side by side within its category's slot, inside the chart", () => {
    const bars = barsOf([
      [1, 2],
      [3, 4],
    ]);
    const [first, second] = bars.filter((bar) => bar.category === 0);
    expect(second?.x).toBeCloseTo((first?.x ?? 0) + (first?.width ?? 0));
    for (const bar of bars) {
      expect(bar.x).toBeGreaterThanOrEqual(0);
      expect(bar.x + bar.width).toBeLessThanOrEqual(CHART_WIDTH);
    }
  });

  it("draws nothing for an empty or all-zero chart", () => {
    expect(barsOf([])).toEqual([]);
    expect(barsOf([[0, 0, 0]])).toEqual([]);
    expect(chartMaximum([[0, 0]])).toBe(1);
  });
});
