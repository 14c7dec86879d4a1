import {
  buildComparison,
  type IntroductoryTerms,
  introductoryProblem,
  type Medication,
  type MedicationComparison,
  type PRICE_SOURCES,
  type Price,
  type PriceMatrix,
  type PriceMatrixRow,
  type RecentPriceUpdate,
} from "@pharmacompare/contract";
import { and, asc, desc, eq, inArray, min, type SQL } from "drizzle-orm";
import {
  type CacheTag,
  conditionTag,
  medicationTag,
  PRICE_LISTS_TAG,
  pharmacyTag,
} from "../../cache/cache-tags.ts";
import { publicDataChanged } from "../../cache/data-version.ts";
import type { Database } from "../../db/client.ts";
import { medications, pharmacies, priceHistory, prices } from "../../db/schema.ts";
import { byName, priceIsPublic } from "../../domain/public-filters.ts";
import { refuse } from "../../domain/refusal.ts";
import type { PriceFreshness } from "./price-freshness.ts";
import { pricePharmacyColumns, toPricePharmacy } from "./price-pharmacy.ts";

/**
 * Prices a visitor may see, each with its pharmacy and medication name in the same query:
 * public medication, public pharmacy, a price above 0, a dosage the medication still lists, and
 * confirmed recently enough (`current`: the freshness module's `listed()`, or `fresh()` for
 * alerts; decision 048). `db` may be a transaction (the price-write path reads through its own).
 */
const selectPublic = (db: Database, current: SQL, where: SQL | undefined) =>
  db
    .select({ price: prices, pharmacy: pricePharmacyColumns, medicationName: medications.name })
    .from(prices)
    .innerJoin(medications, eq(medications.id, prices.medicationId))
    .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
    .where(and(priceIsPublic, current, where));

type Row = Awaited<ReturnType<typeof selectPublic>>[number];

/**
 * A stored price and its pharmacy (`pricePharmacyColumns`) as the contract's Price: the one
 * mapper of the public reads and the back-office's rows (admin-price-service.ts). Public reads say
 * when it was last confirmed and, given the freshness rule, whether it may be out of date
 * (decision 048); the back-office's rows carry neither.
 */
export const toPrice = (
  { price, pharmacy }: Pick<Row, "price" | "pharmacy">,
  said: { confirmed: boolean; freshness?: PriceFreshness | undefined },
): Price => ({
  _id: price.id,
  medicationId: price.medicationId,
  pharmacyId: price.pharmacyId,
  pharmacy: toPricePharmacy(pharmacy),
  dosage: price.dosage,
  price: price.price,
  introductoryPrice: price.introductoryPrice,
  // The column's text, which its CHECK keeps to the contract's list.
  introductoryTerms: price.introductoryTerms as Price["introductoryTerms"],
  quantity: price.quantity,
  inStock: price.inStock,
  link: price.link,
  lastUpdated: price.lastUpdated.toISOString(),
  ...(said.confirmed ? { lastConfirmed: price.lastConfirmed.toISOString() } : {}),
  ...(said.confirmed && said.freshness
    ? { mayBeOutOfDate: said.freshness.mayBeOutOfDate(price.lastConfirmed) }
    : {}),
});

// The contract's cheapestFirst order (price, better rating, name, id), so lists and comparisons agree.
const cheapestFirst = [
  asc(prices.price),
  desc(pharmacies.rating),
  byName(pharmacies.name),
  asc(pharmacies.id),
  asc(prices.dosage),
];

/**
 * The cheapest in-stock price a visitor can see for a medication and dosage, or null when none is
 * in stock. What alerts are set against and fire on; `db` may be a transaction. `current` is the
 * freshness condition: `listed()` for what a visitor sees, `fresh()` for what an alert may fire on
 * (a stale price never fires one, decision 048).
 */
export async function lowestPrice(
  db: Database,
  current: SQL,
  medicationId: string,
  dosage: string,
): Promise<Price | null> {
  const [row] = await selectPublic(
    db,
    current,
    and(eq(prices.medicationId, medicationId), eq(prices.dosage, dosage), eq(prices.inStock, true)),
  )
    .orderBy(...cheapestFirst)
    .limit(1);
  return row ? toPrice(row, { confirmed: true }) : null;
}

