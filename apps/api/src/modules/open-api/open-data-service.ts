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
 * How long a dosage's 90 days of daily lowest prices are reused: as long as the public reads' own
 * caches keep an answer (PUBLIC_CACHE_CONTROL's max-age). Keyed answers cannot be cached as HTTP
 * (each request is counted), so the read behind them is (decision 062, the bench's figure).
 */
const DAILY_LOWEST_REUSE_MS = 60_000;
/** Dosages kept at once; the oldest goes first. */
const DAILY_LOWEST_ENTRIES = 500;

type Lowest = { date: string; price: number }[];

/**
 * The open API's answers (decision 062): the data with its licence, CC BY 4.0. No answer holds
 * anything about a person: prices, medications, dosages, counts of pharmacies.
 */
export function createOpenDataService(db: Database, options: { now: () => Date; history: DailyHistory }) {
  const recent = new Map<string, { until: number; lowest: Promise<Lowest> }>();

  /** The whole window's daily lowest for a dosage on UK day `today`, read at most once a minute. */
  function windowLowest(medicationId: string, dosage: string, today: string, first: string): Promise<Lowest> {
    const key = JSON.stringify([medicationId, dosage, today]);
    const at = options.now().getTime();
    const kept = recent.get(key);
    if (kept && kept.until > at) return kept.lowest;
    recent.delete(key);
    const lowest = readDailyLowest(options.history, medicationId, dosage, {
      days: OPEN_DAILY_LOWEST_DAYS,
      from: first,
      to: today,
    });
    // A failed read is not kept: the next request tries again.
    lowest.catch(() => recent.delete(key));
    recent.set(key, { until: at + DAILY_LOWEST_REUSE_MS, lowest });
    if (recent.size > DAILY_LOWEST_ENTRIES) {
      const oldest = recent.keys().next().value;
      if (oldest !== undefined) recent.delete(oldest);
    }
    return lowest;
  }

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
      const lowest = (await windowLowest(medicationId, dosage, today, first)).filter(
        (day) => day.date >= from && day.date <= to,
      );
      return { licence: { ...OPEN_DATA_LICENCE }, medicationId, dosage, from, to, lowest };
    },
  };
}
