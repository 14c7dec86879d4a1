import type { OpenPriceIndexRow, PriceHistory } from "@pharmacompare/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { medications, priceIndexMonths } from "../../db/schema.ts";
import { byName, medicationIsPublic } from "../../domain/public-filters.ts";

/**
 * The open API's two reads, kept in this one file on purpose (decision 062): the monthly index is
 * computed by the price index's job (issue 45, modules/price-index/) and the daily lowest prices
 * by the price history. When that feature exports its own reads, they replace these here and
 * nothing else in the open API changes.
 */

/** One month's index rows ("2026-10"), by medication name then dosage; listed medications only. */
export async function readPriceIndexMonth(db: Database, month: string): Promise<OpenPriceIndexRow[]> {
  return db
    .select({
      medicationId: priceIndexMonths.medicationId,
      medicationName: medications.name,
      dosage: priceIndexMonths.dosage,
      subcategoryId: priceIndexMonths.subcategoryId,
      medianLowest: priceIndexMonths.medianLowest,
      days: priceIndexMonths.days,
      pharmacies: priceIndexMonths.pharmacies,
    })
    .from(priceIndexMonths)
    .innerJoin(medications, eq(medications.id, priceIndexMonths.medicationId))
    .where(and(eq(priceIndexMonths.month, `${month}-01`), medicationIsPublic))
    .orderBy(byName(medications.name), asc(priceIndexMonths.medicationId), asc(priceIndexMonths.dosage));
}

/** What the daily lowest read needs of the price history (its `forDosage`). */
export interface DailyHistory {
  forDosage(medicationId: string, dosage: string, days: number): Promise<PriceHistory>;
}

/** Each UK day's lowest in-stock price from `from` to `to`, both inside the history's window. */
export async function readDailyLowest(
  history: DailyHistory,
  medicationId: string,
  dosage: string,
  window: { days: number; from: string; to: string },
): Promise<{ date: string; price: number }[]> {
  const all = await history.forDosage(medicationId, dosage, window.days);
  return all.lowest.filter((day) => day.date >= window.from && day.date <= window.to);
}
