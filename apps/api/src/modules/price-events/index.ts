export type { PriceEventsService } from "./price-events-service.ts";
export { createPriceEventsService } from "./price-events-service.ts";
