import type { Medication, Price, PricePharmacy } from "@pharmacompare/contract";
import { type CatalogueSnapshot, snapshotPriceId } from "./snapshot.ts";
import { fallbackCategories } from "./taxonomy.ts";

/**
 * The last link of the start-up chain: built-in sample data for when neither the API nor the
 * static file can be read (public site §4, §9: prices about £12.99 to £42.50, ratings 3.9 to 4.5,
 * last updated 2024-01-15). Pages using it say the prices are examples, not live offers.
 */
export const SAMPLE_LAST_UPDATED = "2024-01-15T00:00:00.000Z";

const pharmacies: PricePharmacy[] = [
  sample("kestrel-lane-pharmacy", "Kestrel Lane Pharmacy", 4.5, "1-2 days"),
  sample("bramblewick-chemist", "Bramblewick Chemist", 4.2, "2-4 days"),
  sample("harbourlight-meds", "Harbourlight Meds", 4.1, "1-3 days"),
  sample("copperwren-dispensary", "Copperwren Dispensary", 3.9, "2-4 days"),
];

function sample(id: string, name: string, rating: number, deliveryTime: string): PricePharmacy {
  return { id, name, website: "#", rating, deliveryTime, prescriptionRequired: true };
}

function medication(
  fields: Pick<Medication, "id" | "name" | "genericName" | "subcategory" | "form" | "description" | "dosage">,
): Medication {
  const category = fallbackCategories.find((entry) =>
    entry.subcategories.some((subcategory) => subcategory.id === fields.subcategory),
  );
  // All four samples are prescription-only in the UK (orlistat at 120mg); unknown would read POM too.
  return {
    ...fields,
    _id: fields.id,
    category: category?.id ?? "general-health",
    active: true,
    legalCategory: "POM",
  };
}

const sampleMedications: Medication[] = [
  medication({
    id: "sildenafil",
    name: "Sildenafil",
    genericName: "Sildenafil",
    subcategory: "erectile-dysfunction",
    form: "Tablets",
    description: "Generic sildenafil tablets for erectile dysfunction. Prescription-only medicine.",
    dosage: ["50mg x 8 tablets", "100mg x 8 tablets"],
  }),
  medication({
    id: "tadalafil",
    name: "Tadalafil",
    genericName: "Tadalafil",
    subcategory: "erectile-dysfunction",
    form: "Tablets",
    description: "Generic tadalafil tablets for erectile dysfunction. Prescription-only medicine.",
    dosage: ["10mg x 4 tablets", "20mg x 4 tablets"],
  }),
  medication({
    id: "finasteride",
    name: "Finasteride",
    genericName: "Finasteride",
    subcategory: "hair-loss",
    form: "Tablets",
    description: "Finasteride 1mg tablets for male pattern hair loss. Prescription-only medicine.",
    dosage: ["1mg x 28 tablets", "1mg x 84 tablets"],
  }),
  medication({
    id: "orlistat",
    name: "Orlistat",
    genericName: "Orlistat",
    subcategory: "weight-loss-medications",
    form: "Capsules",
    description: "Orlistat 120mg capsules, taken with meals as part of a weight loss plan.",
    dosage: ["120mg x 84 capsules"],
  }),
];

/** [medication id, dosage, price at each of the four sample pharmacies, in their order]. */
const priceTable: [string, string, number, number, number, number][] = [
  ["sildenafil", "50mg x 8 tablets", 12.99, 14.5, 13.75, 15.99],
  ["sildenafil", "100mg x 8 tablets", 15.99, 17.25, 16.49, 18.99],
  ["tadalafil", "10mg x 4 tablets", 19.99, 22.5, 21.0, 24.99],
  ["tadalafil", "20mg x 4 tablets", 24.99, 27.5, 25.75, 29.99],
  ["finasteride", "1mg x 28 tablets", 17.99, 19.5, 18.25, 21.0],
  ["finasteride", "1mg x 84 tablets", 36.99, 39.99, 38.5, 42.5],
  ["orlistat", "120mg x 84 capsules", 34.99, 38.5, 36.75, 40.99],
];

const samplePrices: Price[] = priceTable.flatMap(([medicationId, dosage, ...amounts]) =>
  amounts.map((price, index): Price => {
    const pharmacy = pharmacies[index] as PricePharmacy;
    return {
      _id: snapshotPriceId(medicationId, pharmacy.id, dosage),
      medicationId,
      pharmacyId: pharmacy.id,
      pharmacy,
      dosage,
      price,
      quantity: 1,
      inStock: true,
      link: null,
      lastUpdated: SAMPLE_LAST_UPDATED,
    };
  }),
);

export const sampleCatalogue: CatalogueSnapshot = {
  categories: fallbackCategories,
  medications: sampleMedications,
  prices: samplePrices,
};
