import type { PriceIndexDailyLowest, PriceIndexMonthAnswer } from "./endpoints/public/price-index.ts";
import { formatAmount } from "./format.ts";
import { formatIndexMonth, licensedCsv } from "./price-index.ts";

/*
 * The open-data files of a month of the price index (issue 45, decision 061): the JSON files are
 * the API's answers as they are (the licence their first fields); the CSV files are made from the
 * same answers here, so a page, its JSON and its CSV cannot disagree.
 */

/** The names the downloads have, per month: `/price-index/{month}/download/{file}`. */
export const PRICE_INDEX_FILES = [
  "index.csv",
  "index.json",
  "daily-lowest.csv",
  "daily-lowest.json",
] as const;
export type PriceIndexFile = (typeof PRICE_INDEX_FILES)[number];

export function isPriceIndexFile(name: string): name is PriceIndexFile {
  return (PRICE_INDEX_FILES as readonly string[]).includes(name);
}

const changeFields = (change: { pence: number; percent: number } | null) =>
  change ? [change.pence, change.percent.toFixed(1)] : ["", ""];

/** The month's index as CSV: one row per medication and dosage, amounts in pounds (two decimals). */
export function priceIndexCsv(answer: PriceIndexMonthAnswer): string {
  const names = new Map(answer.conditions.map((condition) => [condition.subcategoryId, condition.name]));
  return licensedCsv(
    `UK price index, ${formatIndexMonth(answer.month)} (computed ${answer.computedAt})`,
    [
      "month",
      "condition",
      "medication_id",
      "medication",
      "dosage",
      "median_lowest_gbp",
      "days",
      "pharmacies",
      "change_on_previous_month_pence",
      "change_on_previous_month_percent",
      "change_on_last_year_pence",
      "change_on_last_year_percent",
    ],
    answer.rows.map((row) => [
      answer.month,
      names.get(row.subcategoryId) ?? row.subcategoryId,
      row.medicationId,
      row.medicationName,
      row.dosage,
      formatAmount(row.medianLowest),
      row.days,
      row.pharmacies,
      ...changeFields(row.previousMonth),
      ...changeFields(row.lastYear),
    ]),
  );
}

/** The month's daily lowest prices as CSV: one row per medication, dosage and day. */
export function dailyLowestCsv(answer: PriceIndexDailyLowest): string {
  return licensedCsv(
    `Daily lowest in-stock prices, ${formatIndexMonth(answer.month)}`,
    ["date", "medication_id", "dosage", "lowest_gbp", "pharmacies_in_stock"],
    answer.rows.map((row) => [
      row.date,
      row.medicationId,
      row.dosage,
      formatAmount(row.lowest),
      row.pharmacies,
    ]),
  );
}
