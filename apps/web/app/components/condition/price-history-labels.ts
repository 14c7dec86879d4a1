import { type DailyPrice, formatLongDate, formatPounds, type PriceHistory } from "@pharmacompare/contract";

/** What the labels and summaries read: the API's answer minus the per-pharmacy series. */
export type LowestHistory = Pick<PriceHistory, "days" | "from" | "to" | "lowest">;

/** A calendar day `count` days after a "YYYY-MM-DD" day (before, when negative). */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, "YYYY-MM-DD" both (0 on the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** "20 June 2031" for an API day (noon UTC is that day in London whatever the season). */
export function formatDay(day: string): string {
  return formatLongDate(`${day}T12:00:00Z`);
}

const pennies = (amount: number) => Math.round(amount * 100);

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
  const earlier = history.lowest.slice(0, -1).map((point) => pennies(point.price));
  const now = pennies(today.price);
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
  if (then && pennies(then.price) > now) {
    labels.push(`${formatPounds((pennies(then.price) - now) / 100)} cheaper than last week`);
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
