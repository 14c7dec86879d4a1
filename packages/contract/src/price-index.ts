import { addDays, fromPence, londonDay, medianPence, toPence } from "./format.ts";

/*
 * The monthly UK price index (issue 45, decision 061): its arithmetic, in whole pence, with no I/O,
 * so the job that computes it, the pages that show it and anyone holding the open data reach the
 * same figures. The method the index page writes out (PRICE_INDEX_METHOD) is this file in words.
 */

/** The open data's licence, stated on the page and in every download (issue 45). */
export const PRICE_INDEX_LICENCE = "CC BY 4.0";
export const PRICE_INDEX_LICENCE_URL = "https://creativecommons.org/licenses/by/4.0/";
/** The attribution a reuser gives, as the licence asks. */
export const PRICE_INDEX_ATTRIBUTION = "PharmaCompare UK price index";

/** A month as the index names it: "2026-10". */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isIndexMonth(text: string): boolean {
  return MONTH_PATTERN.test(text);
}

/** "2026-10" → "2026-10-01", the month's first day (how `price_index_months.month` stores it). */
export function monthStart(month: string): string {
  return `${month}-01`;
}

/** The month `count` months after `month` (before it when negative). */
export function addMonths(month: string, count: number): string {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Every UK calendar day of `month`, first to last. */
export function daysOfMonth(month: string): string[] {
  const days: string[] = [];
  for (let day = monthStart(month); day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

/** The last month that has ended by `now` (UK time): on 1 November, October. */
export function lastCompleteMonth(now: Date): string {
  return addMonths(londonDay(now).slice(0, 7), -1);
}

/** One day's lowest in-stock price of a medication and dosage, and how many pharmacies priced it in stock. */
export interface DailyLowest {
  date: string;
  /** Pounds, two decimals (decision 005). */
  lowest: number;
  pharmacies: number;
}

/** A pharmacy's price as it stood from a moment on (a `price_history` row). */
export interface PriceObservation {
  pharmacyId: string;
  price: number;
  inStock: boolean;
  at: Date;
}

/**
 * Each day's lowest in-stock price over `days` from observations: a pharmacy's price on a day is the
 * last one it recorded by the end of that day (UK time), carried forward until the next, as the
 * price history chart reads it. A day with no pharmacy in stock is left out (a gap).
 */
export function dailyLowestFrom(
  observations: readonly PriceObservation[],
  days: readonly string[],
): DailyLowest[] {
  const byPharmacy = new Map<string, { day: string; price: number; inStock: boolean; at: number }[]>();
  for (const entry of observations) {
    const list = byPharmacy.get(entry.pharmacyId) ?? [];
    list.push({
      day: londonDay(entry.at),
      price: entry.price,
      inStock: entry.inStock,
      at: entry.at.getTime(),
    });
    byPharmacy.set(entry.pharmacyId, list);
  }
  const cursors = [...byPharmacy.values()].map((list) => ({
    list: list.sort((a, b) => a.at - b.at),
    next: 0,
    current: null as { price: number; inStock: boolean } | null,
  }));
  const result: DailyLowest[] = [];
  for (const day of [...days].sort()) {
    let lowest: number | null = null;
    let count = 0;
    for (const cursor of cursors) {
      while (cursor.next < cursor.list.length && (cursor.list[cursor.next]?.day ?? "") <= day) {
        cursor.current = cursor.list[cursor.next] ?? null;
        cursor.next += 1;
      }
      const price = cursor.current;
      if (!price?.inStock) continue;
      count += 1;
      const pence = toPence(price.price);
      if (lowest === null || pence < lowest) lowest = pence;
    }
    if (lowest !== null) result.push({ date: day, lowest: fromPence(lowest), pharmacies: count });
  }
  return result;
}

/** One medication and dosage's figure for a month, before it is compared with earlier months. */
export interface MonthFigure {
  /** The median of the month's daily lowest prices, pounds in whole pence. */
  medianLowest: number;
  /** Days of the month with a lowest in-stock price. */
  days: number;
  /** The most pharmacies that priced it in stock on one day of the month. */
  pharmacies: number;
}

/** A month's figure from its daily lowest prices; null when no day had one (no row that month). */
export function monthFigure(daily: readonly DailyLowest[]): MonthFigure | null {
  const median = medianPence(daily.map((day) => toPence(day.lowest)));
  if (median === null) return null;
  return {
    medianLowest: fromPence(median),
    days: daily.length,
    pharmacies: Math.max(...daily.map((day) => day.pharmacies)),
  };
}

/** A change from an earlier month's median lowest: pence and a percentage to one decimal place. */
export interface IndexChange {
  pence: number;
  percent: number;
}

/** The change from `earlier` to `current` (pounds both); null when there is no earlier figure. */
export function indexChange(current: number, earlier: number | null | undefined): IndexChange | null {
  if (earlier === null || earlier === undefined) return null;
  const from = toPence(earlier);
  const pence = toPence(current) - from;
  return { pence, percent: Math.round((pence / from) * 1000) / 10 };
}

/** "+£0.45 (+3.2%)", "−£1.00 (−10.0%)", "no change": how a page writes a change. */
export function formatIndexChange(change: IndexChange | null): string {
  if (!change) return "no figure";
  if (change.pence === 0) return "no change";
  const sign = change.pence > 0 ? "+" : "−";
  const pounds = (Math.abs(change.pence) / 100).toFixed(2);
  return `${sign}£${pounds} (${sign}${Math.abs(change.percent).toFixed(1)}%)`;
}

/**
 * A condition's index over months, chained (a Jevons index, as statistical offices build
 * elementary price indices): 100 in its first month with figures, then each month the previous
 * month's index times the geometric mean of price relatives (this month's median lowest over last
 * month's) of the medications and dosages priced in both months. A month sharing none with the
 * month before carries the index unchanged. One decimal place.
 */
export function chainedIndex(
  months: readonly { month: string; rows: readonly { key: string; medianLowest: number }[] }[],
): { month: string; index: number }[] {
  const ordered = [...months].sort((a, b) => a.month.localeCompare(b.month)).filter((m) => m.rows.length > 0);
  const series: { month: string; index: number }[] = [];
  let level = 100;
  let previous: Map<string, number> | null = null;
  for (const { month, rows } of ordered) {
    const here = new Map(rows.map((row) => [row.key, toPence(row.medianLowest)]));
    if (previous) {
      const logs: number[] = [];
      for (const [key, pence] of here) {
        const before = previous.get(key);
        if (before) logs.push(Math.log(pence / before));
      }
      if (logs.length > 0) level *= Math.exp(logs.reduce((sum, value) => sum + value, 0) / logs.length);
    }
    series.push({ month, index: Math.round(level * 10) / 10 });
    previous = here;
  }
  return series;
}

/** "2026-10" → "October 2026" */
export function formatIndexMonth(month: string): string {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, mon - 1, 1)),
  );
}

