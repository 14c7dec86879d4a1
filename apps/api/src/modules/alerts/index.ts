export { createAdminPriceAlertService } from "./admin-price-alert-service.ts";
export { scheduleAlertExpiry } from "./alert-expiry.ts";
export { createAlertManageService } from "./alert-manage-service.ts";
export {
  createPriceAlertService,
  lockAlertPairs,
  PRICE_ALERT_CONSENT_SOURCE,
} from "./price-alert-service.ts";