/** One price to set: an upsert of the (medication, pharmacy, dosage) row, or its removal. */
export type PriceChange =
  | {
      medicationId: string;
      pharmacyId: string;
      dosage: string;
      price: number;
      /** Left as stored when omitted (true for a new row). */
      inStock?: boolean;
      link?: string | null;
      quantity?: number;
      /**
       * The introductory price and its terms (decision 057), set together; left out, the stored
       * pair is kept. Callers check the pair against the ongoing price first
       * (`introductoryConflicts`); the write refuses what would break the CHECK, never a 500.
       */
      introductory?: { price: number; terms: IntroductoryTerms } | null;
      remove?: false;
    }
  | { medicationId: string; pharmacyId: string; dosage: string; remove: true };

/** Who says a price: a feed, a price sheet or staff (kept on the row as `confirmed_by`). */
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** What a price write did. */
export interface PriceWriteResult {
  /** Rows inserted or updated (removals and re-confirmations not counted). */
  written: number;
  /** Rows that already said exactly this: only their `last_confirmed` moved (no history row). */
  confirmed: number;
  removed: number;
  /** Alerts this write triggered (their emails are queued in the same transaction). */
  triggeredAlerts: string[];
}

/** What the price-write path calls after the prices change, in the same transaction. */
export type PricesChanged = (
  tx: Database,
  watched: { medicationId: string; dosage: string }[],
  at: Date,
) => Promise<string[]>;

export type PriceService = ReturnType<typeof createPriceService>;