/** The method, as the index page writes it out (issue 45: "with the method written out"). */
export const PRICE_INDEX_METHOD = [
  "For each medication and dosage we list, we take the lowest in-stock price on each day of the month (UK time), from every price a pharmacy has charged as we recorded it; a pharmacy's price on a day is the last one it had by the end of that day.",
  "The month's figure is the median of those daily lowest prices, in whole pence (with an even number of days, the mean of the middle two, rounded to the nearest penny). Days on which no pharmacy had it in stock are left out.",
  "We compare it with the previous month and with the same month a year earlier, in pounds and as a percentage; where a month has no figure there is no comparison.",
  "Pharmacies is the most pharmacies that had it in stock on any one day of the month.",
  "A condition's index starts at 100 in its first month and moves each month by the geometric mean of the price changes of the medications and dosages priced in both months.",
  "A month is computed once it has ended, by a scheduled job, from the same daily lowest prices you can download below, so anyone can reproduce it.",
] as const;

/** Quotes a CSV field when it needs it (RFC 4180). */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV text: a comment line with the licence first, then the header and rows (RFC 4180 line ends). */
export function licensedCsv(
  title: string,
  header: readonly string[],
  rows: readonly (string | number)[][],
): string {
  const licence = `# ${title}. ${PRICE_INDEX_ATTRIBUTION}, licensed ${PRICE_INDEX_LICENCE} (${PRICE_INDEX_LICENCE_URL})`;
  return `${[licence, header.map(csvField).join(","), ...rows.map((row) => row.map(csvField).join(","))].join("\r\n")}\r\n`;
}
