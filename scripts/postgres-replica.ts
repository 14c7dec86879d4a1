import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  asPostgres,
  asPostgresInBackground,
  binDir,
  type PostgresServer,
  sparePort,
} from "./postgres-server.ts";

/**
 * A throwaway streaming replica of a throwaway primary (decision 065), for the replica test and
 * the topology test: `pg_basebackup -R` copies the primary's files and writes the standby's
 * connection settings (standby.signal, primary_conninfo), then the copy starts on its own port as
 * a hot standby that replays the primary's WAL. The primary must have been started with
 * `replication: true` (scripts/postgres-server.ts); initdb's pg_hba.conf already trusts
 * replication connections from loopback, which is all a test needs.
 */
export interface PostgresReplica {
  url: string;
  port: number;
  /** Stops the standby and keeps its files, as an outage would; `resume()` starts it again. */
  halt(): void;
  resume(): void;
  /** halt() and resume() without blocking the event loop (for a caller with requests in flight). */
  haltInBackground(): Promise<void>;
  resumeInBackground(): Promise<void>;
  /** Stops it and deletes its files. */
  stop(): void;
}

export async function startReplica(
  primary: PostgresServer,
  options: {
    /**
     * Holds each commit back this long before replaying it (recovery_min_apply_delay): a replica
     * that is always behind, so a test can tell which server answered.
     */
    applyDelayMs?: number;
    /**
     * The primary's max_connections, when it was raised: a hot standby refuses to start with
     * fewer than its primary (PostgreSQL's "insufficient parameter settings").
     */
    maxConnections?: number;
  } = {},
): Promise<PostgresReplica> {
  const bin = binDir();
  const port = await sparePort();
  const dir = mkdtempSync(path.join(tmpdir(), "pc-replica-"));
  chmodSync(dir, 0o777);
  asPostgres(
    `${bin}/pg_basebackup -h 127.0.0.1 -p ${primary.port} -U postgres -D ${dir}/data -R -X stream --checkpoint=fast`,
  );
  const settings = [
    "-c listen_addresses=127.0.0.1",
    `-p ${port}`,
    `-k ${dir}`,
    "-c hot_standby=on",
    // Answers the primary's idea of which rows the standby still reads, so its vacuum waits rather
    // than cancelling a long public read on the replica.
    "-c hot_standby_feedback=on",
    "-c fsync=off",
    ...(options.maxConnections ? [`-c max_connections=${options.maxConnections}`] : []),
    ...(options.applyDelayMs ? [`-c recovery_min_apply_delay=${options.applyDelayMs}ms`] : []),
  ].join(" ");
  const startCommand = `${bin}/pg_ctl -D ${dir}/data -l ${dir}/server.log -o "${settings}" -w start`;
  const haltCommand = `${bin}/pg_ctl -D ${dir}/data -m fast -w stop`;
  const start = () => asPostgres(startCommand);
  const halt = () => asPostgres(haltCommand);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    halt,
    resume: start,
    haltInBackground: () => asPostgresInBackground(haltCommand),
    resumeInBackground: () => asPostgresInBackground(startCommand),
    stop() {
      try {
        halt();
      } catch {
        // already halted
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
