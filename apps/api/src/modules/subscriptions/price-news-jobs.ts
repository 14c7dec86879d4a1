import type { ScheduledJob } from "../../jobs/scheduler.ts";
import type { PriceNewsService } from "./price-news-service.ts";

/**
 * The price news runs (issue 28, decision 038), on the UK's clock: the day's price drops each
 * morning, the week's digest (and new medications) on Monday morning. Each runs once across every API process (jobs/scheduler.ts) and can be run now by
 * `npm run jobs:run -- <name>` (scripts/jobs-run.ts).
 */
const PRICE_NEWS_SCHEDULES = {
  priceDrops: "daily 08:00 Europe/London",
  weeklyDigest: "Monday 07:00 Europe/London",
} as const;

export function priceNewsJobs(priceNews: PriceNewsService): ScheduledJob[] {
  return [
    {
      name: "priceDrops",
      schedule: PRICE_NEWS_SCHEDULES.priceDrops,
      run: (context) => priceNews.queuePriceDrops(context),
    },
    {
      name: "weeklyDigest",
      schedule: PRICE_NEWS_SCHEDULES.weeklyDigest,
      run: (context) => priceNews.queueWeeklyDigest(context),
    },
  ];
}
