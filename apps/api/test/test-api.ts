import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type EndpointDefinition, type EndpointInput, endpointUrl } from "@pharmacompare/contract";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject, it } from "vitest";
import { type BuildApiOptions, buildApi } from "../src/app.ts";
import { loadApiConfig } from "../src/config.ts";
import { createPglite, type DatabaseHandle, openDatabase, wrapPglite } from "../src/db/client.ts";
import { prices } from "../src/db/schema.ts";
import { createSecretBox } from "../src/modules/auth/secret-box.ts";

/** The key the test APIs encrypt secrets under (decision 030): fixed, so a test can open what they sealed. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString("base64");

/** A secret box with the test APIs' key, to open what they stored. */
export const testSecretBox = () => createSecretBox({ current: Buffer.from(TEST_SECRETS_KEY, "base64") });

/** True under `npm run test:pg`, whose API suite runs on a real PostgreSQL. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A test of concurrency between connections or processes (issue 26): PGlite is one handle in one
 * process that runs every query in turn, so such a test cannot fail there. It runs where it can —
 * on PostgreSQL, in `npm run test:pg` (.ci/run) — and its name says so.
 */
export function concurrencyTest(name: string, test: () => Promise<void>, timeout?: number): void {
  it.runIf(onPostgres)(`${name} (on PostgreSQL, where it can fail)`, test, timeout);
}

/** The parts of a call's input that make its URL (a body never does). */
type UrlInput<E extends EndpointDefinition> = Omit<EndpointInput<E>, "body">;

/**
 * The URL of a call to a registry entry, as the web's client builds it: tests name the endpoint
 * and its inputs, never a path (raw URLs only where a test is about the URL itself).
 */
export function urlOf<E extends EndpointDefinition>(
  endpoint: E,
  ...input: Partial<UrlInput<E>> extends UrlInput<E> ? [UrlInput<E>?] : [UrlInput<E>]
): string {
  return endpointUrl(endpoint, input[0] as Parameters<typeof endpointUrl>[1]);
}

export interface TestApi {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** A GET through app.inject: the status and the parsed JSON body. */
  get(url: string): Promise<{ status: number; body: unknown }>;
  /**
   * A second API instance on the same database, as another process would be (PostgreSQL: its own
   * connection pool; PGlite: the same handle). Closed by `close()`.
   */
  another(
    env?: Record<string, string>,
    options?: {
      now?: () => Date;
      logger?: BuildApiOptions["logger"];
      /** Runs on the app before it starts (e.g. to schedule its jobs). */
      setup?: (app: FastifyInstance) => void;
    },
  ): Promise<FastifyInstance>;
  /** Runs `run` with the database changed by `setUp`, and `tearDown` afterwards whatever happens. */
  withSql(setUp: string, tearDown: string, run: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh copy of the seeded test database behind a real API instance (no network: app.inject).
 * `now` replaces the clock of sessions, throttles and audit entries; `logger` replaces silence;
 * `routes` adds routes of the test's own.
 */
export async function createTestApi(
  env: Record<string, string> = {},
  options: {
    now?: () => Date;
    logger?: BuildApiOptions["logger"];
    /** Registers routes of the test's own on the built app before it starts (no registry entry). */
    routes?: (app: FastifyInstance) => void;
    /**
     * The public-read response cache, off unless asked for: tests change rows with SQL behind the
     * API's back, which no cache hears (response-cache.test.ts tests it with the write paths).
     */
    responseCache?: BuildApiOptions["responseCache"];
    /** How long a request body may take to arrive (the default is two minutes). */
    bodyTimeoutMs?: number;
  } = {},
): Promise<TestApi> {
  const configFor = (overrides: Record<string, string>) =>
    loadApiConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: "unused",
      SECRETS_KEY: TEST_SECRETS_KEY,
      // No daily demo job in a test's scheduler unless the test asks for it (decision 053).
      SEED_DEMO: "false",
      ...env,
      ...overrides,
    });
  const { database, dispose, reopen } = await copyOfSeededDatabase();
  const app = await buildApi({
    config: configFor({}),
    database,
    logger: options.logger ?? false,
    now: options.now,
    responseCache: options.responseCache ?? false,
    bodyTimeoutMs: options.bodyTimeoutMs,
  });
  options.routes?.(app);
  await app.ready();
  const others: FastifyInstance[] = [];
  return {
    app,
    database,
    async another(overrides = {}, more = {}) {
      const other = await buildApi({
        config: configFor(overrides),
        database: await reopen(),
        logger: more.logger ?? false,
        now: more.now ?? options.now,
        responseCache: options.responseCache ?? false,
      });
      more.setup?.(other);
      await other.ready();
      others.push(other);
      return other;
    },
    async get(url) {
      const res = await app.inject({ method: "GET", url });
      return { status: res.statusCode, body: res.json() as unknown };
    },
    async withSql(setUp, tearDown, run) {
      await database.db.execute(setUp);
      try {
        await run();
      } finally {
        await database.db.execute(tearDown);
      }
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await dispose();
    },
  };
}

async function copyOfSeededDatabase(): Promise<{
  database: DatabaseHandle;
  dispose: () => Promise<void>;
  /** Another handle on the same database (PGlite: the same one, which only the first closes). */
  reopen: () => Promise<DatabaseHandle>;
}> {
  const pgTemplate = process.env.TEST_DATABASE_URL ? inject("pgTemplate") : undefined;
  if (pgTemplate) {
    const name = `pc_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: pgTemplate.serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${pgTemplate.template}`);
    const url = new URL(pgTemplate.serverUrl);
    url.pathname = `/${name}`;
    // `TEST_PG_PGBOUNCER=true npm run test:pg`: the API's queries go through PgBouncer in
    // transaction mode, what needs a session straight to the server (decision 065).
    const pooled = new URL(url);
    if (process.env.TEST_PGBOUNCER_PORT) pooled.port = process.env.TEST_PGBOUNCER_PORT;
    const open = () =>
      openDatabase({ databaseUrl: pooled.toString(), databaseDirectUrl: url.toString(), dataDir: "" });
    const database = await open();
    return {
      database,
      reopen: open,
      dispose: async () => {
        // pool.end() resolves before its sockets close; forcing the drop under a closing
        // connection sends that client a FATAL nobody listens for (an unhandled error). Wait first.
        for (let attempt = 0; attempt < 100; attempt += 1) {
          const { rows } = await admin.query<{ open: number }>(
            "select count(*)::int as open from pg_stat_activity where datname = $1",
            [name],
          );
          if (!rows[0]?.open) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const snapshot = new Blob([readFileSync(inject("pgliteSnapshot"))]);
  const database = wrapPglite(await createPglite({ loadDataDir: snapshot }));
  return { database, dispose: async () => {}, reopen: async () => ({ ...database, close: async () => {} }) };
}

/**
 * Marks every price confirmed at `at`, as a day of feeds and sheets would. A test that moves its
 * clock weeks on keeps the catalogue listed this way: a price unconfirmed for PRICE_HIDE_DAYS leaves
 * every public figure, and alerts ignore one older than PRICE_STALE_DAYS (decision 048).
 */
export async function confirmAllPrices(api: TestApi, at: Date): Promise<void> {
  await api.database.db.update(prices).set({ lastConfirmed: at });
}
