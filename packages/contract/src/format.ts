/** The one money and date formatting for the whole product: en-GB, pounds sterling. */
const poundsFormat = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 12.5 → "£12.50" */
export function formatPounds(amount: number): string {
  return poundsFormat.format(amount);
}

/*
 * Money is pounds with two decimals everywhere (numeric(10,2), decision 005). A JavaScript number
 * cannot hold most of those exactly (0.1 + 0.2), so sums, comparisons and differences of money are
 * made in whole pence, through these and nowhere else.
 */

/** 12.5 → 1250; 0.1 + 0.2 → 30 (the nearest whole penny). */
export function toPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** 1250 → 12.5 */
export function fromPence(pence: number): number {
  return pence / 100;
}

/** Whether an amount in pounds is a whole number of pence: 12.5 yes, 12.555 no. */
export function isWholePence(pounds: number): boolean {
  return Math.abs(pounds * 100 - toPence(pounds)) < 1e-6;
}

/** 12.5 → "12.50": an amount as a money input or a machine-read price shows it (no £). */
export function formatAmount(pounds: number): string {
  return fromPence(toPence(pounds)).toFixed(2);
}

const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});
const shortDate = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/London",
});

/** "2025-08-18T09:00:00Z" → "18 August 2025" (UK long format). */
export function formatLongDate(value: string | Date): string {
  return longDate.format(typeof value === "string" ? new Date(value) : value);
}

/** A calendar day as people read it: "2031-06-20" → "20 June 2031" (noon UTC is that day in London). */
export function formatDay(day: string): string {
  return formatLongDate(`${day}T12:00:00Z`);
}

const dayAndMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** A calendar day without its year, for a chart's axis: "2031-06-20" → "20 Jun". */
export function formatShortDay(day: string): string {
  return dayAndMonth.format(new Date(`${day}T12:00:00Z`));
}

/** "2025-08-18T09:00:00Z" → "18/08/2025". */
export function formatShortDate(value: string | Date): string {
  return shortDate.format(typeof value === "string" ? new Date(value) : value);
}

/**
 * The UK calendar day of a moment, "YYYY-MM-DD", whatever the server's or the browser's zone:
 * "2025-08-18T23:30:00Z" → "2025-08-19" (British Summer Time). Days in this form compare and sort
 * as strings.
 */
export function londonDay(value: string | Date): string {
  // The short date's parts (dd/mm/yyyy in London), put in ISO order.
  const parts = shortDate.formatToParts(typeof value === "string" ? new Date(value) : value);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The calendar day `count` days after `day` ("YYYY-MM-DD"; before it when negative). */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to`, "YYYY-MM-DD" both: 0 on the same day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/London",
});

/** "2025-08-18T09:05:00Z" → "18/08/2025, 10:05" (UK time, 24-hour clock). */
export function formatDateTime(value: string | Date): string {
  return dateTime.format(typeof value === "string" ? new Date(value) : value);
}

const relative = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });
const relativeSteps: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/**
 * How long ago (or until) a moment is, in the largest whole unit: "5 minutes ago", "yesterday",
 * "in 2 hours". Anything under a minute reads "now" rather than a count of seconds.
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const then = typeof value === "string" ? new Date(value) : value;
  let amount = (then.getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 60) return relative.format(0, "second");
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(amount) < size) return relative.format(Math.trunc(amount), unit);
    amount /= size;
  }
  return relative.format(Math.trunc(amount), "year");
}

const countFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/** 12345 → "12,345" */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/**
 * The median of whole-pence amounts, in whole pence: the middle one of an odd count, the mean of
 * the middle two of an even count rounded half up (599 and 600 → 600). Null for none.
 */
export function medianPence(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  return Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}
