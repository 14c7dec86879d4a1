import type { FastifyBaseLogger } from "fastify";
import { fromPglite, PgBoss } from "pg-boss";
import type { DatabaseHandle } from "../db/client.ts";

/**
 * The job queue (pg-boss, decision 066) on the database the API already has: PGlite through
 * pg-boss's own adapter, or PostgreSQL by the direct URL (decision 065: pg-boss's advisory locks
 * and LISTEN need a session, which PgBouncer's transaction pooling does not keep). Its `pgboss`
 * schema is its own, created and migrated by `start()`, not a drizzle migration.
 */
export function openJobQueue(
  database: Pick<DatabaseHandle, "queueConnection">,
  log: FastifyBaseLogger,
): PgBoss {
  const connection = database.queueConnection;
  const boss =
    "pglite" in connection
      ? new PgBoss({ db: fromPglite(connection.pglite), backend: "pglite", ...QUIET })
      : new PgBoss({
          connectionString: connection.connectionString,
          max: 2,
          // Named, as the cache listener is, so pg_stat_activity tells its direct connections apart.
          application_name: JOB_QUEUE_CONNECTION_NAME,
          ...QUIET,
        });
  // pg-boss reports its own failures (a poll that lost the connection) here rather than throwing.
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  return boss;
}

/** The `application_name` of the queue's connections to the server. */
const JOB_QUEUE_CONNECTION_NAME = "pharmacompare-job-queue";

/**
 * Idle cost (decision 066's spike: about 0.5 transactions a second per queue at pg-boss's
 * defaults): the cron pass each 30 s places due runs; supervision (expired runs to retry) each
 * 5 minutes, well inside a run's lease of 10.
 */
const QUIET = { cronMonitorIntervalSeconds: 30, superviseIntervalSeconds: 300 } as const;
