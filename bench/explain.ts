import path from "node:path";
import { databaseSchema } from "@pharmacompare/api";
import { PRICE_FRESHNESS_DEFAULTS } from "@pharmacompare/contract";
import type { Logger } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { createPglite, type Database } from "../apps/api/src/db/client.ts";
import { claimDataDirectory } from "../apps/api/src/db/pglite-directory.ts";
import { createMedicationService } from "../apps/api/src/modules/catalogue/medication-service.ts";
import { createPriceFreshness } from "../apps/api/src/modules/prices/price-freshness.ts";
import { createPriceService } from "../apps/api/src/modules/prices/price-service.ts";

/**
 * EXPLAIN of the SQL each hot read runs. The services themselves are called on a connection whose
 * Drizzle logger records every statement and its parameters, so what is explained is exactly what
 * the routes send; each statement is then run again under EXPLAIN ANALYZE (with BUFFERS on
 * PostgreSQL). A Seq Scan on a table of 10,000 rows or more is called out.
 */
export interface HotRead {
  name: string;
  medicationId: string;
  dosage: string;
  searchTerm: string;
}

interface Captured {
  query: string;
  params: unknown[];
}

const LARGE_TABLE_ROWS = 10_000;

interface Connection {
  db: Database;
  explain(query: string, params: unknown[]): Promise<string[]>;
  tableRows(): Promise<Map<string, number>>;
  close(): Promise<void>;
}

async function connect(
  target: { dataDir: string; databaseUrl?: string | undefined },
  logger: Logger,
): Promise<Connection> {
  const rowsQuery = `select relname as name, reltuples::bigint::text as rows from pg_class
    where relkind = 'r' and relnamespace = 'public'::regnamespace`;
  const toMap = (rows: { name: string; rows: string }[]) =>
    new Map(rows.map((r) => [r.name, Number(r.rows)]));
  const planLines = (rows: Record<string, unknown>[]) => rows.map((row) => String(row["QUERY PLAN"]));
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 1 });
    return {
      db: drizzlePg(pool, { schema: databaseSchema, logger }) as unknown as Database,
      explain: async (query, params) =>
        planLines((await pool.query(`explain (analyze, buffers) ${query}`, params)).rows),
      tableRows: async () => toMap((await pool.query(rowsQuery)).rows),
      close: () => pool.end(),
    };
  }
  const release = claimDataDirectory(path.resolve(target.dataDir));
  const client = await createPglite({ dataDir: path.resolve(target.dataDir, "pglite") });
  return {
    db: drizzlePglite(client, { schema: databaseSchema, logger }) as unknown as Database,
    explain: async (query, params) =>
      planLines((await client.query<Record<string, unknown>>(`explain analyze ${query}`, params)).rows),
    tableRows: async () => toMap((await client.query<{ name: string; rows: string }>(rowsQuery)).rows),
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

export interface ExplainReport {
  text: string;
  /** Hot reads with a Seq Scan on a large table, e.g. "search: medications (50,080 rows)". */
  largeSeqScans: string[];
}

export async function explainHotReads(
  target: { dataDir: string; databaseUrl?: string | undefined },
  read: HotRead,
): Promise<ExplainReport> {
  let captured: Captured[] = [];
  const connection = await connect(target, { logQuery: (query, params) => captured.push({ query, params }) });
  try {
    const { db } = connection;
    const medicationsService = createMedicationService(db);
    const now = () => new Date();
    const pricesService = createPriceService(db, {
      now,
      freshness: createPriceFreshness(PRICE_FRESHNESS_DEFAULTS, now),
      pricesChanged: async () => [],
    });
    // What each route calls, in order (routes/public/medications.ts and prices.ts).
    const routes: [string, () => Promise<unknown>][] = [
      [
        `comparison (${read.medicationId}, ${read.dosage})`,
        async () => {
          await medicationsService.getPublic(read.medicationId);
          await pricesService.forMedication(read.medicationId, read.dosage);
        },
      ],
      [
        `prices (${read.medicationId})`,
        async () => {
          await medicationsService.getPublic(read.medicationId);
          await pricesService.forMedication(read.medicationId);
        },
      ],
      [`search (${read.searchTerm})`, () => medicationsService.search(read.searchTerm)],
    ];
    const sizes = await connection.tableRows();
    const lines: string[] = [];
    const largeSeqScans: string[] = [];
    for (const [name, run] of routes) {
      captured = [];
      await run();
      const statements = captured;
      lines.push(`  ${name}: ${statements.length} statement(s)`);
      for (const [index, statement] of statements.entries()) {
        const plan = await connection.explain(statement.query, statement.params);
        const scans = [...plan.join("\n").matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1] as string);
        const large = [...new Set(scans)].filter((table) => (sizes.get(table) ?? 0) >= LARGE_TABLE_ROWS);
        for (const table of large) {
          largeSeqScans.push(`${name}: ${table} (${(sizes.get(table) ?? 0).toLocaleString("en-GB")} rows)`);
        }
        const verdict = large.length
          ? `SEQ SCAN ON A LARGE TABLE: ${large.join(", ")}`
          : scans.length
            ? `no Seq Scan on a large table (small: ${[...new Set(scans)].join(", ")})`
            : "no Seq Scan";
        lines.push(`    [${index + 1}] ${verdict}`);
        lines.push(...plan.map((line) => `      ${line}`));
      }
    }
    const sizeNote = ["medications", "pharmacies", "prices"]
      .map((table) => `${table} ${(sizes.get(table) ?? 0).toLocaleString("en-GB")}`)
      .join(", ");
    return { text: `  rows (planner's estimate): ${sizeNote}\n${lines.join("\n")}`, largeSeqScans };
  } finally {
    await connection.close();
  }
}
