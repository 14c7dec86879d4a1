import { flushProcessLog, limitShutdown } from "@pharmacompare/http-serving";
import { buildApi } from "./app.ts";
import { scheduleJobs } from "./background.ts";
import { prepareDatabase } from "./bootstrap/prepare-database.ts";
import { loadApiConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";

/** The API on its own (production scales it separately from the web). */
const config = loadApiConfig();
const database = await openDatabase(config).catch((err: Error) => {
  // A directory another process owns, or one we may not create: say so in one line and stop.
  process.stderr.write(`API failed to start: ${err.message}\n`);
  process.exit(1);
});
const app = await buildApi({ config, database });
scheduleJobs(app);
try {
  await prepareDatabase(database, config, app.log);
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  app.log.fatal({ err }, "API failed to start");
  await app.close();
  flushProcessLog();
  process.exit(1);
}

/**
 * Graceful shutdown (decision 021): Fastify stops accepting connections and answers 503 to
 * requests arriving on kept-alive ones, finishes those in flight, then the preClose hooks stop the
 * jobs and let the outbox worker finish its message, and onClose closes the database. Bounded:
 * a request that never ends cannot keep the process alive past SHUTDOWN_GRACE_MS (`limitShutdown`).
 */
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, "shutting down");
    limitShutdown(app.log);
    app.close().then(
      () => {
        app.log.info("shut down cleanly");
        // The log is written asynchronously (decision 050): what it still holds goes out first.
        flushProcessLog();
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, "shutdown failed");
        flushProcessLog();
        process.exit(1);
      },
    );
  });
}
