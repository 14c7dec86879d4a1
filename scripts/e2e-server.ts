import { rmSync } from "node:fs";
import { loadApiConfig, openDatabase, prepareDatabase } from "@pharmacompare/api";
import { applyEdgeCaseFixtures } from "../e2e/fixtures/edge-cases.ts";

/**
 * The app as `npm start` runs it, on a database created fresh for this test run: migrated, seeded
 * with the demo catalogue, plus the journeys' edge cases (e2e/fixtures), then started.
 */
const config = loadApiConfig();
// Only ever a throwaway folder under .data/: never a real data directory.
if (!/(^|[\\/])\.data[\\/]e2e[^\\/]*$/.test(config.dataDir)) {
  throw new Error(
    `Refusing to wipe ${config.dataDir}: the journeys' DATA_DIR must be .data/e2e or .data/e2e-<name>`,
  );
}
rmSync(config.dataDir, { recursive: true, force: true });
const database = await openDatabase(config);
try {
  await prepareDatabase(database, config, { info: () => {} });
  await applyEdgeCaseFixtures(database);
} finally {
  await database.close();
}

await import("./start.ts");
