export { resealFeedHeaders } from "./feed-credentials.ts";
export { createFeedOpsAlerts, feedJobPrefix } from "./feed-ops-alerts.ts";
export { createFeedService, feedScheduleOf } from "./feed-service.ts";
