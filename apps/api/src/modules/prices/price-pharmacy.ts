import type { PricePharmacy } from "@pharmacompare/contract";
import { sql } from "drizzle-orm";
import { pharmacies } from "../../db/schema.ts";

/*
 * The pharmacy as a price row carries it, read by the public price reads and the back-office's
 * price list alike. It lives with prices, not with the catalogue's pharmacy reads, so the
 * catalogue's editors may use prices without prices reaching back into the catalogue.
 */

/** Columns of the pharmacy nested in a price record, for joins (read back with `toPricePharmacy`). */
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
  sponsored: sql<boolean>`(${pharmacies.referralParams} <> '')`,
  startsAtConsultation: sql<boolean>`(${pharmacies.consultationUrl} <> '')`,
  consultationFee: pharmacies.consultationFee,
  consultationFeeBasis: pharmacies.consultationFeeBasis,
} satisfies Record<keyof PricePharmacy, unknown>;

type PricePharmacyRow = Omit<PricePharmacy, "gphcNumber" | "consultationFeeBasis"> & {
  gphcNumber: string | null;
  /** The column's text, which its CHECK keeps to the contract's list. */
  consultationFeeBasis?: string;
};

/**
 * The pharmacy of a price row. Public reads only select registered pharmacies; the back-office's
 * price rows may name one still without its GPhC number, which is then left out.
 */
export function toPricePharmacy({
  gphcNumber,
  consultationFeeBasis,
  ...pharmacy
}: PricePharmacyRow): PricePharmacy {
  const basis = consultationFeeBasis as PricePharmacy["consultationFeeBasis"];
  const withBasis = basis === undefined ? pharmacy : { ...pharmacy, consultationFeeBasis: basis };
  return gphcNumber === null ? withBasis : { ...withBasis, gphcNumber };
}
