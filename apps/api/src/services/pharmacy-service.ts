import type { Pharmacy, PricePharmacy } from "@pharmacompare/contract";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { pharmacies } from "../db/schema.ts";
import { byName } from "./public-filters.ts";

export type PharmacyService = ReturnType<typeof createPharmacyService>;

type PharmacyRow = typeof pharmacies.$inferSelect;

export function toPharmacy(row: PharmacyRow): Pharmacy {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    website: row.website,
    rating: row.rating,
    deliveryOptions: row.deliveryOptions as Pharmacy["deliveryOptions"],
    deliveryTime: row.deliveryTime,
    prescriptionRequired: row.prescriptionRequired,
    active: row.active,
    description: row.description,
    trustpilotUrl: row.trustpilotUrl,
    minOrderValue: row.minOrderValue,
    deliveryFee: row.deliveryFee,
    freeDeliveryThreshold: row.freeDeliveryThreshold,
    gphcNumber: row.gphcNumber,
    cqcNumber: row.cqcNumber,
  };
}

/** Columns of the pharmacy nested in a price record, for joins. */
export const pricePharmacyColumns = {
  id: pharmacies.id,
  name: pharmacies.name,
  website: pharmacies.website,
  rating: pharmacies.rating,
  deliveryTime: pharmacies.deliveryTime,
  prescriptionRequired: pharmacies.prescriptionRequired,
  gphcNumber: pharmacies.gphcNumber,
  deliveryFee: pharmacies.deliveryFee,
  freeDeliveryThreshold: pharmacies.freeDeliveryThreshold,
  minOrderValue: pharmacies.minOrderValue,
} satisfies Record<keyof PricePharmacy, unknown>;

export function createPharmacyService(db: Database) {
  return {
    /** Active pharmacies by name. */
    async listPublic(): Promise<Pharmacy[]> {
      const rows = await db
        .select()
        .from(pharmacies)
        .where(eq(pharmacies.active, true))
        .orderBy(byName(pharmacies.name), asc(pharmacies.id));
      return rows.map(toPharmacy);
    },

    async getPublic(id: string): Promise<Pharmacy | null> {
      const [row] = await db
        .select()
        .from(pharmacies)
        .where(and(eq(pharmacies.id, id), eq(pharmacies.active, true)));
      return row ? toPharmacy(row) : null;
    },

    /** Active pharmacies, best rated first, ties by name. */
    async topRated(limit: number): Promise<Pharmacy[]> {
      const rows = await db
        .select()
        .from(pharmacies)
        .where(eq(pharmacies.active, true))
        .orderBy(desc(pharmacies.rating), byName(pharmacies.name), asc(pharmacies.id))
        .limit(limit);
      return rows.map(toPharmacy);
    },
  };
}
