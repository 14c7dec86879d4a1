import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type PgBouncerServer, startPgBouncer } from "../scripts/pgbouncer-server.ts";
import { type PostgresReplica, startReplica } from "../scripts/postgres-replica.ts";
import { type PostgresServer, sparePort, startPostgres } from "../scripts/postgres-server.ts";
import { startVarnish, type VarnishServer } from "../scripts/varnish-server.ts";
import { buildWebIfNeeded } from "../scripts/web-build.ts";

/**
 * The whole topology of issue 46 on loopback (docs/decisions/064 and 065): Varnish → two product
 * processes (each one API process and one web process pointed at it, as one machine runs them) →
 * PgBouncer in transaction mode → a PostgreSQL primary with one streaming replica. Every engine is
 * started by the repository's own starters (scripts/), on spare ports with its own temp files.
 *
 * No assertions here: `topology/run.ts` breaks it and counts, and the bench may reuse it. Whatever
 * it starts it stops, also when start fails part-way; every wait is bounded.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const API_ENTRY = path.join(root, "apps/api/src/server.ts");
const WEB_ENTRY = path.join(root, "apps/web/server/main.ts");

/** The back-office account each API process makes at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const TOPOLOGY_ADMIN = { email: "topology@pharmacompare.test", password: "topology-password-1" };

export interface TopologyOptions {
  /** Seconds between Varnish's health probes (1: a killed process is skipped within ~2 s). */
  probeIntervalSeconds?: number;
  /** Seconds a probe may take (3: four Node processes share a small machine). */
  probeTimeoutSeconds?: number;
  /** Extra environment for every API process. */
  apiEnv?: Record<string, string>;
  /** Aborted (a SIGTERM while starting): stops what has started and rejects at the next step. */
  signal?: AbortSignal;
  /** Progress lines (start, stop); silent by default. */
  log?: (line: string) => void;
}

/** One process of a product machine, restartable on the same port (Varnish's backend names it). */
interface NodeProcess {
  url: string;
  port: number;
  running(): boolean;
  /** SIGKILL, as a crash or an OOM kill would; resolves when it has gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port and resolves when it answers its health address. */
  start(): Promise<void>;
  output(): string;
}

/** One machine: an API process and the web process whose loaders call it. */
interface ProductProcess {
  name: string;
  api: NodeProcess;
  web: NodeProcess;
  /** SIGKILL both (web first: a machine going down takes both). */
  kill(): Promise<void>;
  /** The API, then the web pointed at it. */
  restart(): Promise<void>;
}

