import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DatabaseHandle, loadApiConfig, openDatabase, prepareDatabase } from "@pharmacompare/api";
import { type PostgresServer, startPostgres } from "../scripts/postgres-server.ts";
import { sparePort } from "./ports.ts";

/**
 * The product as `npm start` runs it (API and web in one process), in a child process so the load
 * generator never shares its event loop, on a fresh demo catalogue in PGlite or a throwaway PostgreSQL.
 * It logs at its default level (info, one line per request through pino's asynchronous destination,
 * decision 050) into a file, as an operator's service manager would keep it: not a pipe, whose
 * reader would be part of what is measured.
 */
export type BenchDatabase = "pglite" | "pg";

export interface Product {
  apiUrl: string;
  siteUrl: string;
  /** The product's process (API and web in one), for its memory and CPU time. */
  pid: number | undefined;
  /** Its standard output: the request log. */
  logFile: string;
  stop(): Promise<void>;
}

/** NODE_ENV of the product: the bench runs "production" unless told (settings only: React renders its production build in both). */
export type BenchMode = "development" | "production";

/** The database the product will open, handed to `prepare` before the product starts. */
export interface ProductDatabase {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/**
 * Opens the product's database before it starts, prepared as the product's own start would (its
 * schema and the demo catalogue), runs `work` on it and closes it again: PGlite admits one process.
 */
export async function withProductDatabase<T>(
  target: ProductDatabase,
  work: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const config = loadApiConfig({
    NODE_ENV: "development",
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.databaseUrl,
    ADMIN_PASSWORD: "bench-password-123",
  });
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, config, { info: () => {} }, () => {});
    return await work(database);
  } finally {
    await database.close();
  }
}

/** For several processes on one database (the topology run): its address and extra settings. */
export interface ProductOptions {
  /** A PostgreSQL already running and loaded: the product opens it and leaves it running. */
  databaseUrl?: string;
  /** Settings added to the product's environment (e.g. PURGE_URLS). */
  env?: Record<string, string>;
}

/**
 * `prepare` runs on the product's database before the product starts (and must close it again:
 * PGlite admits one process), e.g. to load a larger catalogue.
 */
export async function startProduct(
  database: BenchDatabase,
  mode: BenchMode,
  prepare?: (target: ProductDatabase) => Promise<void>,
  options: ProductOptions = {},
): Promise<Product> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pc-bench-"));
  let postgres: PostgresServer | undefined;
  if (database === "pg" && !options.databaseUrl) postgres = await startPostgres();
  const databaseUrl = options.databaseUrl ?? postgres?.url;
  const cleanup = () => {
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await prepare?.({ dataDir, databaseUrl });
  } catch (error) {
    cleanup();
    throw error;
  }
  const [port, apiPort] = [await sparePort(), await sparePort()];
  const logFile = path.join(dataDir, "stdout.log");
  const out = openSync(logFile, "a");
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.ts"], {
    env: {
      ...process.env,
      NODE_ENV: mode,
      // Production requires these said out loud; loopback is the only proxy a bench has.
      // …and a key for secrets at rest (decision 030).
      ...(mode === "production"
        ? { SEED_DEMO: "true", TRUST_PROXY: "127.0.0.1", SECRETS_KEY: randomBytes(32).toString("base64") }
        : {}),
      HOST: "127.0.0.1",
      PORT: String(port),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "bench-password-123",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    stdio: ["ignore", out, "inherit"],
  });
  closeSync(out);
  try {
    for (let waited = 0; !readFileSync(logFile, "utf8").includes("is running"); waited += 100) {
      if (child.exitCode !== null) throw new Error(`the product exited (${child.exitCode}) before starting`);
      if (waited > 300_000) throw new Error("the product did not start within five minutes");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    child.kill("SIGTERM");
    cleanup();
    throw error;
  }
  return {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    siteUrl: `http://127.0.0.1:${port}`,
    pid: child.pid,
    logFile,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      cleanup();
    },
  };
}
