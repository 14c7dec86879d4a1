import type { Scenario } from "../scenario.ts";
import clusterUnderLoad from "./cluster-under-load.ts";
import databaseDown from "./database-down.ts";
import embeddedDatabaseDown from "./embedded-database-down.ts";
import gracefulShutdown from "./graceful-shutdown.ts";
import killDuringBulkWrite from "./kill-during-bulk-write.ts";
import killDuringFeedRun from "./kill-during-feed-run.ts";
import killDuringNewsletter from "./kill-during-newsletter.ts";
import killDuringPriceIndex from "./kill-during-price-index.ts";
import killDuringPriceNews from "./kill-during-price-news.ts";
import killDuringSheetApply from "./kill-during-sheet-apply.ts";
import restartUnderWrites from "./restart-under-writes.ts";

/** Every fault scenario, in the order `npm run test:faults` runs them (a file each, beside this one). */
export const scenarios: Scenario[] = [
  gracefulShutdown,
  databaseDown,
  embeddedDatabaseDown,
  killDuringBulkWrite,
  killDuringSheetApply,
  killDuringPriceNews,
  killDuringNewsletter,
  killDuringFeedRun,
  killDuringPriceIndex,
  restartUnderWrites,
  clusterUnderLoad,
];
