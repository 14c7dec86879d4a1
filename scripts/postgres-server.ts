import { execFile, execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A throwaway PostgreSQL server on loopback for tests, the bench and the fault scenarios: Debian's
 * `postgresql` (installed when missing and we are root), initdb and pg_ctl run as the postgres
 * user, on a spare port.
 */
export interface PostgresServer {
  url: string;
  /** Its loopback port (a replica's pg_basebackup and a pooler in front connect to it). */
  port: number;
  /** Stops the server and deletes its files: the end of a throwaway server. */
  stop(): void;
  /**
   * Stops the server and keeps its files, as an outage would (`-m fast` unless told `immediate`:
   * connections cut, like a crash); `resume()` starts it again.
   */
  halt(mode?: "fast" | "immediate"): void;
  resume(): void;
  /** Stops it (by default with `-m immediate`: connections cut, like a crash) and starts it again. */
  restart(mode?: "fast" | "immediate"): void;
}

export interface PostgresOptions {
  /**
   * Keeps fsync and full-page writes on, as production does: the fault scenarios crash the server
   * and count what survived. Off by default, where nothing outlives the run and speed matters.
   */
  durable?: boolean;
  /** The fault scenarios' three API processes and their load need more than the default 100. */
  maxConnections?: number;
  /**
   * Ready to be a streaming primary (decision 065): WAL for a replica and room for its sender.
   * PostgreSQL 15's defaults already allow it; said here so the test does not rest on defaults.
   */
  replication?: boolean;
}

export function binDir(): string {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((v) => path.join(base, v, "bin"))
    .find((dir) => existsSync(path.join(dir, "initdb")));
  if (found) return found;
  if (process.getuid?.() !== 0)
    throw new Error("PostgreSQL is not installed: sudo apt-get install -y postgresql");
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", "postgresql"]]) {
    const result = spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
  }
  return binDir();
}

/** A free TCP port on loopback (the server and the fault scenarios' API processes take one each). */
export async function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = binDir();
  const port = await sparePort();
  const dir = mkdtempSync(path.join(tmpdir(), "pc-postgres-"));
  chmodSync(dir, 0o777);
  const settings = [
    "-c listen_addresses=127.0.0.1",
    `-p ${port}`,
    `-k ${dir}`,
    ...(options.durable ? [] : ["-c fsync=off", "-c full_page_writes=off"]),
    ...(options.maxConnections ? [`-c max_connections=${options.maxConnections}`] : []),
    ...(options.replication ? ["-c wal_level=replica", "-c max_wal_senders=4", "-c hot_standby=on"] : []),
  ].join(" ");
  asPostgres(`${bin}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8`);
  const start = () =>
    asPostgres(`${bin}/pg_ctl -D ${dir}/data -l ${dir}/server.log -o "${settings}" -w start`);
  const halt = (mode: "fast" | "immediate" = "fast") =>
    asPostgres(`${bin}/pg_ctl -D ${dir}/data -m ${mode} -w stop`);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop() {
      try {
        halt();
      } catch {
        // already halted
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    halt: (mode) => halt(mode),
    resume: start,
    restart(mode = "immediate") {
      halt(mode);
      start();
    },
  };
}

/**
 * A shell command as the postgres user when we are root: initdb and the server refuse to run as
 * root, so a root test run (CI's container) hands them to Debian's postgres account.
 */
function asPostgresArgs(command: string): [string, string[]] {
  return process.getuid?.() === 0 ? ["su", ["postgres", "-c", command]] : ["sh", ["-c", command]];
}

/** Runs `command` as the postgres user (asPostgresArgs) and waits for it. */
export function asPostgres(command: string): void {
  const [file, args] = asPostgresArgs(command);
  execFileSync(file, args, { stdio: "pipe" });
}

/**
 * asPostgres without blocking the event loop: a caller with clients in flight (the topology run's
 * load) keeps timing them while pg_ctl waits for the server.
 */
export function asPostgresInBackground(command: string): Promise<void> {
  const [file, args] = asPostgresArgs(command);
  return new Promise((resolve, reject) => {
    execFile(file, args, (error, _out, stderr) =>
      error ? reject(new Error(`${command} failed: ${stderr || error.message}`)) : resolve(),
    );
  });
}
