import type { AdminStats } from "@pharmacompare/contract";
import type { Database } from "../../db/client.ts";
import { categories, medications, pharmacies, prices } from "../../db/schema.ts";

export function createAdminStatsService(db: Database) {
  return {
    /** Real counts of every row, active or not: the back-office manages both. */
    async counts(): Promise<AdminStats> {
      const [medicationCount, pharmacyCount, priceCount, categoryCount] = await Promise.all([
        db.$count(medications),
        db.$count(pharmacies),
        db.$count(prices),
        db.$count(categories),
      ]);
      return {
        medications: medicationCount,
        pharmacies: pharmacyCount,
        prices: priceCount,
        categories: categoryCount,
      };
    },
  };
}