export function createPriceService(
  db: Database,
  options: {
    now: () => Date;
    freshness: PriceFreshness;
    pricesChanged: PricesChanged;
    /** Called with the count after each row a write stores, inside its transaction (fault injection). */
    rowWritten?: (count: number) => void;
  },
) {
  const { freshness } = options;
  async function forMedication(medicationId: string, dosage?: string): Promise<Price[]> {
    const rows = await selectPublic(
      db,
      freshness.listed(),
      and(
        eq(prices.medicationId, medicationId),
        dosage === undefined ? undefined : eq(prices.dosage, dosage),
      ),
    ).orderBy(...cheapestFirst);
    return rows.map((row) => toPrice(row, { confirmed: true, freshness }));
  }

  return {
    /** The condition page's prices: every public price of the medication, cheapest first. */
    forMedication,

    /** One dosage's comparison, by the contract's one rule (Best, differences, saving). */
    async compare(medication: Medication, dosage: string): Promise<MedicationComparison> {
      return buildComparison(medication, dosage, await forMedication(medication.id, dosage));
    },

    /** The cheapest in-stock price for a medication and dosage, or null when none is in stock. */
    lowest: (medicationId: string, dosage: string) =>
      lowestPrice(db, freshness.listed(), medicationId, dosage),

    /**
     * The cheapest in-stock price visitors see (public and listed) for each dosage of these
     * medications, keyed `JSON.stringify([medicationId, dosage])`: what a feed's first price for a
     * pair is compared with (issue 42). `on` may be a transaction; one grouped query for them all.
     */
    async lowestByPair(on: Database, medicationIds: readonly string[]): Promise<Map<string, number>> {
      if (medicationIds.length === 0) return new Map();
      const rows = await on
        .select({ medicationId: prices.medicationId, dosage: prices.dosage, lowest: min(prices.price) })
        .from(prices)
        .innerJoin(medications, eq(medications.id, prices.medicationId))
        .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
        .where(
          and(
            priceIsPublic,
            freshness.listed(),
            eq(prices.inStock, true),
            inArray(prices.medicationId, [...medicationIds]),
          ),
        )
        .groupBy(prices.medicationId, prices.dosage);
      return new Map(
        rows.flatMap((row) =>
          row.lowest === null ? [] : [[JSON.stringify([row.medicationId, row.dosage]), Number(row.lowest)]],
        ),
      );
    },

    /** Every public price of the medication as a dosage × pharmacy grid. */
    async matrix(medication: Medication): Promise<PriceMatrix> {
      const rows = await selectPublic(db, freshness.listed(), eq(prices.medicationId, medication.id)).orderBy(
        byName(pharmacies.name),
        asc(pharmacies.id),
      );
      const column = new Map(medication.dosage.map((dosage, index) => [dosage, index]));
      const lowest: (number | null)[] = medication.dosage.map(() => null);
      const byPharmacy = new Map<string, PriceMatrixRow>();
      for (const row of rows) {
        const index = column.get(row.price.dosage);
        if (index === undefined) continue;
        let entry = byPharmacy.get(row.pharmacy.id);
        if (!entry) {
          entry = { pharmacy: toPricePharmacy(row.pharmacy), cells: medication.dosage.map(() => null) };
          byPharmacy.set(row.pharmacy.id, entry);
        }
        const { price } = row;
        entry.cells[index] = {
          _id: price.id,
          price: price.price,
          inStock: price.inStock,
          link: price.link,
          lastUpdated: price.lastUpdated.toISOString(),
        };
        const best = lowest[index] ?? null;
        if (price.inStock && (best === null || price.price < best)) lowest[index] = price.price;
      }
      return {
        medicationId: medication.id,
        medicationName: medication.name,
        dosages: medication.dosage,
        lowest,
        rows: [...byPharmacy.values()],
      };
    },

    /** The most recently updated public prices, newest first. */
    async recentUpdates(limit: number): Promise<RecentPriceUpdate[]> {
      const rows = await selectPublic(db, freshness.listed(), undefined)
        .orderBy(
          desc(prices.lastUpdated),
          byName(medications.name),
          asc(prices.medicationId),
          byName(pharmacies.name),
          asc(pharmacies.id),
          asc(prices.dosage),
        )
        .limit(limit);
      return rows.map((row) => ({
        ...toPrice(row, { confirmed: true, freshness }),
        medicationName: row.medicationName,
      }));
    },

    /**
     * A feed that answered "not modified" still says every price it said last time (decision 045):
     * the pharmacy's prices it last confirmed are confirmed again, inside the caller's transaction.
     * No price changes, so no history row, no alert run. Answers the rows confirmed.
     */
    async reconfirm(tx: Database, pharmacyId: string, source: PriceSource, at: Date): Promise<number> {
      const rows = await tx
        .update(prices)
        .set({ lastConfirmed: at })
        .where(and(eq(prices.pharmacyId, pharmacyId), eq(prices.confirmedBy, source)))
        .returning({ id: prices.id });
      if (rows.length > 0) {
        // Reconfirmed prices say "checked …" anew: that pharmacy's prices, wherever they show.
        const medicationIds = await tx
          .selectDistinct({ id: prices.medicationId })
          .from(prices)
          .where(eq(prices.pharmacyId, pharmacyId));
        await publicDataChanged(
          tx,
          await priceTags(
            tx,
            medicationIds.map(({ id }) => ({ medicationId: id, pharmacyId })),
          ),
        );
      }
      return rows.length;
    },

    /**
     * The one price-write path (decision 013): every change to `prices` (the back-office's edits,
     * bulk updates, imports, feeds) goes through here, inside the caller's transaction. It sets the
     * rows, appends each new price to `price_history`, then re-evaluates the price alerts of every
     * medication and dosage it touched (`pricesChanged`): confirmed active alerts whose target is
     * at or above the new lowest in-stock price are marked triggered and their emails queued, all
     * in the same transaction, and bumps the public data version (cache/data-version.ts). A row
     * that already says exactly what the change says is only re-confirmed (`last_confirmed` and
     * `confirmed_by` move, decision 045): no history row, no alert run, `last_updated` stays. Only
     * the demo seeder writes prices any other way.
     */
    async write(
      tx: Database,
      changes: PriceChange | PriceChange[],
      at: Date = options.now(),
      source: PriceSource = "staff",
    ): Promise<PriceWriteResult> {
      // In key order, so two writes of overlapping rows lock them in the same order.
      const key = (c: PriceChange) => JSON.stringify([c.medicationId, c.pharmacyId, c.dosage]);
      const list = [changes].flat().sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
      let written = 0;
      let removed = 0;
      let confirmed = 0;
      const touched: PriceChange[] = [];
      for (const change of list) {
        const row = and(
          eq(prices.medicationId, change.medicationId),
          eq(prices.pharmacyId, change.pharmacyId),
          eq(prices.dosage, change.dosage),
        );
        if (change.remove) {
          removed += (await tx.delete(prices).where(row).returning({ id: prices.id })).length;
          touched.push(change);
          continue;
        }
        const [current] = await tx
          .select({
            price: prices.price,
            inStock: prices.inStock,
            link: prices.link,
            quantity: prices.quantity,
            introductoryPrice: prices.introductoryPrice,
            introductoryTerms: prices.introductoryTerms,
          })
          .from(prices)
          .where(row)
          .for("update");
        const introductory =
          change.introductory === undefined
            ? {}
            : {
                introductoryPrice: change.introductory?.price ?? null,
                introductoryTerms: change.introductory?.terms ?? null,
              };
        const problem = introductoryProblem({
          price: change.price,
          introductoryPrice: introductory.introductoryPrice ?? null,
          introductoryTerms: introductory.introductoryTerms ?? null,
          ...(change.introductory === undefined && current
            ? { introductoryPrice: current.introductoryPrice, introductoryTerms: current.introductoryTerms }
            : {}),
        });
        if (problem) {
          throw refuse(400, `The introductory price of ${change.dosage} ${problem.message}`, {
            fields: { [problem.field]: problem.message },
          });
        }
        const same =
          current !== undefined &&
          current.price === change.price &&
          (change.inStock === undefined || change.inStock === current.inStock) &&
          (change.link === undefined || change.link === current.link) &&
          (change.quantity === undefined || change.quantity === current.quantity) &&
          (change.introductory === undefined ||
            (introductory.introductoryPrice === current.introductoryPrice &&
              introductory.introductoryTerms === current.introductoryTerms));
        if (same) {
          await tx.update(prices).set({ lastConfirmed: at, confirmedBy: source }).where(row);
          confirmed += 1;
          continue;
        }
        const [stored] = await tx
          .insert(prices)
          .values({
            medicationId: change.medicationId,
            pharmacyId: change.pharmacyId,
            dosage: change.dosage,
            price: change.price,
            inStock: change.inStock ?? true,
            link: change.link ?? null,
            quantity: change.quantity ?? 1,
            ...introductory,
            lastUpdated: at,
            lastConfirmed: at,
            confirmedBy: source,
            createdAt: at,
          })
          .onConflictDoUpdate({
            target: [prices.medicationId, prices.pharmacyId, prices.dosage],
            set: {
              price: change.price,
              ...(change.inStock === undefined ? {} : { inStock: change.inStock }),
              ...(change.link === undefined ? {} : { link: change.link }),
              ...(change.quantity === undefined ? {} : { quantity: change.quantity }),
              ...introductory,
              lastUpdated: at,
              lastConfirmed: at,
              confirmedBy: source,
            },
          })
          .returning({ price: prices.price, inStock: prices.inStock });
        if (!stored) throw new Error("The price was not stored");
        await tx.insert(priceHistory).values({
          medicationId: change.medicationId,
          pharmacyId: change.pharmacyId,
          dosage: change.dosage,
          price: stored.price,
          inStock: stored.inStock,
          recordedAt: at,
        });
        written += 1;
        touched.push(change);
        options.rowWritten?.(written);
      }
      // Public reads show prices: the caches learn at commit (the audited writer announces it).
      if (list.length > 0) await publicDataChanged(tx, await priceTags(tx, list));
      const watched = new Map(touched.map((c) => [JSON.stringify([c.medicationId, c.dosage]), c]));
      const triggeredAlerts =
        watched.size === 0
          ? []
          : await options.pricesChanged(
              tx,
              [...watched.values()].map(({ medicationId, dosage }) => ({ medicationId, dosage })),
              at,
            );
      return { written, confirmed, removed, triggeredAlerts };
    },
  };
}

/**
 * What a price write touched (decision 063): each medication's pages, its condition's, each
 * pharmacy's page, and the catalogue-wide price lists. A feed of many rows names too many and
 * becomes `site` (cache-tags.ts).
 */
async function priceTags(
  tx: Database,
  changes: readonly { medicationId: string; pharmacyId: string }[],
): Promise<CacheTag[]> {
  const medicationIds = [...new Set(changes.map((change) => change.medicationId))];
  const conditions = await tx
    .selectDistinct({ subcategoryId: medications.subcategoryId })
    .from(medications)
    .where(inArray(medications.id, medicationIds));
  return [
    PRICE_LISTS_TAG,
    ...medicationIds.map(medicationTag),
    ...conditions.map((row) => conditionTag(row.subcategoryId)),
    ...new Set(changes.map((change) => pharmacyTag(change.pharmacyId))),
  ];
}
