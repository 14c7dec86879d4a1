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
import { openReplicaRouter, type ReplicaRouter } from "./read-replica.ts";
import * as schema from "./schema.ts";

type Schema = typeof schema;
/** The query builder both drivers share; services are written against this only. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  /** The primary: writes, transactions, the back-office and every read that follows a write. */
  db: Database;
  /**
   * Where public reads go (decision 065): the replica DATABASE_READ_URL names while it is up, close
   * enough and holding the version this process knows, else the primary. Without a replica, `db`.
   */
  read: Database;
  /** The replica's router when DATABASE_READ_URL is set (app.ts feeds it versions and a log). */
  replica?: ReplicaRouter;
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
  /**
   * What the job queue (pg-boss, jobs/queue.ts, decision 066) connects through: the embedded
   * database itself, or a server URL that bypasses PgBouncer (DATABASE_DIRECT_URL, else
   * DATABASE_URL), since pg-boss holds advisory locks and LISTENs across statements.
   */
  queueConnection: { pglite: PGlite } | { connectionString: string };
  close(): Promise<void>;
}

/** How far behind the primary a replica may be and still answer public reads, by default. */
const DEFAULT_READ_MAX_LAG_MS = 5000;

/** PostgreSQL advisory-lock keys, so concurrent processes take turns. */
const MIGRATION_LOCK = 727001;
const STARTUP_LOCK = 727002;

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** PostgreSQL over node-postgres when a URL is given, else PGlite persisted under dataDir. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** A streaming replica for public reads (DATABASE_READ_URL, decision 065); PostgreSQL only. */
  databaseReadUrl?: string;
  /** The replica's lag bound (DATABASE_READ_MAX_LAG_MS). */
  databaseReadMaxLagMs?: number;
  /**
   * A connection that bypasses a pooler in transaction mode (DATABASE_DIRECT_URL, decision 065):
   * the session advisory locks of migrations and start-up hold across statements, which
   * PgBouncer's transaction pooling cannot promise. DATABASE_URL when unset.
   */
  databaseDirectUrl?: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const handle = openPostgres(options.databaseUrl, options.databaseDirectUrl);
    if (!options.databaseReadUrl) return handle;
    const replica = openReplicaRouter({
      primary: handle.db,
      primaryPool: handle.pool,
      readUrl: options.databaseReadUrl,
      maxLagMs: options.databaseReadMaxLagMs ?? DEFAULT_READ_MAX_LAG_MS,
    });
    return {
      ...handle,
      read: replica.read,
      replica,
      async close() {
        await replica.close();
        await handle.close();
      },
    };
  }
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
    read: db,
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
    queueConnection: { pglite: client },
    close: () => client.close(),
  };
}

function openPostgres(url: string, directUrl?: string): DatabaseHandle & { pool: pg.Pool } {
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
  /**
   * One connection that keeps its session for a while: a pooled one when DATABASE_URL reaches the
   * server itself, else a direct one (behind PgBouncer in transaction mode a session lock taken
   * on one statement could be released on another server connection, or never).
   */
  const session = async (): Promise<{ client: pg.PoolClient | pg.Client; done(): Promise<void> }> => {
    if (!directUrl) {
      const client = await pool.connect();
      return { client, done: async () => client.release() };
    }
    const client = new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: 5000 });
    client.on("error", () => {});
    await client.connect();
    return { client, done: () => client.end() };
  };
  return {
    db,
    read: db,
    pool,
    kind: "postgres",
    async migrate() {
      // Several API processes may start together against one server: serialise migrations.
      const { client, done } = await session();
      try {
        await client.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => {});
        await done();
      }
    },
    async withStartupLock(work) {
      // A different key from the migration lock, which `work` may take in turn.
      const { client, done } = await session();
      try {
        await client.query(`select pg_advisory_lock(${STARTUP_LOCK})`);
        return await work();
      } finally {
        await client.query(`select pg_advisory_unlock(${STARTUP_LOCK})`).catch(() => {});
        await done();
      }
    },
    onPoolError(listener) {
      poolErrorListeners.push(listener);
    },
    queueConnection: { connectionString: directUrl ?? url },
    close: () => pool.end(),
  };
}
