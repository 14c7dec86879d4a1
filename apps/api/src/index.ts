export { buildApi } from "./app.ts";
export { scheduleJobs } from "./background.ts";
export { prepareDatabase } from "./bootstrap/prepare-database.ts";
export { type ApiConfig, loadApiConfig } from "./config.ts";
export { type DatabaseHandle, openDatabase } from "./db/client.ts";
export * as databaseSchema from "./db/schema.ts";
export { loggerOptions } from "./logger.ts";
export {
  AdminAccountError,
  createAdminAccount,
  resetAdminPassword,
  resetAdminSecondFactor,
} from "./modules/auth/index.ts";
export { scheduleRetention } from "./modules/retention/index.ts";
