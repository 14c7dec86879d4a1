import type { Database } from "../../db/client.ts";
import {
  readIndexCondition,
  readIndexMonth,
  readIndexMonthDailyLowest,
  readIndexMonths,
} from "./price-index-reads.ts";

/** The index pages' and downloads' reads, bound to the database (routes reach data only through services). */
export function createPriceIndexService(db: Database) {
  return {
    archive: () => readIndexMonths(db),
    month: (month: string) => readIndexMonth(db, month),
    condition: (month: string, subcategoryId: string) => readIndexCondition(db, month, subcategoryId),
    dailyLowest: (month: string) => readIndexMonthDailyLowest(db, month),
  };
}
