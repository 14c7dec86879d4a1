export { buildApi } from "./app.ts";
export { prepareDatabase } from "./bootstrap/prepare-database.ts";
export { type ApiConfig, loadApiConfig } from "./config.ts";
export { type DatabaseHandle, openDatabase } from "./db/client.ts";
export { loggerOptions } from "./logger.ts";
