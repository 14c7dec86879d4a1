import { type AdminSubscription, formatShortDate, londonDay } from "@pharmacompare/contract";

/**
 * The Email Subscriptions screen's "Export CSV" (back-office §7): a file of the ACTIVE subscriptions
 * only, built in the browser. An active subscription whose address was never confirmed is left out
 * too: its owner has not consented (double opt-in, decision 013), so it must not reach a mailing list. RFC 4180 (CRLF line ends, a field quoted when it holds a comma, a
 * quote or a line break, quotes doubled) and safe to open in a spreadsheet: a value that would
 * start a formula is prefixed with a single quote (OWASP "CSV injection"), so `=HYPERLINK(…)`
 * typed as an email address stays text.
 */

const SUBSCRIPTION_CSV_COLUMNS = [
  "Email",
  "Status",
  "Source",
  "Subscribed Date",
  "Price Drops",
  "New Medications",
  "Promotions",
  "Weekly Digest",
] as const;

type ExportedSubscription = Pick<
  AdminSubscription,
  "email" | "status" | "confirmed" | "source" | "subscribedAt" | "preferences"
>;

/** Whether a subscription goes into the export: active and confirmed. */
export function isExported(subscription: Pick<AdminSubscription, "status" | "confirmed">): boolean {
  return subscription.status === "active" && subscription.confirmed;
}

/** The characters a spreadsheet reads as the start of a formula (or strips before one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: neutralised against formulas, then quoted when RFC 4180 needs it. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const yesNo = (on: boolean) => (on ? "Yes" : "No");

/** The file's text: a header line, then one line per exported subscription, in the order given. */
export function subscriptionsCsv(subscriptions: readonly ExportedSubscription[]): string {
  const rows = subscriptions
    .filter(isExported)
    .map((subscription) => [
      subscription.email,
      subscription.status,
      subscription.source,
      formatShortDate(subscription.subscribedAt),
      yesNo(subscription.preferences.priceDrops),
      yesNo(subscription.preferences.newMedications),
      yesNo(subscription.preferences.promotions),
      yesNo(subscription.preferences.weeklyDigest),
    ]);
  return `${[[...SUBSCRIPTION_CSV_COLUMNS], ...rows].map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** `subscriptions_2026-03-01.csv`: today's date in the UK, ISO order so the files sort by date. */
export function subscriptionsCsvFileName(now: Date = new Date()): string {
  return `subscriptions_${londonDay(now)}.csv`;
}

/** Hands the file to the browser as a download (no server round trip: the list is already here). */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the blob to the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
