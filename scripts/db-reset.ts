import { parseArgs } from "node:util";
import { loadApiConfig, openDatabase, prepareDatabase } from "@pharmacompare/api";
import { sql } from "drizzle-orm";
import pino from "pino";

/**
 * `npm run db:reset -- --yes`: drops every table and re-creates the database as a first start
 * would — migrations, first administrator, demo catalogue (unless SEED_DEMO=false). Destroys all
 * data, so it asks for --yes and never runs with NODE_ENV=production.
 */
const usage =
  "Usage: npm run db:reset -- --yes\n" +
  "Drops all data in the database DATABASE_URL names (else the PGlite one under DATA_DIR) and re-creates it.\n";

let yes = false;
try {
  const { values } = parseArgs({
    options: { yes: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    process.stdout.write(usage);
    process.exit(0);
  }
  yes = values.yes === true;
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n\n${usage}`);
  process.exit(2);
}
if (!yes) {
  process.stderr.write(`Refusing to reset without --yes: it destroys all data.\n${usage}`);
  process.exit(2);
}

const config = loadApiConfig();
if (config.nodeEnv === "production") {
  process.stderr.write("Refusing to reset a database with NODE_ENV=production.\n");
  process.exit(1);
}

const database = await openDatabase(config);
try {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`create schema public`);
  // A re-created schema grants nothing to other roles. Restore PostgreSQL 15's default, usage
  // for everyone and creation for the owner only (here the role resetting, which owns every table
  // too), not the older `grant all … to public`, which let any role plant objects that others'
  // queries resolve to (CVE-2018-1058).
  await database.db.execute(sql`grant usage on schema public to public`);
  await prepareDatabase(database, config, pino({ level: config.logLevel }));
  process.stdout.write(`Database reset (${database.kind}).\n`);
} finally {
  await database.close();
}
