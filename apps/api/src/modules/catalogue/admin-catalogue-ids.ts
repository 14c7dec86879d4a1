import { idFromName } from "@pharmacompare/contract";
import { eq, like, or } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { escapeLike } from "../../domain/public-filters.ts";

/**
 * The id a new medication or pharmacy gets from its name when none is given: the name as a slug
 * (`fallback` when it has no letter or digit), then `-2`, `-3`… until one is free. Two creates
 * racing for the same id meet the primary key, which answers 409.
 */
export async function freeIdFromName(
  tx: Database,
  table: PgTable,
  idColumn: PgColumn,
  name: string,
  fallback: string,
): Promise<string> {
  const base = idFromName(name) || fallback;
  const taken = new Set(
    (
      await tx
        .select({ id: idColumn })
        .from(table)
        .where(or(eq(idColumn, base), like(idColumn, `${escapeLike(base)}-%`)))
    ).map((row) => String(row.id)),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** `{ field: { from, to } }` for each field a change altered (arrays compared by value). */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { from: before[key], to: after[key] };
    }
  }
  return changes;
}
