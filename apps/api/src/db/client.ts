import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { claimDataDirectory, watchDataDirectory } from "./pglite-directory.ts";
import * as schema from "./schema.ts";

type Schema = typeof schema;
/** The query builder both drivers share; services are written against this only. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process holds the start-up lock: on PostgreSQL several API
   * processes may start together, and only one may seed or create the first administrator.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * False while the embedded database's files are missing (PGlite only): requests then get 503.
   * PostgreSQL's unavailability shows as connection errors instead.
   */
  available?(): boolean;
  /** Where errors of the connection pool go (PostgreSQL only; the API logs them). */
  onPoolError?(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

/** PostgreSQL advisory-lock keys, so concurrent processes take turns. */
const MIGRATION_LOCK = 727001;
const STARTUP_LOCK = 727002;

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** PostgreSQL over node-postgres when a URL is given, else PGlite persisted under dataDir. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  // Only this user may read the database files (visitors' email addresses live there).
  mkdirSync(path.resolve(options.dataDir), { recursive: true, mode: 0o700 });
  const dir = path.resolve(options.dataDir, "pglite");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const release = claimDataDirectory(path.resolve(options.dataDir));
  try {
    const handle = wrapPglite(await createPglite({ dataDir: dir }));
    const presence = watchDataDirectory(dir);
    return {
      ...handle,
      available: presence.present,
      async close() {
        presence.stop();
        try {
          await handle.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * Every embedded database this project opens (the API, tests, benches, fault scenarios): with the
 * extensions the migrations create, which PGlite must load when it starts (pg_trgm, migration 0007).
 */
export function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm, ...options.extensions } });
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  let startupQueue: Promise<unknown> = Promise.resolve();
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    // One process owns a PGlite directory, so an in-process queue is the whole lock.
    withStartupLock(work) {
      const turn = startupQueue.then(work);
      startupQueue = turn.then(
        () => undefined,
        () => undefined,
      );
      return turn;
    },
    // PGlite runs in this process: it has no pool whose connections can fail on their own.
    onPoolError() {},
    close: () => client.close(),
  };
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A stopped or unreachable server answers 503 within a second instead of a hanging request
    // (decision 021); a statement that runs away is cancelled by the server itself.
    connectionTimeoutMillis: 800,
    statement_timeout: 15_000,
    idle_in_transaction_session_timeout: 30_000,
  });
  // An idle connection the server drops (restart, failover, a forced drop while the pool is
  // closing) is emitted here; the pool has already discarded it and opens another on demand.
  // Without a listener Node would treat it as an uncaught error and end the process. It is logged
  // (once the API has said where), so a flapping database shows in the logs.
  const poolErrorListeners: ((error: Error) => void)[] = [];
  pool.on("error", (error) => {
    for (const listener of poolErrorListeners) listener(error);
  });
  // The same for a connection checked out (a transaction between two statements) when the server
  // goes away: its next statement fails and the request answers 503 (decision 021); without this
  // listener the 'error' event would end the process.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    async migrate() {
      // Several API processes may start together against one server: serialise migrations.
      const client = await pool.connect();
      try {
        await client.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => {});
        client.release();
      }
    },
    async withStartupLock(work) {
      // A different key from the migration lock, which `work` may take in turn.
      const client = await pool.connect();
      try {
        await client.query(`select pg_advisory_lock(${STARTUP_LOCK})`);
        return await work();
      } finally {
        await client.query(`select pg_advisory_unlock(${STARTUP_LOCK})`).catch(() => {});
        client.release();
      }
    },
    onPoolError(listener) {
      poolErrorListeners.push(listener);
    },
    close: () => pool.end(),
  };
}
