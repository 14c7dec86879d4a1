import {
  buildApi,
  loadApiConfig,
  loggerOptions,
  openDatabase,
  prepareDatabase,
  scheduleJobs,
} from "@pharmacompare/api";
import { ConfigError } from "@pharmacompare/contract";
import { chooseLogFormat, flushProcessLog, limitShutdown } from "@pharmacompare/http-serving";
import { adoptWebConfig, loadWebConfig } from "../apps/web/app/config.server.ts";
import { refreshBuiltFallback } from "./fallback-file.ts";
import { buildWebIfNeeded } from "./web-build.ts";

/**
 * `npm start`: one process serving the API and the server-rendered web app, on the embedded
 * database unless DATABASE_URL is set. Builds the web app first when its build is missing or stale.
 */
function loadConfigs() {
  const errors: string[] = [];
  const attempt = <T>(load: () => T): T | undefined => {
    try {
      return load();
    } catch (err) {
      if (err instanceof ConfigError) errors.push(err.message);
      else throw err;
      return undefined;
    }
  };
  const api = attempt(() => loadApiConfig());
  const web = attempt(() => loadWebConfig());
  if (!api || !web) {
    // Both processes' complaints at once, deduplicated (shared keys such as PORT appear in both).
    const lines = new Set(errors.flatMap((message) => message.split("\n").slice(1)));
    process.stderr.write(`Invalid configuration:\n${[...lines].join("\n")}\n`);
    process.exit(1);
  }
  return { api, web };
}

// One mode for both tiers (issue 25): NODE_ENV is settled before either configuration is read, so
// the API never runs with development settings beside a production web. Unset, `npm start` is the
// local demo: development settings (the API reference, demo data, no second factor required).
process.env.NODE_ENV ??= "development";
const mode = process.env.NODE_ENV;
const config = loadConfigs();
adoptWebConfig(config.web);
buildWebIfNeeded();

/**
 * The site is a production build, and React renders it with its production build in every mode
 * (about three times faster than its development build). React picks its build from NODE_ENV once,
 * as the web server loads it, so only that moment sees "production"; the configuration was read
 * in `mode` above and is not read again.
 */
async function withReactProductionBuild<T>(load: () => Promise<T>): Promise<T> {
  process.env.NODE_ENV = "production";
  try {
    return await load();
  } finally {
    process.env.NODE_ENV = mode;
  }
}

const database = await openDatabase(config.api).catch((err: Error) => {
  // A directory another process owns, or one we may not create: say so in one line and stop.
  process.stderr.write(`PharmaCompare failed to start: ${err.message}\n`);
  process.exit(1);
});
const api = await buildApi({ config: config.api, database });
scheduleJobs(api);
const web = await withReactProductionBuild(async () => {
  const { createWebServer } = await import("../apps/web/server/web-server.ts");
  return createWebServer({
    logger: loggerOptions(config.api.logLevel, "web", chooseLogFormat(process.stdout, mode)),
  });
});

async function shutdown(code: number): Promise<never> {
  await Promise.allSettled([web.close(), api.close()]);
  // The log is written asynchronously (decision 050): what it still holds goes out before the exit.
  flushProcessLog();
  process.exit(code);
}

let passwordPrinted = false;
try {
  ({ passwordPrinted } = await prepareDatabase(database, config.api, api.log));
  await api.listen({ host: config.api.host, port: config.api.port });
  await web.listen({ host: config.web.host, port: config.web.port });
  await refreshBuiltFallback(api);
} catch (err) {
  api.log.fatal({ err }, "PharmaCompare failed to start");
  await shutdown(1);
}

// The log's lines so far (the servers' "listening" ones) go out first: this block is start-up's
// last word, so a newcomer finds the sign-in address here, not among the log (issue 41).
flushProcessLog();
const signIn = `${config.web.siteUrl.replace(/\/$/, "")}/admin/login`;
process.stdout.write(
  [
    "",
    `  PharmaCompare is running (${database.kind === "pglite" ? `embedded database in ${config.api.dataDir}` : "PostgreSQL"})`,
    `    site: ${config.web.siteUrl}`,
    `    API:  ${config.web.apiUrl}${config.api.apiDocs ? `  (docs at ${config.web.apiUrl}/docs)` : ""}`,
    passwordPrinted
      ? `  Sign in at ${signIn} with the password printed above (shown once).`
      : `  Back office: ${signIn}`,
    "",
    "",
  ].join("\n"),
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    api.log.info({ signal }, "shutting down");
    limitShutdown(api.log);
    void shutdown(0);
  });
}
