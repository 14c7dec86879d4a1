export type { ClickOutTarget } from "./click-out-service.ts";
export { createClickOutService } from "./click-out-service.ts";
export { isCountedVisit } from "./click-out-visitors.ts";
