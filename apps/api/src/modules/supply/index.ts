export type { SupplyNoticeService } from "./supply-notice-service.ts";
export { activeSupplyNotices, createSupplyNoticeService } from "./supply-notice-service.ts";
