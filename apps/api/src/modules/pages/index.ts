export { createConditionPageService } from "./condition-page-service.ts";
export { createPharmacyPageService } from "./pharmacy-page-service.ts";
export { createPharmacyPairService } from "./pharmacy-pair-service.ts";
