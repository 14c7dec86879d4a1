import { and, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { dataVersions, publicDataChanges } from "../db/schema.ts";
import { type CacheTag, normaliseTags, SITE_TAG } from "./cache-tags.ts";

/** The row every write to public data bumps (migration 0006 creates it). */
export const PUBLIC_DATA_KEY = "public";
/** The PostgreSQL channel every API process listens on for a new version (cache/version-listener.ts). */
export const PUBLIC_DATA_CHANNEL = "public_data_changed";

/**
 * Hears a committed version and the tags the write touched (decision 063); the write's caller
 * waits for what it returns (bounded by the listener).
 */
type Listener = (version: number, tags: readonly CacheTag[]) => Promise<void> | void;

/** Per database handle, so two APIs in one test process never hear each other's writes. */
const listeners = new WeakMap<object, Set<Listener>>();
/** Transactions that bumped the version, to what and naming which tags: announced once they commit. */
const bumped = new WeakMap<object, { version: number; tags: CacheTag[] }>();
/** The tags an announcing transaction's work has named so far (it bumps once, at the end). */
const named = new WeakMap<object, Set<string>>();

/** How many changes `public_data_changes` keeps for page caches asking "what changed since" (decision 063). */
const KEPT_CHANGES = 1000;

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

/**
 * The one invalidation call: every write that changes what a public read answers calls this
 * inside its own transaction. The version is bumped in that transaction (so no reader in any
 * process sees the new version before the new rows) together with a NOTIFY, which PostgreSQL
 * delivers only at commit and never on rollback. In an announcing transaction (the audited
 * writer's) the bump waits for the end of the work: the one-row lock on the counter is then the
 * last lock taken and held only until commit, so two writes can never deadlock over it.
 * `tags` name what the write touched (cache-tags.ts; `site` when it cannot say): the version's
 * row in `public_data_changes` records them and the NOTIFY carries them, so every cache drops
 * only the answers built from that data. Further calls in the same transaction add their tags
 * to the same version.
 */
export async function publicDataChanged(tx: Database, tags: Iterable<CacheTag>): Promise<void> {
  if (announcing.has(tx)) {
    let set = named.get(tx);
    if (!set) {
      set = new Set();
      named.set(tx, set);
    }
    // Nothing named by the end of the work means the whole site (normaliseTags).
    for (const tag of tags) set.add(tag);
  } else await bump(tx, tags);
}

async function bump(tx: Database, tags: Iterable<string>): Promise<void> {
  const earlier = bumped.get(tx);
  if (earlier) {
    // A second call in the same transaction: the version stays, its tags grow, and the NOTIFY
    // is sent again with them all (listeners drop by tag, so hearing a version twice is harmless).
    const merged = normaliseTags([...earlier.tags, ...tags]);
    if (merged.join(" ") === earlier.tags.join(" ")) return;
    await tx
      .update(publicDataChanges)
      .set({ tags: merged })
      .where(eq(publicDataChanges.version, earlier.version));
    await tx.execute(
      sql`select pg_notify(${PUBLIC_DATA_CHANNEL}, ${notifyPayload(earlier.version, merged)})`,
    );
    bumped.set(tx, { version: earlier.version, tags: merged });
    return;
  }
  const recorded = normaliseTags(tags);
  const [row] = await tx
    .update(dataVersions)
    .set({ version: sql`${dataVersions.version} + 1`, updatedAt: sql`now()` })
    .where(eq(dataVersions.key, PUBLIC_DATA_KEY))
    .returning({ version: dataVersions.version });
  const version = row?.version ?? 0;
  // Held under the counter's row lock, so versions are recorded in commit order; pruned as it goes.
  await tx.insert(publicDataChanges).values({ version, tags: recorded }).onConflictDoNothing();
  if (version % 100 === 0) {
    await tx.delete(publicDataChanges).where(lt(publicDataChanges.version, version - KEPT_CHANGES));
  }
  await tx.execute(sql`select pg_notify(${PUBLIC_DATA_CHANNEL}, ${notifyPayload(version, recorded)})`);
  for (const hook of bumpHooks) await hook(tx, recorded);
  bumped.set(tx, { version, tags: recorded });
}

/** "<version> <tag> <tag>…": a version alone (an older writer) means `site` (version-listener.ts). */
function notifyPayload(version: number, tags: readonly CacheTag[]): string {
  return [String(version), ...tags].join(" ");
}

/** The version and tags of a NOTIFY payload, or null when it is not one. */
export function parseNotifyPayload(
  payload: string | undefined,
): { version: number; tags: CacheTag[] } | null {
  const [first, ...rest] = (payload ?? "").split(" ").filter(Boolean);
  const version = Number(first);
  if (!Number.isInteger(version)) return null;
  return { version, tags: normaliseTags(rest.length > 0 ? rest : [SITE_TAG]) };
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
    const tags = named.get(tx);
    if (tags) await bump(tx, tags);
    return done;
  });
  const change = transaction && bumped.get(transaction);
  if (change !== undefined) {
    await Promise.all(
      [...(listeners.get(db) ?? [])].map((listener) => listener(change.version, change.tags)),
    );
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

/**
 * What changed after version `since` (decision 063): the current version and the union of the
 * tags recorded for the versions after it, or `site` when some of those versions are no longer
 * kept (or `since` is ahead of the database, as after a restore).
 */
export async function readPublicDataChangesSince(
  db: Database,
  since: number,
): Promise<{ version: number; tags: CacheTag[] }> {
  const version = await readPublicDataVersion(db);
  if (since === version) return { version, tags: [] };
  if (since > version) return { version, tags: [SITE_TAG] };
  const rows = await db
    .select({ version: publicDataChanges.version, tags: publicDataChanges.tags })
    .from(publicDataChanges)
    .where(and(gt(publicDataChanges.version, since), lte(publicDataChanges.version, version)));
  // Every version after `since` must be there: a gap (pruned, or bumped before this table) is unknown.
  if (rows.length !== version - since) return { version, tags: [SITE_TAG] };
  return { version, tags: normaliseTags(rows.flatMap((row) => row.tags)) };
}
