export type { QuotaState } from "./api-key-service.ts";
export { createApiKeyService } from "./api-key-service.ts";
export { createOpenDataService } from "./open-data-service.ts";
