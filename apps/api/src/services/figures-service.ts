import type { CatalogueFigures } from "@pharmacompare/contract";
import { and, countDistinct, eq, max, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { medications, pharmacies, prices } from "../db/schema.ts";
import { priceIsPublic } from "./public-filters.ts";

/** The live figures behind the site's headline claims (GET /api/pages/figures). */
export function createFiguresService(db: Database) {
  const visiblePrices = () =>
    db
      .select({
        pharmacies: countDistinct(prices.pharmacyId),
        medications: countDistinct(prices.medicationId),
        latest: max(prices.lastUpdated),
      })
      .from(prices)
      .innerJoin(medications, eq(medications.id, prices.medicationId))
      .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
      .where(priceIsPublic);

  return {
    async figures(): Promise<CatalogueFigures> {
      const packs = db
        .select({
          saving: sql<number>`(max(${prices.price}) - min(${prices.price})) / max(${prices.price})`.as(
            "saving",
          ),
        })
        .from(prices)
        .innerJoin(medications, eq(medications.id, prices.medicationId))
        .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
        .where(and(priceIsPublic, eq(prices.inStock, true)))
        .groupBy(prices.medicationId, prices.dosage)
        .as("packs");
      const [[counts], [largest]] = await Promise.all([
        visiblePrices(),
        db.select({ saving: sql<string | null>`max(${packs.saving})` }).from(packs),
      ]);
      return {
        pharmacies: counts?.pharmacies ?? 0,
        medications: counts?.medications ?? 0,
        // Whole percent, rounded down: the claim must never exceed the saving.
        largestSavingPercent: Math.floor(Number(largest?.saving ?? 0) * 100 + 1e-9),
        latestPriceUpdate: counts?.latest ? new Date(counts.latest).toISOString() : null,
      };
    },
  };
}
