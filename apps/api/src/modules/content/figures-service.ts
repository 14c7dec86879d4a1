import type { CatalogueFigures } from "@pharmacompare/contract";
import { DAILY_CLAIM_WINDOW_MS, SAVING_PERCENTILE } from "@pharmacompare/contract";
import { and, count, countDistinct, eq, gt, max, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { medications, pharmacies, prices } from "../../db/schema.ts";
import { priceIsPublic } from "../../domain/public-filters.ts";
import type { PriceFreshness } from "../prices/index.ts";

/**
 * The live figures behind the site's headline claims (GET /api/pages/figures), counted over the
 * prices still listed (decision 048), with how many of them were confirmed in the last 24 hours
 * for the "prices updated daily" claim.
 */
export function createFiguresService(db: Database, deps: { freshness: PriceFreshness }) {
  const { freshness } = deps;
  const visiblePrices = () => {
    const dayAgo = new Date(freshness.now().getTime() - DAILY_CLAIM_WINDOW_MS);
    return db
      .select({
        pharmacies: countDistinct(prices.pharmacyId),
        medications: countDistinct(prices.medicationId),
        latest: max(prices.lastUpdated),
        listed: count(),
        confirmedLastDay: count(sql`case when ${gt(prices.lastConfirmed, dayAgo)} then 1 end`),
      })
      .from(prices)
      .innerJoin(medications, eq(medications.id, prices.medicationId))
      .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
      .where(and(priceIsPublic, freshness.listed()));
  };

  return {
    async figures(): Promise<CatalogueFigures> {
      // Each pack two or more pharmacies list in stock: (dearest − cheapest) / dearest.
      const packs = db
        .select({
          saving: sql<number>`(max(${prices.price}) - min(${prices.price})) / max(${prices.price})`.as(
            "saving",
          ),
        })
        .from(prices)
        .innerJoin(medications, eq(medications.id, prices.medicationId))
        .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
        .where(and(priceIsPublic, freshness.listed(), eq(prices.inStock, true)))
        .groupBy(prices.medicationId, prices.dosage)
        .having(sql`count(distinct ${prices.pharmacyId}) >= 2`)
        .as("packs");
      // Not the single largest: one mistyped or clearance row moved "Up to" from 30% to 70% (issue
      // 41). The saving one pack in ten reaches (the 90th percentile, an actual pack's figure).
      const [[counts], [largest]] = await Promise.all([
        visiblePrices(),
        db
          .select({
            saving: sql<
              string | null
            >`percentile_disc(${sql.raw(String(SAVING_PERCENTILE))}) within group (order by ${packs.saving})`,
          })
          .from(packs),
      ]);
      return {
        pharmacies: counts?.pharmacies ?? 0,
        medications: counts?.medications ?? 0,
        // Whole percent, rounded down: the claim must never exceed the saving.
        largestSavingPercent: Math.floor(Number(largest?.saving ?? 0) * 100 + 1e-9),
        latestPriceUpdate: counts?.latest ? new Date(counts.latest).toISOString() : null,
        pricesListed: counts?.listed ?? 0,
        pricesConfirmedLastDay: counts?.confirmedLastDay ?? 0,
        dailyClaimShare: freshness.limits.dailyClaimShare,
      };
    },
  };
}
