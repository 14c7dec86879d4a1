export { createAdminStatsService } from "./admin-stats-service.ts";
export { createServiceHealthService } from "./service-health-service.ts";