export interface Topology {
  /** Varnish's address: what visitors call. */
  url: string;
  /** The primary itself (DATABASE_DIRECT_URL): where to count what was written. */
  primaryUrl: string;
  primary: PostgresServer;
  replica: PostgresReplica;
  pgbouncer: PgBouncerServer;
  varnish: VarnishServer;
  products: ProductProcess[];
  /** Stops everything it started, in the reverse order; never throws. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** A Node entry on a fixed port, healthy when `healthPath` answers 200 (within `startMs`). */
function nodeProcess(
  name: string,
  entry: string,
  port: number,
  env: Record<string, string>,
  healthPath: string,
  log: (line: string) => void,
  // Generous: four engineers share two cores, and a cold API start checks migrations and seed.
  startMs = 180_000,
): NodeProcess {
  let killing = false;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let output = "";
  const url = `http://127.0.0.1:${port}`;
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    if (!child || !running()) return;
    killing = true;
    child.kill("SIGKILL");
    await exited;
    killing = false;
  };
  return {
    url,
    port,
    running,
    kill,
    output: () => output,
    async start() {
      output = "";
      const started = spawn(process.execPath, [entry], {
        cwd: root,
        env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      exited = new Promise((resolve) =>
        started.once("exit", (code, signal) => {
          // Not killed by us: say so, with what it last said (a crash is what the run looks for).
          if (!killing) log(`${name} exited by itself (${signal ?? code}):\n${output.slice(-3000)}`);
          resolve();
        }),
      );
      started.stdout?.on("data", (chunk) => {
        output += chunk;
      });
      started.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      const deadline = Date.now() + startMs;
      for (;;) {
        if (started.exitCode !== null) throw new Error(`${name} exited during start:\n${output}`);
        if (Date.now() > deadline) {
          await kill();
          throw new Error(`${name} did not answer ${healthPath} within ${startMs / 1000} s:\n${output}`);
        }
        if (await answers(`${url}${healthPath}`)) return;
        await sleep(250);
      }
    },
  };
}

export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const report = (line: string) => options.log?.(line);
  const log = (line: string) => {
    options.signal?.throwIfAborted();
    options.log?.(line);
  };
  // Each stopper is pushed as its part starts, so a failure part-way stops exactly what started.
  const stoppers: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) {
      try {
        await stop();
      } catch (error) {
        options.log?.(`stop failed: ${String(error)}`);
      }
    }
  };
  try {
    log("PostgreSQL primary (durable, ready for a replica)");
    // Durable as production is (the run counts writes that survived); room for two API processes'
    // pools, their LISTEN connections, the replica's sender and the pooler's server connections.
    const maxConnections = 200;
    const primary = await startPostgres({ durable: true, replication: true, maxConnections });
    stoppers.push(() => primary.stop());
    log("streaming replica");
    const replica = await startReplica(primary, { maxConnections });
    stoppers.push(() => replica.stop());
    log("PgBouncer (transaction mode)");
    const pgbouncer = await startPgBouncer({ serverPort: primary.port, poolSize: 20 });
    stoppers.push(() => pgbouncer.stop());

    // Every port is chosen first: Varnish's backends name the processes, and the processes'
    // PURGE_URLS name Varnish.
    const varnishPort = await sparePort();
    const varnishUrl = `http://127.0.0.1:${varnishPort}`;
    const products: ProductProcess[] = [];
    for (const name of ["product-1", "product-2"]) {
      const apiPort = await sparePort();
      const webPort = await sparePort();
      const api = nodeProcess(
        `${name} API`,
        API_ENTRY,
        apiPort,
        {
          NODE_ENV: "development",
          HOST: "127.0.0.1",
          API_PORT: String(apiPort),
          // The product's pool through the pooler; what needs a session (LISTEN, start-up's
          // advisory locks) on the primary itself; public reads on the replica (decision 065).
          DATABASE_URL: pgbouncer.url(primary.url),
          DATABASE_DIRECT_URL: primary.url,
          DATABASE_READ_URL: replica.url,
          PURGE_URLS: varnishUrl,
          SEED_DEMO: "true",
          ADMIN_EMAIL: TOPOLOGY_ADMIN.email,
          ADMIN_PASSWORD: TOPOLOGY_ADMIN.password,
          // The run's load writes from one address far faster than a visitor would.
          WRITE_RATE_LIMIT: "10000",
          MAIL_RATE: "100000",
          ...options.apiEnv,
        },
        "/health",
        report,
      );
      const web = nodeProcess(
        `${name} web`,
        WEB_ENTRY,
        webPort,
        {
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(webPort),
          API_PORT: String(apiPort),
          // Loaders call this machine's API; browsers and canonical links use the cache's address.
          API_INTERNAL_URL: api.url,
          API_URL: varnishUrl,
          SITE_URL: varnishUrl,
        },
        "/robots.txt",
        report,
      );
      products.push({
        name,
        api,
        web,
        async kill() {
          await web.kill();
          await api.kill();
        },
        async restart() {
          await api.start();
          await web.start();
        },
      });
    }
    for (const product of products) {
      stoppers.push(() => product.kill());
      // One at a time: the first migrates and seeds, the second finds it done (both take the
      // start-up lock anyway); two cold starts at once only compete for the two cores.
      log(`${product.name} API on ${product.api.url}`);
      await product.api.start();
    }
    buildWebIfNeeded();
    for (const product of products) {
      log(`${product.name} web on ${product.web.url}`);
      await product.web.start();
    }
    log(`Varnish on ${varnishUrl}`);
    const varnish = await startVarnish({
      port: varnishPort,
      web: products.map((p) => `127.0.0.1:${p.web.port}`),
      api: products.map((p) => `127.0.0.1:${p.api.port}`),
      probeIntervalSeconds: options.probeIntervalSeconds ?? 1,
      probeTimeoutSeconds: options.probeTimeoutSeconds ?? 3,
    });
    stoppers.push(() => varnish.stop());
    return {
      url: varnishUrl,
      primaryUrl: primary.url,
      primary,
      replica,
      pgbouncer,
      varnish,
      products,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
