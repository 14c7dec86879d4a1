import { buildApi } from "./app.ts";
import { prepareDatabase } from "./bootstrap/prepare-database.ts";
import { loadApiConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { scheduleJobs } from "./jobs/index.ts";

/** The API on its own (production scales it separately from the web). */
const config = loadApiConfig();
const database = await openDatabase(config);
const app = await buildApi({ config, database });
scheduleJobs(app);
try {
  await prepareDatabase(database, config, app.log);
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  app.log.fatal({ err }, "API failed to start");
  await app.close();
  process.exit(1);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, "shutting down");
    void app.close().then(() => process.exit(0));
  });
}
