import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApi, loadApiConfig, openDatabase, prepareDatabase } from "@pharmacompare/api";
import autocannon from "autocannon";

/**
 * `npm run bench`: throughput of the hottest public reads on the embedded database, reported as a
 * ratio to the limit measured on these machines (STACK-NOTES: a Fastify route that queries PGlite
 * ≈ 500 req/s on 2 cores). A ratio below the target fails the run; timings never live in tests.
 */
const PGLITE_READ_LIMIT = 500;
const TARGET_RATIO = 0.5;
const cases = [
  { name: "GET /api/categories", path: "/api/categories" },
  { name: "GET /api/prices/medication/wegovy", path: "/api/prices/medication/wegovy" },
  { name: "GET /api/medications/search/sild", path: "/api/medications/search/sild" },
];

const dataDir = mkdtempSync(path.join(tmpdir(), "pc-bench-"));
const config = loadApiConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  ADMIN_PASSWORD: "bench-password",
});
const database = await openDatabase(config);
const app = await buildApi({ config, database, logger: false });
let failed = false;
try {
  await prepareDatabase(database, config, { info: () => {} });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  for (const { name, path: urlPath } of cases) {
    const result = await autocannon({ url: `${address}${urlPath}`, connections: 20, duration: 5 });
    const perSecond = result.requests.average;
    const ratio = perSecond / PGLITE_READ_LIMIT;
    const ok = result.non2xx === 0 && result.errors === 0 && ratio >= TARGET_RATIO;
    failed ||= !ok;
    process.stdout.write(
      `${ok ? "ok  " : "SLOW"} ${name}: ${perSecond.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ` +
        `ratio ${ratio.toFixed(2)} of ${PGLITE_READ_LIMIT} req/s (target ≥ ${TARGET_RATIO})` +
        `${result.non2xx || result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ""}\n`,
    );
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
