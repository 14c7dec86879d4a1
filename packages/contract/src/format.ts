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

/** "2025-08-18T09:00:00Z" → "18/08/2025". */
export function formatShortDate(value: string | Date): string {
  return shortDate.format(typeof value === "string" ? new Date(value) : value);
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
