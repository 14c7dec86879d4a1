import { rmSync } from "node:fs";
import {
  createAdminAccount,
  databaseSchema,
  loadApiConfig,
  openDatabase,
  prepareDatabase,
} from "@pharmacompare/api";
import { sql } from "drizzle-orm";
import { firstPasswordAccount, fixtureAccounts } from "../e2e/fixtures/accounts.ts";
import { applyEdgeCaseFixtures } from "../e2e/fixtures/edge-cases.ts";

/**
 * The app as `npm start` runs it, on a database created fresh for this test run (the embedded one
 * under DATA_DIR, or the PostgreSQL database E2E_DATABASE_URL names): migrated, seeded
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
// On PostgreSQL (npm run test:e2e:pg) only a database named for the journeys is ever emptied.
if (config.databaseUrl && !/^\/e2e[\w-]*$/.test(new URL(config.databaseUrl).pathname)) {
  throw new Error("Refusing to empty a database not named e2e…: the journeys' DATABASE_URL must name one");
}
const database = await openDatabase(config);
try {
  if (config.databaseUrl) {
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`create schema public`);
  }
  await prepareDatabase(database, config, { info: () => {} });
  for (const account of fixtureAccounts) await createAdminAccount(database.db, account);
  // The journeys start from administrators who have already replaced their first password, which
  // the first sign-in otherwise asks for (decision 030).
  await database.db.update(databaseSchema.adminUsers).set({ mustChangePassword: false });
  // …except the one journey account that is about its first password (e2e/fixtures/accounts.ts).
  await database.db
    .update(databaseSchema.adminUsers)
    .set({ mustChangePassword: true })
    .where(sql`lower(${databaseSchema.adminUsers.email}) = ${firstPasswordAccount.email}`);
  await applyEdgeCaseFixtures(database);
} finally {
  await database.close();
}

await import("./start.ts");
