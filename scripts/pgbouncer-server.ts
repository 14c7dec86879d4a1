import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sparePort } from "./postgres-server.ts";

/**
 * A throwaway PgBouncer on loopback in front of a PostgreSQL server (decision 065), for the
 * pooler test and the topology test: Debian's `pgbouncer` in transaction pooling mode, its ini and
 * user list in a temp dir, every database of the server passed through under its own name.
 */
export interface PgBouncerServer {
  /** `server`'s URL with the pooler's port: what DATABASE_URL names behind the pooler. */
  url(serverUrl: string): string;
  port: number;
  /** Stops the pooler (SIGTERM, then SIGKILL) and deletes its files. */
  stop(): Promise<void>;
}

const BINARY = "/usr/sbin/pgbouncer";

export async function startPgBouncer(options: {
  /** The PostgreSQL server's host and port (a throwaway one's `port`). */
  serverPort: number;
  serverHost?: string;
  /** Server connections per database and user: small, to show transactions share them. */
  poolSize?: number;
}): Promise<PgBouncerServer> {
  if (!existsSync(BINARY)) throw new Error("PgBouncer is not installed: sudo apt-get install -y pgbouncer");
  const port = await sparePort();
  const dir = mkdtempSync(path.join(tmpdir(), "pc-pgbouncer-"));
  // pgbouncer refuses to run as root; as root it is started as the postgres user, who must read these.
  chmodSync(dir, 0o777);
  writeFileSync(path.join(dir, "userlist.txt"), '"postgres" ""\n');
  writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      // Every database under its own name, on the one server (the tests create one per file).
      `* = host=${options.serverHost ?? "127.0.0.1"} port=${options.serverPort}`,
      "",
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      "auth_type = trust",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      `default_pool_size = ${options.poolSize ?? 10}`,
      "max_client_conn = 500",
      // node-postgres sends these as start-up parameters (db/client.ts); PgBouncer cannot keep a
      // session setting for a client in transaction mode, so it drops them and the server's own
      // (the role's or the database's) apply: docs/operations.md, "Behind PgBouncer".
      "ignore_startup_parameters = statement_timeout,idle_in_transaction_session_timeout,extra_float_digits",
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      `pidfile = ${path.join(dir, "pgbouncer.pid")}`,
      "",
    ].join("\n"),
  );
  const isRoot = process.getuid?.() === 0;
  // Run as postgres directly (not through su), so the child we stop is PgBouncer itself.
  const user = isRoot ? { uid: idOf("-u"), gid: idOf("-g") } : {};
  const child: ChildProcess = spawn(BINARY, [path.join(dir, "pgbouncer.ini")], { stdio: "ignore", ...user });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`PgBouncer did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    url(serverUrl: string) {
      const url = new URL(serverUrl);
      url.port = String(port);
      return url.toString();
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 3000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const idOf = (flag: "-u" | "-g") =>
  Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
