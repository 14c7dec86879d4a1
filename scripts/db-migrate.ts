import { loadApiConfig, openDatabase } from "@pharmacompare/api";

/** `npm run db:migrate`: applies the committed SQL migrations and nothing else. */
const config = loadApiConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  process.stdout.write(`Migrations applied (${database.kind}).\n`);
} finally {
  await database.close();
}
