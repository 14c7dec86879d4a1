import type { SitemapSources } from "@pharmacompare/contract";
import { and, asc, desc, eq, max, min, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blogPosts, categories, medications, pharmacies, prices, subcategories } from "../../db/schema.ts";
import { byName, medicationIsPublic, pharmacyIsPublic, priceIsPublic } from "../../domain/public-filters.ts";
import { readIndexSitemap } from "../price-index/index.ts";
import type { PriceFreshness } from "../prices/index.ts";

/** What search engines may crawl, and when each page last changed (GET /api/pages/sitemap). */
export function createSitemapService(db: Database, deps: { freshness: PriceFreshness }) {
  return {
    async sources(): Promise<SitemapSources> {
      // A pharmacy's page lists its public prices, so it changes with its row or any of them.
      const newestPublicPrice = db
        .select({ at: max(prices.lastUpdated) })
        .from(prices)
        .innerJoin(medications, eq(medications.id, prices.medicationId))
        .where(and(eq(prices.pharmacyId, pharmacies.id), priceIsPublic, deps.freshness.listed()));
      const [conditionRows, medicationRows, postRows, pharmacyRows, offerRows] = await Promise.all([
        db
          .select({ subcategoryId: subcategories.id, updatedAt: subcategories.updatedAt })
          .from(subcategories)
          .innerJoin(categories, eq(categories.id, subcategories.categoryId))
          .where(and(eq(subcategories.active, true), eq(categories.active, true)))
          .orderBy(asc(categories.sortOrder), asc(subcategories.sortOrder), asc(subcategories.id)),
        db
          .select({
            subcategoryId: medications.subcategoryId,
            name: medications.name,
            // A medication's page changes with the row or with any of its prices.
            lastmod: sql`greatest(${medications.updatedAt}, max(${prices.lastUpdated}))`.mapWith(
              medications.updatedAt,
            ),
          })
          .from(medications)
          .leftJoin(prices, eq(prices.medicationId, medications.id))
          .where(medicationIsPublic)
          .groupBy(medications.id)
          .orderBy(asc(medications.subcategoryId), byName(medications.name), asc(medications.id)),
        db
          .select({ slug: blogPosts.slug, lastUpdated: blogPosts.lastUpdated })
          .from(blogPosts)
          .where(eq(blogPosts.published, true))
          .orderBy(desc(blogPosts.lastUpdated), asc(blogPosts.slug)),
        db
          .select({
            id: pharmacies.id,
            lastmod: sql`greatest(${pharmacies.updatedAt}, (${newestPublicPrice}))`.mapWith(
              pharmacies.updatedAt,
            ),
          })
          .from(pharmacies)
          .where(pharmacyIsPublic)
          .orderBy(byName(pharmacies.name), asc(pharmacies.id)),
        // Each public pharmacy's lowest public price for each medication, cheapest first.
        db
          .select({
            medicationId: prices.medicationId,
            pharmacyId: prices.pharmacyId,
            lastmod: max(prices.lastUpdated).mapWith(prices.lastUpdated),
          })
          .from(prices)
          .innerJoin(medications, eq(medications.id, prices.medicationId))
          .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
          // Offers only from prices still listed (decision 048).
          .where(and(priceIsPublic, deps.freshness.listed()))
          .groupBy(prices.medicationId, prices.pharmacyId)
          .orderBy(asc(prices.medicationId), asc(min(prices.price)), asc(prices.pharmacyId)),
      ]);

      const newestInCondition = new Map<string, Date>();
      for (const row of medicationRows) {
        const seen = newestInCondition.get(row.subcategoryId);
        if (!seen || row.lastmod > seen) newestInCondition.set(row.subcategoryId, row.lastmod);
      }
      return {
        conditions: conditionRows.map((row) => {
          const newest = newestInCondition.get(row.subcategoryId);
          const lastmod = newest && newest > row.updatedAt ? newest : row.updatedAt;
          return { subcategoryId: row.subcategoryId, lastmod: lastmod.toISOString() };
        }),
        medications: medicationRows.map((row) => ({
          subcategoryId: row.subcategoryId,
          name: row.name,
          lastmod: row.lastmod.toISOString(),
        })),
        pharmacies: pharmacyRows.map((row) => ({ id: row.id, lastmod: row.lastmod.toISOString() })),
        posts: postRows.map((row) => ({ slug: row.slug, lastmod: row.lastUpdated.toISOString() })),
        pairs: comparePairs(offerRows),
        // The price index's months and their conditions (decision 061).
        priceIndex: await readIndexSitemap(db),
      };
    },
  };
}

/** How many compare pages a medication has in the sitemap: its cheapest pharmacy with each of the next. */
const PAIRS_PER_MEDICATION = 4;

/**
 * The compare pages worth listing (decision 042): for each medication, its cheapest pharmacy with
 * each of the next four, both pricing it by construction; ids in order so a pair has one address.
 * Bounded, where every pair of pharmacies would be hundreds a medication.
 */
interface Offer {
  medicationId: string;
  pharmacyId: string;
  lastmod: Date;
}

function comparePairs(offers: readonly Offer[]): SitemapSources["pairs"] {
  const byMedication = new Map<string, Offer[]>();
  for (const offer of offers) {
    const list = byMedication.get(offer.medicationId) ?? [];
    list.push(offer);
    byMedication.set(offer.medicationId, list);
  }
  return [...byMedication.entries()].flatMap(([medicationId, list]) => {
    const [cheapest, ...rest] = list;
    if (!cheapest) return [];
    return rest.slice(0, PAIRS_PER_MEDICATION).map((other) => {
      const [a, b] = [cheapest.pharmacyId, other.pharmacyId].sort();
      const lastmod = other.lastmod > cheapest.lastmod ? other.lastmod : cheapest.lastmod;
      return { medicationId, a: a ?? "", b: b ?? "", lastmod: lastmod.toISOString() };
    });
  });
}
