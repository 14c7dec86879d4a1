import {
  buildComparison,
  type Medication,
  type MedicationComparison,
  type Price,
  type PriceMatrix,
  type PriceMatrixRow,
  type RecentPriceUpdate,
} from "@pharmacompare/contract";
import { and, asc, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { medications, pharmacies, prices } from "../db/schema.ts";
import { pricePharmacyColumns } from "./pharmacy-service.ts";
import { byName, medicationIsPublic } from "./public-filters.ts";

export type PriceService = ReturnType<typeof createPriceService>;

export function createPriceService(db: Database) {
  /**
   * Prices a visitor may see, each with its pharmacy and medication name in the same query:
   * public medication, active pharmacy, a price above 0, and a dosage the medication still lists.
   */
  const selectPublic = (where: SQL | undefined) =>
    db
      .select({ price: prices, pharmacy: pricePharmacyColumns, medicationName: medications.name })
      .from(prices)
      .innerJoin(medications, eq(medications.id, prices.medicationId))
      .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
      .where(
        and(
          medicationIsPublic,
          eq(pharmacies.active, true),
          gt(prices.price, 0),
          sql`${prices.dosage} = any(${medications.dosages})`,
          where,
        ),
      );

  type Row = Awaited<ReturnType<typeof selectPublic>>[number];

  const toPrice = ({ price, pharmacy }: Row): Price => ({
    _id: price.id,
    medicationId: price.medicationId,
    pharmacyId: price.pharmacyId,
    pharmacy,
    dosage: price.dosage,
    price: price.price,
    quantity: price.quantity,
    inStock: price.inStock,
    link: price.link,
    lastUpdated: price.lastUpdated.toISOString(),
  });

  // The contract's cheapestFirst order (price, better rating, name, id), so lists and comparisons agree.
  const cheapestFirst = [
    asc(prices.price),
    desc(pharmacies.rating),
    byName(pharmacies.name),
    asc(pharmacies.id),
    asc(prices.dosage),
  ];

  async function forMedication(medicationId: string, dosage?: string): Promise<Price[]> {
    const rows = await selectPublic(
      and(
        eq(prices.medicationId, medicationId),
        dosage === undefined ? undefined : eq(prices.dosage, dosage),
      ),
    ).orderBy(...cheapestFirst);
    return rows.map(toPrice);
  }

  return {
    /** The condition page's prices: every public price of the medication, cheapest first. */
    forMedication,

    /** One dosage's comparison, by the contract's one rule (Best, differences, saving). */
    async compare(medication: Medication, dosage: string): Promise<MedicationComparison> {
      return buildComparison(medication, dosage, await forMedication(medication.id, dosage));
    },

    /** The cheapest in-stock price for a medication and dosage, or null when none is in stock. */
    async lowest(medicationId: string, dosage: string): Promise<Price | null> {
      const [row] = await selectPublic(
        and(eq(prices.medicationId, medicationId), eq(prices.dosage, dosage), eq(prices.inStock, true)),
      )
        .orderBy(...cheapestFirst)
        .limit(1);
      return row ? toPrice(row) : null;
    },

    /** Every public price of the medication as a dosage × pharmacy grid. */
    async matrix(medication: Medication): Promise<PriceMatrix> {
      const rows = await selectPublic(eq(prices.medicationId, medication.id)).orderBy(
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
          entry = { pharmacy: row.pharmacy, cells: medication.dosage.map(() => null) };
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
      const rows = await selectPublic(undefined)
        .orderBy(
          desc(prices.lastUpdated),
          byName(medications.name),
          asc(prices.medicationId),
          byName(pharmacies.name),
          asc(pharmacies.id),
          asc(prices.dosage),
        )
        .limit(limit);
      return rows.map((row) => ({ ...toPrice(row), medicationName: row.medicationName }));
    },
  };
}
