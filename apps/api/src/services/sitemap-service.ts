import type { SitemapSources } from "@pharmacompare/contract";
import { and, asc, desc, eq, max, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { blogPosts, categories, medications, pharmacies, prices, subcategories } from "../db/schema.ts";
import { byName, medicationIsPublic, pharmacyIsPublic, priceIsPublic } from "./public-filters.ts";

/** What search engines may crawl, and when each page last changed (GET /api/pages/sitemap). */
export function createSitemapService(db: Database) {
  return {
    async sources(): Promise<SitemapSources> {
      // A pharmacy's page lists its public prices, so it changes with its row or any of them.
      const newestPublicPrice = db
        .select({ at: max(prices.lastUpdated) })
        .from(prices)
        .innerJoin(medications, eq(medications.id, prices.medicationId))
        .where(and(eq(prices.pharmacyId, pharmacies.id), priceIsPublic));
      const [conditionRows, medicationRows, postRows, pharmacyRows] = await Promise.all([
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
      };
    },
  };
}
