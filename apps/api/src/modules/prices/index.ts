export type { AdminPriceService, IntroductoryPair, OffSiteLink } from "./admin-price-service.ts";
export {
  createAdminPriceService,
  introductoryOf,
  mergedIntroductory,
  rowsRefusal,
  selectAdminPrices,
} from "./admin-price-service.ts";
export { DEMO_PRICES_JOB, DEMO_PRICES_SCHEDULE, demoDayPrice, demoPricesJob } from "./demo-prices-job.ts";
export { killAfterRows } from "./fault-injection.ts";
export { hostOf, onWebsite } from "./link-sites.ts";
export type { PriceFreshness } from "./price-freshness.ts";
export { createPriceFreshness } from "./price-freshness.ts";
export { createPriceHistoryService } from "./price-history-service.ts";
export type { PriceChange, PriceService, PricesChanged } from "./price-service.ts";
export { createPriceService, lowestPrice } from "./price-service.ts";
