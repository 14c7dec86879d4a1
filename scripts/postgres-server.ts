import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A throwaway PostgreSQL server on loopback for tests: Debian's `postgresql` (installed when
 * missing and we are root), initdb and pg_ctl run as the postgres user, on a spare port.
 */
export interface PostgresServer {
  url: string;
  stop(): void;
}

function binDir(): string {
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

async function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  const port = await sparePort();
  const dir = mkdtempSync(path.join(tmpdir(), "pc-postgres-"));
  chmodSync(dir, 0o777);
  const asPostgres = (command: string) => {
    const isRoot = process.getuid?.() === 0;
    execFileSync(isRoot ? "su" : "sh", isRoot ? ["postgres", "-c", command] : ["-c", command], {
      stdio: "pipe",
    });
  };
  asPostgres(`${bin}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8`);
  asPostgres(
    `${bin}/pg_ctl -D ${dir}/data -l ${dir}/server.log -o "-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off" -w start`,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPostgres(`${bin}/pg_ctl -D ${dir}/data -m fast -w stop`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
