import type { ClickOutMonths } from "@pharmacompare/contract";
import { csvField } from "../kit/subscriptions-csv.ts";

/**
 * The figures invoices are made from (issue 31, decision 044): click-outs by pharmacy and UK
 * month, with the subscriptions export's CSV rules (RFC 4180, and a value that would start a
 * formula prefixed with a quote), since a pharmacy's name is typed by staff.
 */
const COLUMNS = ["Month", "Pharmacy", "Pharmacy ID", "Click-outs"] as const;

export function clickOutsCsv(months: Pick<ClickOutMonths, "rows">): string {
  const rows = months.rows.map((row) => [row.month, row.name, row.pharmacyId, String(row.count)]);
  return `${[[...COLUMNS], ...rows].map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** `click-outs_2026-01_2026-06.csv`: the months it covers, so the files sort and say what they hold. */
export function clickOutsCsvFileName(months: Pick<ClickOutMonths, "from" | "to">): string {
  return `click-outs_${months.from}_${months.to}.csv`;
}
