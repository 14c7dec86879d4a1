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
