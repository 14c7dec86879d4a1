import { ConfigError } from "@pharmacompare/contract";
import { chooseLogFormat, flushProcessLog, limitShutdown, logOptions } from "@pharmacompare/http-serving";
import type { FastifyInstance } from "fastify";
import { adoptWebConfig, loadWebConfig, settleProductionMode, type WebConfig } from "../app/config.server.ts";

/**
 * The web tier on its own (production): the server-rendered site, calling the API at
 * API_INTERNAL_URL. Build it first (`npm run build`); it scales separately from the API.
 */
// This entry is the production web tier: its mode is settled before its configuration is read,
// and that one reading is the one the server and its loaders use (issue 25). React reads NODE_ENV
// once, when first loaded, so the web server (which loads it) is imported only after.
settleProductionMode();
let config: WebConfig;
try {
  config = loadWebConfig();
  adoptWebConfig(config);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const { createWebServer } = await import("./web-server.ts");

let web: FastifyInstance | undefined;
try {
  web = await createWebServer({
    logger: logOptions("info", "web", chooseLogFormat(process.stdout, config.nodeEnv)),
  });
  await web.listen({ host: config.host, port: config.port });
} catch (err) {
  // The usual cause is a missing build: say so in plain words before the details.
  process.stderr.write(`The web server failed to start (has \`npm run build\` run?): ${String(err)}\n`);
  await web?.close();
  process.exit(1);
}

const server = web;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.log.info({ signal }, "shutting down");
    limitShutdown(server.log);
    void server.close().then(() => {
      // The log is written asynchronously (decision 050): what it still holds goes out first.
      flushProcessLog();
      process.exit(0);
    });
  });
}
