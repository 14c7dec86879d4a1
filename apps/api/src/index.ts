export { buildApi } from "./app.ts";
export {
  AdminAccountError,
  createAdminAccount,
  resetAdminPassword,
  resetAdminSecondFactor,
} from "./auth/admin-accounts.ts";
export { prepareDatabase } from "./bootstrap/prepare-database.ts";
export { type ApiConfig, loadApiConfig } from "./config.ts";
export { type DatabaseHandle, openDatabase } from "./db/client.ts";
export * as databaseSchema from "./db/schema.ts";
export { scheduleJobs } from "./jobs/index.ts";
export { scheduleRetention } from "./jobs/retention.ts";
export { loggerOptions } from "./logger.ts";
