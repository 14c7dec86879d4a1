import {
  assembleConditionPage,
  type ComparisonSort,
  type ConditionPage,
  findCondition,
} from "@pharmacompare/contract";
import type { AdminMessageService } from "./admin-message-service.ts";
import type { CategoryService } from "./category-service.ts";
import type { MedicationService } from "./medication-service.ts";
import type { PriceService } from "./price-service.ts";

export type ConditionPageService = ReturnType<typeof createConditionPageService>;

/**
 * The condition page in one answer (decision 012), assembled by the contract's function so the
 * web's fallback data makes exactly the same page from its static file.
 */
export function createConditionPageService(deps: {
  categories: CategoryService;
  medications: MedicationService;
  prices: PriceService;
  adminMessages: AdminMessageService;
}) {
  return {
    /** Null when the condition is unknown or not public. */
    async load(
      subcategoryId: string,
      query: {
        medication?: string | undefined;
        dosage?: string | undefined;
        sort?: ComparisonSort | undefined;
      },
    ): Promise<ConditionPage | null> {
      const medications = await deps.medications.listBySubcategory(subcategoryId);
      if (!medications) return null;
      const place = findCondition(await deps.categories.listPublic(), subcategoryId);
      if (!place) return null;
      return assembleConditionPage({
        ...place,
        medications,
        medicationQuery: query.medication,
        dosageQuery: query.dosage,
        sort: query.sort,
        pricesFor: (medication, dosage) => deps.prices.forMedication(medication.id, dosage),
        messagesFor: (medication) => deps.adminMessages.showingForMedication(medication.id),
      });
    },
  };
}
