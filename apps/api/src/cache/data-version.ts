import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { dataVersions } from "../db/schema.ts";
import { type CacheTag, SITE_TAG } from "./cache-tags.ts";

/** The row every write to public data bumps (migration 0006 creates it). */
export const PUBLIC_DATA_KEY = "public";
/** The PostgreSQL channel every API process listens on for a new version (cache/version-listener.ts). */
export const PUBLIC_DATA_CHANNEL = "public_data_changed";

/**
 * Hears a committed version and the tags the write touched; the write's caller waits for what it
 * returns (bounded by the listener). Until writes name their tags, every write touches the site.
 */
type Listener = (version: number, tags: readonly CacheTag[]) => Promise<void> | void;

/** Per database handle, so two APIs in one test process never hear each other's writes. */
const listeners = new WeakMap<object, Set<Listener>>();
/** Transactions that bumped the version, and to what: announced once they commit. */
const bumped = new WeakMap<object, number>();

/** Calls `listener` with the new version each time a write through `db` in this process commits. */
export function onPublicDataCommitted(db: Database, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Work that must happen in the very transaction that bumps the version, with the tags it touched:
 * the shared cache's owed purges (modules/shared-cache, decision 064), so a purge exists exactly
 * when the change commits. Process-wide: the bump has only the transaction, not the API behind it.
 */
type BumpHook = (tx: Database, tags: readonly CacheTag[]) => Promise<void>;
const bumpHooks = new Set<BumpHook>();

/** Runs `hook` inside every transaction that bumps the version, just after the bump. */
export function duringPublicDataBump(hook: BumpHook): () => void {
  bumpHooks.add(hook);
  return () => bumpHooks.delete(hook);
}

/** Transactions opened by {@link transactionAnnouncingChanges}: they bump once, just before commit. */
const announcing = new WeakSet<object>();
/** Announcing transactions whose work changed public data. */
const changed = new WeakSet<object>();

/**
 * The one invalidation call: every write that changes what a public read answers calls this
 * inside its own transaction. The version is bumped in that transaction (so no reader in any
 * process sees the new version before the new rows) together with a NOTIFY, which PostgreSQL
 * delivers only at commit and never on rollback. In an announcing transaction (the audited
 * writer's) the bump waits for the end of the work: the one-row lock on the counter is then the
 * last lock taken and held only until commit, so two writes can never deadlock over it.
 * Calling it again in the same transaction does nothing more.
 */
export async function publicDataChanged(tx: Database): Promise<void> {
  if (announcing.has(tx)) changed.add(tx);
  else await bump(tx);
}

async function bump(tx: Database): Promise<void> {
  if (bumped.has(tx)) return;
  const [row] = await tx
    .update(dataVersions)
    .set({ version: sql`${dataVersions.version} + 1`, updatedAt: sql`now()` })
    .where(eq(dataVersions.key, PUBLIC_DATA_KEY))
    .returning({ version: dataVersions.version });
  await tx.execute(sql`select pg_notify(${PUBLIC_DATA_CHANNEL}, ${String(row?.version ?? 0)})`);
  bumped.set(tx, row?.version ?? 0);
  for (const hook of bumpHooks) await hook(tx, [SITE_TAG]);
}

/**
 * Runs `work` in a transaction of `db`; once it commits, this process's listeners on `db` hear the
 * version its `publicDataChanged(tx)` calls reached (other processes hear it through NOTIFY).
 * The audited writer is built on this, so every admin write is covered.
 */
export async function transactionAnnouncingChanges<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  let transaction: Database | undefined;
  const result = await db.transaction(async (tx) => {
    transaction = tx;
    announcing.add(tx);
    const done = await work(tx);
    if (changed.has(tx)) await bump(tx);
    return done;
  });
  const version = transaction && bumped.get(transaction);
  if (version !== undefined) {
    await Promise.all([...(listeners.get(db) ?? [])].map((listener) => listener(version, [SITE_TAG])));
  }
  return result;
}

/** The committed version of the public data. */
export async function readPublicDataVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.key, PUBLIC_DATA_KEY));
  return row?.version ?? 0;
}
