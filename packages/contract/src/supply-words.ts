import { formatDay } from "./format.ts";

/*
 * The words of supply (issue 45, decision 060), without zod: the condition page renders them and
 * must not pull the schemas into its JavaScript (page budget, decision 052). The schemas are in
 * supply.ts.
 */

/** In stock at how many of the pharmacies listed for one medication and dosage. */
export interface StockCount {
  inStock: number;
  listed: number;
}

/**
 * The stock count of a comparison's rows (one per pharmacy: the listed, public prices only, as the
 * comparison shows them, decision 048); null when none is listed, since "0 of 0" says nothing.
 */
export function stockCount(rows: readonly { inStock: boolean }[]): StockCount | null {
  if (rows.length === 0) return null;
  return { inStock: rows.filter((row) => row.inStock).length, listed: rows.length };
}

/** "In stock at 3 of 5 pharmacies" (issue 45's words); "1 of 1 pharmacy" for a single listing. */
export function stockLine(count: StockCount): string {
  return `In stock at ${count.inStock} of ${count.listed} ${count.listed === 1 ? "pharmacy" : "pharmacies"}`;
}

/** The notice box's title, on the page and in the email: said once, however many notices. */
export const supplyNoticeHeading = (count: number) => (count === 1 ? "Supply notice" : "Supply notices");

/** "Source: www.gov.uk, 12 August 2026": whose page and its date (the link is the address). */
export function supplyNoticeSource(notice: { sourceUrl: string; sourceDate: string }): string {
  return `Source: ${new URL(notice.sourceUrl).hostname}, ${formatDay(notice.sourceDate)}`;
}
