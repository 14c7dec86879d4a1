export { createAdminSubscriptionService } from "./admin-subscription-service.ts";
export { createEmailLinkService, isSuppressed } from "./email-link-service.ts";
export { priceNewsJobs } from "./price-news-jobs.ts";
export type { PriceNewsService } from "./price-news-service.ts";
export { chose, createPriceNewsService, scopeOf } from "./price-news-service.ts";
export type { Followed, NewsLinks } from "./price-news-templates.ts";
export { manageBlock, whyLine } from "./price-news-templates.ts";
export { createSubscriptionService } from "./subscription-service.ts";
