import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema.ts";

/** client.ts's `Database`, spelled out here: client.ts imports this file. */
type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Named, so an operator (and the tests) can find the replica's read connections in pg_stat_activity. */
const READ_POOL_NAME = "pharmacompare-read";

/** Where the read router says what it does: once per change of state, never per request. */
export interface ReplicaLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface ReplicaRouterOptions {
  /** The primary's query builder and pool (the pool answers its WAL position). */
  primary: Database;
  primaryPool: pg.Pool;
  readUrl: string;
  /** A replica further behind than this is skipped for the primary (DATABASE_READ_MAX_LAG_MS). */
  maxLagMs: number;
  /** How often the replica is checked, in the background. */
  checkEveryMs?: number;
}

/**
 * Public reads from a streaming replica (decision 065). `read` is a query builder that, at each
 * call, is the replica's or the primary's: the replica's only while the last background check
 * found it up, in recovery-or-not alike, no further behind than `maxLagMs`, and holding at least
 * the data version this process already knows (`atLeast`: its own commits and the response
 * cache's version, heard through LISTEN on the primary). That last condition keeps a cache from
 * storing an older answer under a newer version: a read computed for version V goes to the
 * primary until the replica has been seen to hold V's commit.
 *
 * Lag is measured against the primary's WAL position, not `now() - pg_last_xact_replay_timestamp()`
 * alone, which keeps growing on an idle primary while the replica is fully caught up: each check
 * samples the primary's `pg_current_wal_lsn()`, and the lag is the age of the newest sample the
 * replica has replayed past (0 when it has replayed the latest).
 */
export function openReplicaRouter(options: ReplicaRouterOptions) {
  const checkEveryMs = options.checkEveryMs ?? 500;
  let usable = false;
  let replicaVersion = -1;
  let knownVersion = 0;
  let versionFloor: () => number = () => -1;
  let log: ReplicaLog | undefined;
  /** Primary WAL positions and when they were sampled, newest last, for the lag's measure. */
  const samples: { lsn: bigint; at: number }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let checking: Promise<void> | undefined;

  const parseLsn = (text: string | null): bigint => {
    if (!text) return -1n;
    const [high = "0", low = "0"] = text.split("/");
    return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
  };

  let state: "unchecked" | "in use" | "skipped" = "unchecked";
  const become = (next: boolean, why: string) => {
    usable = next;
    const nextState = next ? "in use" : "skipped";
    if (nextState === state) return;
    state = nextState;
    if (next) log?.info("read replica: in use for public reads");
    else log?.warn(`read replica: skipped, public reads go to the primary (${why})`);
  };

  const pool = new pg.Pool({
    connectionString: options.readUrl,
    max: 10,
    application_name: READ_POOL_NAME,
    connectionTimeoutMillis: 800,
    statement_timeout: 15_000,
  });
  // As the primary's pool (db/client.ts): a dropped connection must not end the process. An idle
  // one dropped means the replica is going away (a shutdown ends every session): skip it at once.
  pool.on("error", (err) => become(false, `connection lost: ${err.message}`));
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  // A read the replica could not answer (it stopped, restarts, or cancelled the query over a
  // conflict with replay) is asked of the primary instead, so no visitor sees the replica's
  // outage; only errors the primary would repeat (bad data, syntax, constraints) are passed on.
  const replicaQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const primaryQuery = options.primaryPool.query.bind(options.primaryPool) as (
    ...args: unknown[]
  ) => Promise<unknown>;
  pool.query = (async (...args: unknown[]) => {
    try {
      return await replicaQuery(...args);
    } catch (err) {
      if (repeatsOnPrimary(err)) throw err;
      become(false, `a read failed: ${err instanceof Error ? err.message : String(err)}`);
      return primaryQuery(...args);
    }
  }) as typeof pool.query;
  const replica = drizzlePg(pool, { schema }) as unknown as Database;

  async function check(): Promise<void> {
    const at = Date.now();
    let primaryLsn: bigint;
    try {
      const { rows } = await options.primaryPool.query<{ lsn: string }>(
        "select pg_current_wal_lsn()::text as lsn",
      );
      primaryLsn = parseLsn(rows[0]?.lsn ?? null);
    } catch {
      // The primary is down: nothing to compare with, and writes fail anyway; keep the last state.
      return;
    }
    samples.push({ lsn: primaryLsn, at });
    // A minute of samples is plenty: a replica further behind than that is far past any bound.
    while (samples.length > 1 && (samples[0]?.at ?? at) < at - 60_000) samples.shift();
    try {
      // The replica's own answer, never the primary's (the wrapped query would fall back).
      const { rows } = (await replicaQuery(
        `select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as replayed,
                (select version from data_versions where key = 'public') as version`,
      )) as { rows: { recovering: boolean; replayed: string | null; version: number | null }[] };
      const row = rows[0];
      if (!row) return;
      replicaVersion = row.version ?? 0;
      // Not in recovery: pointed at a primary (promoted, or the same server), so never behind.
      const replayed = row.recovering ? parseLsn(row.replayed) : primaryLsn;
      const reached = [...samples].reverse().find((sample) => sample.lsn <= replayed);
      const lagMs = replayed >= primaryLsn ? 0 : at - (reached?.at ?? samples[0]?.at ?? at);
      if (lagMs > options.maxLagMs)
        become(false, `${lagMs} ms behind, over the ${options.maxLagMs} ms bound`);
      else become(true, "");
    } catch (err) {
      become(false, `unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  const loop = () => {
    if (stopped) return;
    checking = check().finally(() => {
      checking = undefined;
      if (stopped) return;
      timer = setTimeout(loop, checkEveryMs);
      timer.unref();
    });
  };

  /** The replica when it may answer now, else the primary. */
  const current = (): Database => {
    const floor = Math.max(knownVersion, versionFloor());
    return usable && replicaVersion >= floor ? replica : options.primary;
  };

  // Each property read goes to whichever builder `current()` names at that moment; functions
  // are bound to it, so one query is built and run on one database.
  const read = new Proxy({} as Database, {
    get(_target, property) {
      const target = current() as unknown as Record<PropertyKey, unknown>;
      const value = target[property];
      return typeof value === "function" ? value.bind(target) : value;
    },
  });

  return {
    read,
    /** Starts the background checks; the first one has run when this resolves. */
    async start(logTo?: ReplicaLog): Promise<void> {
      log = logTo;
      stopped = false;
      loop();
      await checking;
    },
    /** Reads after this must see at least `version` (a commit of this process). */
    atLeast(version: number) {
      knownVersion = Math.max(knownVersion, version);
    },
    /** The data version this process's caches compute under (their version from the primary). */
    followVersions(floor: () => number) {
      versionFloor = floor;
    },
    /** Whether the next public read would go to the replica (the health route and tests). */
    inUse: () => current() === replica,
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await checking?.catch(() => {});
      await pool.end();
    },
  };
}

/** SQLSTATE classes the primary would answer the same: data exceptions, constraints, syntax or access rules. */
function repeatsOnPrimary(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^(22|23|42)/.test(code);
}

export type ReplicaRouter = ReturnType<typeof openReplicaRouter>;
