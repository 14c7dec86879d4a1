import type { PharmacyPage, PharmacyPageMedication } from "@pharmacompare/contract";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { medications, pharmacies, prices, subcategories } from "../../db/schema.ts";
import { byName, priceIsPublic } from "../../domain/public-filters.ts";
import type { PharmacyService } from "../catalogue/index.ts";
import type { PriceFreshness } from "../prices/index.ts";

/** A pharmacy's public page (GET /api/pages/pharmacy/{id}): the pharmacy and what it sells. */
export function createPharmacyPageService(
  db: Database,
  deps: { pharmacies: PharmacyService; freshness: PriceFreshness },
) {
  return {
    /** Null when the pharmacy is unknown or switched off. */
    async load(id: string): Promise<PharmacyPage | null> {
      const pharmacy = await deps.pharmacies.getPublic(id);
      if (!pharmacy) return null;

      // Every price a visitor can see here, each medication's best first: in stock before out of
      // stock (a visitor can buy only the first), then cheapest, then in the medication's own
      // dosage order.
      const rows = await db
        .select({
          medicationId: medications.id,
          name: medications.name,
          form: medications.form,
          legalCategory: medications.legalCategory,
          subcategoryId: subcategories.id,
          subcategoryName: subcategories.name,
          dosage: prices.dosage,
          price: prices.price,
          inStock: prices.inStock,
          lastUpdated: prices.lastUpdated,
          lastConfirmed: prices.lastConfirmed,
        })
        .from(prices)
        .innerJoin(medications, eq(medications.id, prices.medicationId))
        .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
        .innerJoin(subcategories, eq(subcategories.id, medications.subcategoryId))
        .where(and(eq(prices.pharmacyId, id), priceIsPublic, deps.freshness.listed()))
        .orderBy(
          byName(medications.name),
          asc(medications.id),
          desc(prices.inStock),
          asc(prices.price),
          asc(sql`array_position(${medications.dosages}, ${prices.dosage})`),
        );

      const listed = new Map<string, PharmacyPageMedication>();
      for (const row of rows) {
        const seen = listed.get(row.medicationId);
        if (seen) {
          seen.dosageCount += 1;
          continue;
        }
        listed.set(row.medicationId, {
          medicationId: row.medicationId,
          name: row.name,
          form: row.form as PharmacyPageMedication["form"],
          legalCategory: row.legalCategory as PharmacyPageMedication["legalCategory"],
          subcategoryId: row.subcategoryId,
          subcategoryName: row.subcategoryName,
          dosageCount: 1,
          cheapest: {
            dosage: row.dosage,
            price: row.price,
            inStock: row.inStock,
            lastUpdated: row.lastUpdated.toISOString(),
            lastConfirmed: row.lastConfirmed.toISOString(),
            mayBeOutOfDate: deps.freshness.mayBeOutOfDate(row.lastConfirmed),
          },
        });
      }
      return { pharmacy, medications: [...listed.values()] };
    },
  };
}
