import { databaseSchema } from "@pharmacompare/api";
import { CATEGORY_TREE, MEDICATION_FORMS } from "@pharmacompare/contract";
import { sql } from "drizzle-orm";
import { withProductDatabase } from "./product.ts";

/**
 * A generated catalogue on top of the demo one, for `npm run bench -- --scale=…`: ×1 is the demo
 * catalogue alone; ×N adds 500·N fictional medications (2–4 dosages each, spread over the demo's
 * categories and subcategories), 3·N pharmacies (at most 300) and prices for each medication and
 * dosage at up to 33 of them. ×100 is 50,000 medications, 300 pharmacies and about 5 million
 * prices; ×10 a tenth of that. The demo rows (what the bench's fixed URLs read) are left as they
 * are, so every scale answers those URLs with the same bytes from ever larger tables.
 */
export interface CatalogueSize {
  medications: number;
  pharmacies: number;
  /** How many pharmacies price each medication and dosage. */
  pricesPerDosage: number;
}

export function catalogueSize(scale: number): CatalogueSize | null {
  if (scale <= 1) return null;
  const pharmacies = Math.min(300, 3 * scale);
  return { medications: 500 * scale, pharmacies, pricesPerDosage: Math.min(33, pharmacies) };
}

const benchMedicationId = (index: number) => `bench-med-${String(index).padStart(5, "0")}`;
const benchPharmacyId = (index: number) => `bench-pharmacy-${String(index).padStart(3, "0")}`;

/** 2, 3 or 4 dosages, as the product shows them. */
function benchDosages(index: number): string[] {
  const strengths = [5, 10, 20, 40];
  return strengths.slice(0, 2 + (index % 3)).map((mg) => `${mg}mg x 28 tablets`);
}

// Invented syllables: 37³ names, enough for 50,000 distinct ones that are no real medicine.
const SYLLABLES = [
  "ba",
  "cor",
  "da",
  "el",
  "fen",
  "ga",
  "hal",
  "ix",
  "jo",
  "ka",
  "lu",
  "mer",
  "no",
  "or",
  "pa",
  "qui",
  "ra",
  "to",
  "ul",
  "va",
  "wex",
  "xa",
  "yo",
  "zen",
  "bri",
  "cla",
  "dro",
  "fla",
  "gru",
  "ply",
  "tre",
  "vo",
  "zu",
  "mo",
  "ne",
  "ri",
  "te",
];
const GENERIC_ENDINGS = [
  "azole",
  "amab",
  "oxetine",
  "olol",
  "pril",
  "sartan",
  "statin",
  "mycin",
  "tidine",
  "parin",
];

function medicationName(index: number): string {
  const n = SYLLABLES.length;
  const word = `${SYLLABLES[index % n]}${SYLLABLES[Math.floor(index / n) % n]}${SYLLABLES[Math.floor(index / (n * n)) % n]}`;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const subcategoryList = CATEGORY_TREE.flatMap((category) =>
  category.subcategories.map((sub) => ({ categoryId: category.id, subcategoryId: sub.id })),
);

function medicationRow(index: number) {
  const place = subcategoryList[index % subcategoryList.length] as (typeof subcategoryList)[number];
  const name = medicationName(index);
  return {
    id: benchMedicationId(index),
    name,
    genericName: `${SYLLABLES[(index * 7) % SYLLABLES.length]}${GENERIC_ENDINGS[index % GENERIC_ENDINGS.length]}`,
    categoryId: place.categoryId,
    subcategoryId: place.subcategoryId,
    form: MEDICATION_FORMS[index % MEDICATION_FORMS.length] as string,
    description: `${name} is a fictional medication generated for the benchmark.`,
    dosages: benchDosages(index),
  };
}

function pharmacyRow(index: number) {
  return {
    id: benchPharmacyId(index),
    name: `Bench Pharmacy ${index + 1}`,
    website: `https://www.bench-pharmacy-${index + 1}.example`,
    rating: 3 + (index % 21) / 10,
    deliveryOptions: ["standard"],
    // 7 digits starting with 1, from the 18xxxxx block (the demo's are 19xxxxx): unique and fictional.
    gphcNumber: `18${String(index).padStart(5, "0")}`,
  };
}

/** Rows per multi-row insert: 8 columns × 2,000 stays far under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 2000;
/** Medications whose prices one INSERT … SELECT writes (about 200,000 rows at ×100). */
const MEDICATIONS_PER_PRICE_BATCH = 2000;

export interface LoadSummary extends CatalogueSize {
  prices: number;
  ms: number;
}

/**
 * Migrates and seeds the database the product will open (as scripts/e2e-server.ts does), adds
 * the generated catalogue, refreshes the planner's statistics and closes it again (PGlite admits
 * one process: its owner.pid lock goes on close).
 */
export async function loadCatalogue(
  target: { dataDir: string; databaseUrl?: string | undefined },
  scale: number,
): Promise<LoadSummary | null> {
  const size = catalogueSize(scale);
  // The demo catalogue first, as the product's own start would seed it.
  return withProductDatabase(target, async (database) => {
    if (!size) return null;
    const started = performance.now();
    const { db } = database;
    const { medications, pharmacies, prices } = databaseSchema;
    await db.transaction(async (tx) => {
      const rows = Array.from({ length: size.pharmacies }, (_, i) => pharmacyRow(i));
      await tx.insert(pharmacies).values(rows);
      for (let from = 0; from < size.medications; from += ROWS_PER_INSERT) {
        const count = Math.min(ROWS_PER_INSERT, size.medications - from);
        await tx.insert(medications).values(Array.from({ length: count }, (_, i) => medicationRow(from + i)));
      }
    });
    // Prices are made in the database from the rows just written: for medication m and its
    // dosage d, pharmacies (7m + 13d + k) mod P for k < K, each a distinct one, priced £5.00–£94.99.
    const P = size.pharmacies;
    const K = size.pricesPerDosage;
    let priceCount = 0;
    for (let from = 0; from < size.medications; from += MEDICATIONS_PER_PRICE_BATCH) {
      const to = Math.min(size.medications, from + MEDICATIONS_PER_PRICE_BATCH);
      await db.transaction(async (tx) => {
        // The product's 15 s statement cap (db/client.ts) is for requests: a batch on a busy shared
        // machine can take longer. PGlite has no such cap and takes the setting all the same.
        await tx.execute(sql`set local statement_timeout = 0`);
        const result = await tx.execute(sql`
          insert into ${prices} (medication_id, pharmacy_id, dosage, price, in_stock, last_updated, created_at)
          select m.id,
                 'bench-pharmacy-' || lpad(((m.n * 7 + d.i * 13 + k) % ${P})::text, 3, '0'),
                 d.dosage,
                 5 + ((m.n * 31 + d.i * 17 + k * 7) % 9000) / 100.0,
                 k % 10 <> 9,
                 now() - make_interval(mins => (m.n * 13 + k * 101) % 100000),
                 now()
          from (select id, dosages, substring(id from 11)::int as n from ${medications}
                where id >= ${benchMedicationId(from)} and id < ${benchMedicationId(to)}) m
          cross join lateral unnest(m.dosages) with ordinality as d(dosage, i)
          cross join generate_series(0, ${K - 1}) as k`);
        // node-postgres says rowCount, PGlite affectedRows.
        const counted = result as { rowCount?: number | null; affectedRows?: number };
        priceCount += counted.rowCount ?? counted.affectedRows ?? 0;
      });
    }
    // PGlite has no autovacuum: without this its planner would still think the tables were tiny.
    await db.execute(sql`analyze`);
    return { ...size, prices: priceCount, ms: performance.now() - started };
  });
}
