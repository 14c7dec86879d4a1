import {
  addDays,
  type DailyPrice,
  formatDay,
  formatPounds,
  fromPence,
  type PriceHistory,
  toPence,
} from "@pharmacompare/contract";

/** What the labels and summaries read: the API's answer minus the per-pharmacy series. */
export type LowestHistory = Pick<PriceHistory, "days" | "from" | "to" | "lowest">;

/** Today's lowest in-stock price, when something is in stock today. */
export function todaysLowest(history: LowestHistory): DailyPrice | undefined {
  const last = history.lowest.at(-1);
  return last?.date === history.to ? last : undefined;
}

/**
 * The claims the section may make, each only when the data bears it out:
 * - "Lowest price in {days} days": something is in stock on every day of the window (so we know
 *   each day's price), today's lowest is at or below every one of them, and it was higher on at
 *   least one day (a price that never moved is not news).
 * - "£x.xx cheaper than last week": today's lowest is at least 1p below the lowest on the same
 *   day a week ago.
 */
export function historyLabels(history: LowestHistory): string[] {
  const today = todaysLowest(history);
  if (!today) return [];
  const labels: string[] = [];

  const covered = history.lowest.length === history.days && history.lowest[0]?.date === history.from;
  const earlier = history.lowest.slice(0, -1).map((point) => toPence(point.price));
  const now = toPence(today.price);
  if (
    covered &&
    earlier.length > 0 &&
    earlier.every((price) => price >= now) &&
    earlier.some((price) => price > now)
  ) {
    labels.push(`Lowest price in ${history.days} days`);
  }

  const weekAgo = addDays(history.to, -7);
  const then = history.lowest.find((point) => point.date === weekAgo);
  if (then && toPence(then.price) > now) {
    labels.push(`${formatPounds(fromPence(toPence(then.price) - now))} cheaper than last week`);
  }
  return labels;
}

/** The chart's text alternative, in one sentence. */
export function describeHistory(history: LowestHistory, subject: string): string {
  const first = history.lowest[0];
  const last = history.lowest.at(-1);
  if (!first || !last) return `No price history for ${subject}.`;
  const prices = history.lowest.map((point) => point.price);
  return (
    `Lowest in-stock price of ${subject} by day: ${formatPounds(first.price)} on ${formatDay(first.date)}, ` +
    `${formatPounds(last.price)} on ${formatDay(last.date)}; lowest ${formatPounds(Math.min(...prices))}, ` +
    `highest ${formatPounds(Math.max(...prices))}.`
  );
}
