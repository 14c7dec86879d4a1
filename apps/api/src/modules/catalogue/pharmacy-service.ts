import type { Pharmacy } from "@pharmacompare/contract";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { pharmacies } from "../../db/schema.ts";
import { byName, pharmacyIsPublic } from "../../domain/public-filters.ts";

export type PharmacyService = ReturnType<typeof createPharmacyService>;

type PharmacyRow = typeof pharmacies.$inferSelect;

/** A pharmacy as stored, in the specifications' field names: its GPhC number may still be missing. */
export type StoredPharmacy = Omit<Pharmacy, "gphcNumber"> & { gphcNumber: string | null };

export function toStoredPharmacy(row: PharmacyRow): StoredPharmacy {
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
    consultationFee: row.consultationFee,
    consultationFeeBasis: row.consultationFeeBasis as Pharmacy["consultationFeeBasis"],
    gphcNumber: row.gphcNumber,
    cqcNumber: row.cqcNumber,
    // Links to it carry its referral parameters and rel="sponsored" (decision 044).
    sponsored: row.referralParams !== "",
    // Prescription-only visits start at its consultation (decision 058); the address stays private.
    startsAtConsultation: row.consultationUrl !== "",
  };
}

/**
 * A pharmacy a public read selected with `pharmacyIsPublic`, so it has its GPhC number; one
 * without would break the public `Pharmacy` schema, so it is a programming error, never shown.
 */
function toPharmacy(row: PharmacyRow): Pharmacy {
  const { gphcNumber, ...stored } = toStoredPharmacy(row);
  if (gphcNumber === null) throw new Error(`Pharmacy "${row.id}" is not public: it has no GPhC number`);
  return { ...stored, gphcNumber };
}

export function createPharmacyService(db: Database) {
  return {
    /** Public pharmacies (active and registered) by name. */
    async listPublic(): Promise<Pharmacy[]> {
      const rows = await db
        .select()
        .from(pharmacies)
        .where(pharmacyIsPublic)
        .orderBy(byName(pharmacies.name), asc(pharmacies.id));
      return rows.map(toPharmacy);
    },

    /** Null when unknown, switched off or not yet registered: the visitor sees the same 404. */
    async getPublic(id: string): Promise<Pharmacy | null> {
      const [row] = await db
        .select()
        .from(pharmacies)
        .where(and(eq(pharmacies.id, id), pharmacyIsPublic));
      return row ? toPharmacy(row) : null;
    },

    /** Public pharmacies, best rated first, ties by name. */
    async topRated(limit: number): Promise<Pharmacy[]> {
      const rows = await db
        .select()
        .from(pharmacies)
        .where(pharmacyIsPublic)
        .orderBy(desc(pharmacies.rating), byName(pharmacies.name), asc(pharmacies.id))
        .limit(limit);
      return rows.map(toPharmacy);
    },
  };
}
