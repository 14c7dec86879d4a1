export type { NhsRouteService } from "./nhs-route-service.ts";
export { createNhsRouteService } from "./nhs-route-service.ts";
