import { loadApiConfig, openDatabase, prepareDatabase } from "@pharmacompare/api";
import { sql } from "drizzle-orm";
import pino from "pino";

/**
 * `npm run db:reset`: drops every table and re-creates the database as a first start would —
 * migrations, first administrator, demo catalogue (unless SEED_DEMO=false). Destroys all data.
 */
const config = loadApiConfig();
const database = await openDatabase(config);
try {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`create schema public`);
  await prepareDatabase(database, config, pino({ level: config.logLevel }));
  process.stdout.write(`Database reset (${database.kind}).\n`);
} finally {
  await database.close();
}
