import {
  addMonths,
  daysOfMonth,
  lastCompleteMonth,
  londonDay,
  monthFigure,
  monthStart,
} from "@pharmacompare/contract";
import { eq, min } from "drizzle-orm";
import { conditionTag, PRICE_LISTS_TAG } from "../../cache/cache-tags.ts";
import { publicDataChanged, transactionAnnouncingChanges } from "../../cache/data-version.ts";
import type { Database } from "../../db/client.ts";
import { priceHistory, priceIndexMonths } from "../../db/schema.ts";
import type { JobContext, ScheduledJob } from "../../jobs/scheduler.ts";
import { dailyLowestSeries } from "./price-index-reads.ts";

/**
 * The monthly UK price index job (issue 45, decision 061). Daily, on the scheduler's lease
 * (decision 038, so one process runs it): it computes the last complete month, and every earlier
 * month back to the history's first whole month that has no rows yet, from `price_history`. Each month is
 * written whole in one transaction (its rows deleted, then inserted), so a run killed part-way
 * leaves each month either as it was or complete, and a re-run writes the same rows.
 */
export const PRICE_INDEX_JOB = "priceIndex";
export const PRICE_INDEX_SCHEDULE = "daily 04:20 Europe/London";

/** Computes and stores one month; answers how many rows it holds. */
export async function computeIndexMonth(
  db: Database,
  month: string,
  options: { now: () => Date; monthWritten?: (month: string) => void },
): Promise<number> {
  const days = daysOfMonth(month);
  const series = await dailyLowestSeries(db, { from: days[0] as string, to: days.at(-1) as string });
  const computedAt = options.now();
  const rows = series.flatMap((entry) => {
    const figure = monthFigure(entry.daily);
    return figure
      ? [
          {
            month: monthStart(month),
            medicationId: entry.medicationId,
            dosage: entry.dosage,
            subcategoryId: entry.subcategoryId,
            ...figure,
            computedAt,
          },
        ]
      : [];
  });
  await transactionAnnouncingChanges(db, async (tx) => {
    await tx.delete(priceIndexMonths).where(eq(priceIndexMonths.month, monthStart(month)));
    if (rows.length > 0) await tx.insert(priceIndexMonths).values(rows);
    // The index pages (price lists) and each condition's own index figures (decision 063).
    await publicDataChanged(tx, [PRICE_LISTS_TAG, ...rows.map((row) => conditionTag(row.subcategoryId))]);
  });
  options.monthWritten?.(month);
  return rows.length;
}

/** The months a run computes, oldest first: missing ones from the history's start, and the last complete month. */
async function monthsToCompute(db: Database, now: Date): Promise<string[]> {
  const last = lastCompleteMonth(now);
  const [first] = await db.select({ at: min(priceHistory.recordedAt) }).from(priceHistory);
  if (!first?.at) return [];
  // The history's first month counts only if it starts on its first day: a month seen for a few
  // days is not that month's figure (the demo's 90 days begin part-way through a month).
  const firstDay = londonDay(first.at);
  const start = firstDay.endsWith("-01") ? firstDay.slice(0, 7) : addMonths(firstDay.slice(0, 7), 1);
  if (start > last) return [];
  const stored = new Set(
    (await db.selectDistinct({ month: priceIndexMonths.month }).from(priceIndexMonths)).map((row) =>
      row.month.slice(0, 7),
    ),
  );
  const months: string[] = [];
  for (let month = start; month < last; month = addMonths(month, 1))
    if (!stored.has(month)) months.push(month);
  months.push(last);
  return months;
}

/**
 * Computes every month a run would, without the scheduler (the demo's seed, so its last complete
 * month exists from the first start, issue 45); `between` runs before each month (the job renews
 * its lease there). Answers what it did, as the job's run record keeps it.
 */
export async function computeIndexMonths(
  db: Database,
  options: { now: () => Date; monthWritten?: (month: string) => void; between?: () => Promise<void> },
): Promise<{ months: number; rows: number; latest: string | null }> {
  const months = await monthsToCompute(db, options.now());
  let rows = 0;
  for (const month of months) {
    await options.between?.();
    rows += await computeIndexMonth(db, month, options);
  }
  return { months: months.length, rows, latest: months.at(-1) ?? null };
}

export function priceIndexJob(
  db: Database,
  options: { now: () => Date; monthWritten?: (month: string) => void },
): ScheduledJob {
  return {
    name: PRICE_INDEX_JOB,
    schedule: PRICE_INDEX_SCHEDULE,
    async run(context: JobContext) {
      return computeIndexMonths(db, {
        ...options,
        between: async () => {
          if (!(await context.renew())) throw new Error("Another process took the run over");
        },
      });
    },
  };
}
