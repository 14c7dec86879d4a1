import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { PUBLIC_DATA_CHANNEL, PUBLIC_DATA_KEY, parseNotifyPayload } from "./data-version.ts";
import type { ResponseCache } from "./response-cache.ts";

export const LISTENER_NAME = "pharmacompare-cache-listener";

/** Reconnection waits grow from the first to the last, then stay there. */
const RETRY_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * Keeps `cache` in step with writes made by other processes on PostgreSQL: one dedicated
 * connection LISTENs on the public data channel, and each NOTIFY (sent by `publicDataChanged` in
 * the writing transaction, delivered at its commit) raises the cache's version. While that
 * connection is down the cache is suspended, since changes could go unheard; after reconnecting it
 * listens first, then re-reads the counter, so no commit falls between the two.
 */
export function listenForDataVersions(
  databaseUrl: string,
  cache: ResponseCache,
  log: FastifyBaseLogger,
): {
  ready: Promise<void>;
  heard: (version: number, timeoutMs: number) => Promise<void>;
  stop: () => Promise<void>;
} {
  let client: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let firstConnection: (() => void) | undefined;
  /** The highest version NOTIFY brought, and writes of this process waiting to hear theirs. */
  let heardVersion = 0;
  const waiting = new Set<{ version: number; done: () => void }>();
  const hear = (version: number) => {
    heardVersion = Math.max(heardVersion, version);
    for (const waiter of waiting) if (waiter.version <= heardVersion) waiter.done();
  };
  const ready = new Promise<void>((resolve) => {
    firstConnection = resolve;
  });

  const connect = async () => {
    const connection = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 2000,
      // Named, so an operator (and the tests) can find it in pg_stat_activity.
      application_name: LISTENER_NAME,
    });
    client = connection;
    connection.on("notification", (message) => {
      // "<version> <tag>…" (data-version.ts): only the answers built from those tags go.
      const change = parseNotifyPayload(message.payload);
      if (!change) return;
      cache.observe(change.version, change.tags);
      hear(change.version);
    });
    connection.on("error", (err) => dropped(connection, err));
    connection.on("end", () => dropped(connection));
    try {
      await connection.connect();
      await connection.query(`listen ${PUBLIC_DATA_CHANNEL}`);
      const { rows } = await connection.query<{ version: number }>(
        "select version from data_versions where key = $1",
        [PUBLIC_DATA_KEY],
      );
      if (client !== connection || stopped) return;
      if (attempt > 0) log.info("response cache: listening for data changes again");
      attempt = 0;
      cache.resume(rows[0]?.version ?? 0);
      hear(rows[0]?.version ?? 0);
      firstConnection?.();
    } catch (err) {
      dropped(connection, err);
    }
  };

  const dropped = (connection: pg.Client, err?: unknown) => {
    if (client !== connection || stopped) return;
    client = undefined;
    cache.suspend();
    connection.end().catch(() => {});
    const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 5000;
    if (attempt === 0) log.warn({ err }, "response cache: lost the data change listener; serving uncached");
    attempt += 1;
    // Start-up does not wait for a database that is not there yet: the cache stays suspended.
    firstConnection?.();
    timer = setTimeout(() => void connect(), wait);
    timer.unref();
  };

  cache.suspend();
  void connect();
  return {
    ready,
    /**
     * Resolves once this process's own NOTIFY for `version` is back (or after `timeoutMs`, or at
     * once while disconnected). PostgreSQL signals every listening session at commit, so by then
     * the other processes' listeners have it too: the write answers after they have heard it.
     */
    heard(version: number, timeoutMs: number): Promise<void> {
      if (!client || version <= heardVersion) return Promise.resolve();
      return new Promise((resolve) => {
        const waiter = {
          version,
          done: () => {
            clearTimeout(timeout);
            waiting.delete(waiter);
            resolve();
          },
        };
        const timeout = setTimeout(waiter.done, timeoutMs);
        waiting.add(waiter);
      });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const connection = client;
      client = undefined;
      await connection?.end().catch(() => {});
    },
  };
}
