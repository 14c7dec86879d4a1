export {
  computeIndexMonth,
  computeIndexMonths,
  PRICE_INDEX_JOB,
  PRICE_INDEX_SCHEDULE,
  priceIndexJob,
} from "./price-index-job.ts";
/**
 * The open data's reads (decision 061), for the keyed open API (`/api/open/`, decision 062) to
 * serve the same figures as the pages and downloads.
 */
export { readDailyLowest, readIndexMonth, readIndexMonths, readIndexSitemap } from "./price-index-reads.ts";
export { createPriceIndexService } from "./price-index-service.ts";
