import {
  addDays,
  type DailyPrice,
  londonDay,
  type PharmacyPriceHistory,
  type PriceHistory,
} from "@pharmacompare/contract";
import { and, asc, desc, eq, gte, inArray, lt, lte } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { medications, pharmacies, priceHistory, prices } from "../../db/schema.ts";
import { byName, priceIsPublic } from "../../domain/public-filters.ts";

/** A price as it stood from a moment on. */
interface Observation {
  price: number;
  inStock: boolean;
  at: Date;
}

/**
 * One price a day for each day of `window`: the last observation made by the end of that day,
 * carried forward until the next. Days before the first observation have none.
 */
function dailyPrices(observations: Observation[], window: string[]): (Observation | null)[] {
  const ordered = [...observations].sort((a, b) => a.at.getTime() - b.at.getTime());
  const result: (Observation | null)[] = [];
  let current: Observation | null = null;
  let next = 0;
  for (const day of window) {
    while (next < ordered.length && londonDay((ordered[next] as Observation).at) <= day) {
      current = ordered[next] as Observation;
      next += 1;
    }
    result.push(current);
  }
  return result;
}

/**
 * Price history from `price_history` (every price write appends to it). Only the pharmacies a
 * visitor can compare now take part, each with its current price as its latest observation, so
 * today's lowest is the comparison's lowest in-stock price; a removed price (the write path keeps
 * no row of its removal) therefore takes its pharmacy's past with it.
 */
export function createPriceHistoryService(db: Database, options: { now: () => Date }) {
  return {
    /** `medicationId` must be public and `dosage` one of its dosages (the route checks both). */
    async forDosage(medicationId: string, dosage: string, days: number): Promise<PriceHistory> {
      const now = options.now();
      const to = londonDay(now);
      const from = addDays(to, -(days - 1));
      const window = Array.from({ length: days }, (_, index) => addDays(from, index));

      const listed = await db
        .select({
          pharmacyId: pharmacies.id,
          name: pharmacies.name,
          price: prices.price,
          inStock: prices.inStock,
          lastUpdated: prices.lastUpdated,
        })
        .from(prices)
        .innerJoin(medications, eq(medications.id, prices.medicationId))
        .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
        .where(and(priceIsPublic, eq(prices.medicationId, medicationId), eq(prices.dosage, dosage)))
        .orderBy(byName(pharmacies.name), asc(pharmacies.id));

      const observed = new Map<string, Observation[]>(listed.map((row) => [row.pharmacyId, []]));
      if (listed.length > 0) {
        const ids = [...observed.keys()];
        const rowsFor = and(
          eq(priceHistory.medicationId, medicationId),
          eq(priceHistory.dosage, dosage),
          inArray(priceHistory.pharmacyId, ids),
        );
        // London's midnight is at most an hour before UTC's: two hours early is safely before the
        // window, and anything recorded earlier only matters through each pharmacy's last row.
        const cutoff = new Date(Date.parse(`${from}T00:00:00Z`) - 2 * 3_600_000);
        const columns = {
          pharmacyId: priceHistory.pharmacyId,
          price: priceHistory.price,
          inStock: priceHistory.inStock,
          at: priceHistory.recordedAt,
        };
        const [inWindow, before] = await Promise.all([
          db
            .select(columns)
            .from(priceHistory)
            .where(and(rowsFor, gte(priceHistory.recordedAt, cutoff), lte(priceHistory.recordedAt, now))),
          db
            .selectDistinctOn([priceHistory.pharmacyId], columns)
            .from(priceHistory)
            .where(and(rowsFor, lt(priceHistory.recordedAt, cutoff)))
            .orderBy(priceHistory.pharmacyId, desc(priceHistory.recordedAt)),
        ]);
        for (const row of [...before, ...inWindow]) observed.get(row.pharmacyId)?.push(row);
      }

      const series = listed.map((row) => {
        const observations = observed.get(row.pharmacyId) ?? [];
        // The current price is the truth for today, even if history missed a write; a clock
        // behind the row (tests) still ends the series on it.
        const at = row.lastUpdated < now ? row.lastUpdated : now;
        const latest = observations.reduce((last, entry) => (entry.at > last ? entry.at : last), at);
        observations.push({ price: row.price, inStock: row.inStock, at: latest });
        return { row, daily: dailyPrices(observations, window) };
      });

      const lowest: DailyPrice[] = [];
      window.forEach((date, index) => {
        let best: number | null = null;
        for (const { daily } of series) {
          const day = daily[index];
          if (day?.inStock && (best === null || day.price < best)) best = day.price;
        }
        if (best !== null) lowest.push({ date, price: best });
      });

      const pharmacyHistories: PharmacyPriceHistory[] = series.map(({ row, daily }) => ({
        pharmacyId: row.pharmacyId,
        name: row.name,
        points: window.flatMap((date, index) => {
          const day = daily[index];
          return day ? [{ date, price: day.price, inStock: day.inStock }] : [];
        }),
      }));

      return { medicationId, dosage, days, from, to, lowest, pharmacies: pharmacyHistories };
    },
  };
}
