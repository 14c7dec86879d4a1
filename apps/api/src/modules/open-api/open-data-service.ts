import {
  addDays,
  londonDay,
  OPEN_DAILY_LOWEST_DAYS,
  OPEN_DATA_LICENCE,
  type OpenDailyLowest,
  type OpenPriceIndex,
} from "@pharmacompare/contract";
import type { Database } from "../../db/client.ts";
import { badRequest, notFound } from "../../domain/refusal.ts";
import { type DailyHistory, readDailyLowest, readPriceIndexMonth } from "./open-reads.ts";

/**
 * The open API's answers (decision 062): the data with its licence, CC BY 4.0. No answer holds
 * anything about a person: prices, medications, dosages, counts of pharmacies.
 */
export function createOpenDataService(db: Database, options: { now: () => Date; history: DailyHistory }) {
  return {
    async priceIndex(month: string): Promise<OpenPriceIndex> {
      const rows = await readPriceIndexMonth(db, month);
      if (rows.length === 0) throw notFound(`No price index for ${month}`);
      return { licence: { ...OPEN_DATA_LICENCE }, month, rows };
    },

    /** `medicationId` must be public and `dosage` one of its dosages (the route checks both). */
    async dailyLowest(
      medicationId: string,
      dosage: string,
      range: { from?: string | undefined; to?: string | undefined },
    ): Promise<OpenDailyLowest> {
      const today = londonDay(options.now());
      const first = addDays(today, -(OPEN_DAILY_LOWEST_DAYS - 1));
      const from = range.from ?? first;
      const to = range.to ?? today;
      const within = `must be a day from ${first} to ${today} (the last ${OPEN_DAILY_LOWEST_DAYS} UK days)`;
      if (from < first || from > today) throw badRequest(`Invalid query parameter "from": ${within}`, "from");
      if (to < first || to > today) throw badRequest(`Invalid query parameter "to": ${within}`, "to");
      if (from > to) throw badRequest('Invalid query parameter "from": must not be after "to"', "from");
      const lowest = await readDailyLowest(options.history, medicationId, dosage, {
        days: OPEN_DAILY_LOWEST_DAYS,
        from,
        to,
      });
      return { licence: { ...OPEN_DATA_LICENCE }, medicationId, dosage, from, to, lowest };
    },
  };
}
