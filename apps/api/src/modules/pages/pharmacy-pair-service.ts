import { buildPharmacyPair, PAIR_MEDICATION_CHOICES, type PharmacyPair } from "@pharmacompare/contract";
import { badRequest, refuse } from "../../domain/refusal.ts";
import type { CoursePlanService, MedicationService, PharmacyService } from "../catalogue/index.ts";
import type { PriceService } from "../prices/index.ts";

/**
 * Two pharmacies side by side (GET /api/pages/compare, decision 042), assembled by the contract's
 * `buildPharmacyPair` from the same public reads as the condition page.
 */
export function createPharmacyPairService(deps: {
  medications: MedicationService;
  pharmacies: PharmacyService;
  prices: PriceService;
  coursePlans: CoursePlanService;
}) {
  return {
    async load(query: { medication: string; a: string; b: string }): Promise<PharmacyPair> {
      if (query.a === query.b) throw badRequest("Choose two different pharmacies to compare", "b");
      const [medication, a, b] = await Promise.all([
        deps.medications.getPublic(query.medication),
        deps.pharmacies.getPublic(query.a),
        deps.pharmacies.getPublic(query.b),
      ]);
      // Unknown and hidden answer alike (docs/architecture.md), naming which one was not found.
      if (!medication)
        throw refuse(404, `Medication "${query.medication}" not found`, {
          fields: { medication: "not found" },
        });
      if (!a) throw refuse(404, `Pharmacy "${query.a}" not found`, { fields: { a: "not found" } });
      if (!b) throw refuse(404, `Pharmacy "${query.b}" not found`, { fields: { b: "not found" } });
      const [prices, plans, condition] = await Promise.all([
        deps.prices.forMedication(medication.id),
        deps.coursePlans.forMedication(medication.id),
        // The page's medication picker (issue 41): bounded, as a condition page is (decision 024).
        deps.medications.firstOfSubcategory(medication.subcategory, PAIR_MEDICATION_CHOICES),
      ]);
      const medications = condition?.medications ?? [];
      return buildPharmacyPair({ medication, a, b, prices, plans, medications });
    },
  };
}
