import type { OpenPriceIndexRow, PriceHistory } from "@pharmacompare/contract";
import type { Database } from "../../db/client.ts";
import { readIndexMonth } from "../price-index/index.ts";

/**
 * The open API's two reads (decision 062): the monthly index from the price index's own read
 * (modules/price-index/, decision 061) and the daily lowest prices from the price history, the
 * series the history chart draws.
 */

/**
 * One month's index rows ("2026-10"), as the index pages and downloads read them (decision 061),
 * so every copy of a figure is the same figure; listed medications only.
 */
export async function readPriceIndexMonth(db: Database, month: string): Promise<OpenPriceIndexRow[]> {
  const answer = await readIndexMonth(db, month);
  return (answer?.rows ?? []).map((row) => ({
    medicationId: row.medicationId,
    medicationName: row.medicationName,
    dosage: row.dosage,
    subcategoryId: row.subcategoryId,
    medianLowest: row.medianLowest,
    days: row.days,
    pharmacies: row.pharmacies,
  }));
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
