import {
  assembleConditionPage,
  CONDITION_PAGE_MEDICATION_LIMIT,
  type ComparisonSort,
  type ComparisonView,
  type ConditionPage,
  findCondition,
} from "@pharmacompare/contract";
import type { CategoryService, CoursePlanService, MedicationService } from "../catalogue/index.ts";
import type { AdminMessageService } from "../inbox/index.ts";
import type { NhsRouteService } from "../nhs-route/index.ts";
import type { PriceEventsService } from "../price-events/index.ts";
import type { PriceService } from "../prices/index.ts";
import type { SupplyNoticeService } from "../supply/index.ts";

/**
 * The condition page in one answer (decision 012), assembled by the contract's function so the
 * web's fallback data makes exactly the same page from its static file.
 */
export function createConditionPageService(deps: {
  categories: CategoryService;
  medications: MedicationService;
  prices: PriceService;
  adminMessages: AdminMessageService;
  coursePlans: CoursePlanService;
  nhsRoute: NhsRouteService;
  priceEvents: PriceEventsService;
  supplyNotices: SupplyNoticeService;
}) {
  return {
    /** Null when the condition is unknown or not public. */
    async load(
      subcategoryId: string,
      query: {
        medication?: string | undefined;
        dosage?: string | undefined;
        sort?: ComparisonSort | undefined;
        view?: ComparisonView | undefined;
        plan?: string | undefined;
        horizon?: string | undefined;
      },
    ): Promise<ConditionPage | null> {
      const [first, place, named] = await Promise.all([
        deps.medications.firstOfSubcategory(subcategoryId, CONDITION_PAGE_MEDICATION_LIMIT),
        deps.categories.listPublic().then((tree) => findCondition(tree, subcategoryId)),
        query.medication ? deps.medications.findInSubcategoryByName(subcategoryId, query.medication) : null,
      ]);
      if (!first || !place) return null;
      // A medication the query names beyond the first ones joins the list (in name order), so the
      // contract's choice in the list is the one the whole condition would give.
      const medications =
        named && !first.medications.some((entry) => entry.id === named.id)
          ? [...first.medications, named]
          : first.medications;
      return assembleConditionPage({
        ...place,
        medications,
        medicationCount: first.count,
        medicationQuery: query.medication,
        dosageQuery: query.dosage,
        sort: query.sort,
        view: query.view,
        pricesFor: (medication, dosage) => deps.prices.forMedication(medication.id, dosage),
        messagesFor: (medication) => deps.adminMessages.showingForMedication(medication.id),
        planQuery: query.plan,
        horizonQuery: query.horizon,
        coursePlansFor: (medication) => deps.coursePlans.forMedication(medication.id),
        allPricesFor: (medication) => deps.prices.forMedication(medication.id),
        nhsFor: async (medication) => {
          const [route, inForce] = await Promise.all([
            deps.nhsRoute.routeFor(medication.id),
            deps.nhsRoute.inForce(),
          ]);
          return route ? { route, inForce } : null;
        },
        priceContextFor: (medication, dosage, todayLowest) =>
          deps.priceEvents.contextFor(medication.id, dosage, todayLowest),
        supplyNoticesFor: (medication, dosage) => deps.supplyNotices.activeFor(medication.id, dosage),
      });
    },
  };
}
