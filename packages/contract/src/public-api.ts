import { z } from "zod";
import { ComparisonSort, ComparisonView } from "./comparison.ts";
import { Price, PricePharmacy } from "./entities.ts";
import { PUBLIC_API_LIMITS } from "./public-api-limits.ts";
import { boundedInt, MAX_OFFSET } from "./query.ts";
import { text } from "./text.ts";

/**
 * Request and response schemas of the public reads (public site §7); the endpoints themselves are
 * defined in `endpoints/public/`. Bodies are the entities themselves, never wrapped in an envelope.
 */

// ---------------------------------------------------------------- requests

/** Any id-shaped text: an unknown id is a 404, so the format is not checked here. */
const IdText = text().min(1).max(100);

const dosageText = text({
  error: (issue) => (issue.input === undefined ? "is required" : "must be a single value"),
})
  .trim()
  .min(1, { error: "must not be empty" })
  .max(200);

export const IdParams = z.object({ id: IdText });
export type IdParams = z.infer<typeof IdParams>;

export const SubcategoryParams = z.object({ id: IdText, subId: IdText });
export type SubcategoryParams = z.infer<typeof SubcategoryParams>;

export const MedicationIdParams = z.object({ medicationId: IdText });
export type MedicationIdParams = z.infer<typeof MedicationIdParams>;

/** Trimmed and length-checked by the route, which answers {@link SEARCH_TOO_SHORT_MESSAGE}. */
export const MedicationSearchParams = z.object({ query: text().max(PUBLIC_API_LIMITS.search.maxLength) });
export type MedicationSearchParams = z.infer<typeof MedicationSearchParams>;

export const MedicationListQuery = z.object({
  category: IdText.optional(),
  subcategory: IdText.optional(),
  limit: boundedInt(1, PUBLIC_API_LIMITS.medications.max, PUBLIC_API_LIMITS.medications.default),
  offset: boundedInt(0, MAX_OFFSET, 0),
});
export type MedicationListQuery = z.input<typeof MedicationListQuery>;

/** `dosage` must be one of the medication's dosages. */
export const DosageQuery = z.object({ dosage: dosageText });
export type DosageQuery = z.infer<typeof DosageQuery>;

export const OptionalDosageQuery = z.object({ dosage: dosageText.optional() });
export type OptionalDosageQuery = z.infer<typeof OptionalDosageQuery>;

export const TopRatedPharmaciesQuery = z.object({
  limit: boundedInt(
    1,
    PUBLIC_API_LIMITS.topRatedPharmacies.max,
    PUBLIC_API_LIMITS.topRatedPharmacies.default,
  ),
});
export type TopRatedPharmaciesQuery = z.input<typeof TopRatedPharmaciesQuery>;

export const RecentPriceUpdatesQuery = z.object({
  limit: boundedInt(
    1,
    PUBLIC_API_LIMITS.recentPriceUpdates.max,
    PUBLIC_API_LIMITS.recentPriceUpdates.default,
  ),
});
export type RecentPriceUpdatesQuery = z.input<typeof RecentPriceUpdatesQuery>;

// ---------------------------------------------------------------- responses

export const PriceMatrixCell = z.object({
  _id: z.string(),
  price: z.number().positive(),
  inStock: z.boolean(),
  link: z.string().nullable(),
  lastUpdated: z.iso.datetime({ offset: true }),
});
export type PriceMatrixCell = z.infer<typeof PriceMatrixCell>;

export const PriceMatrixRow = z.object({
  pharmacy: PricePharmacy,
  /** One entry per column of `dosages`, same order; null where the pharmacy has no price. */
  cells: z.array(PriceMatrixCell.nullable()),
});
export type PriceMatrixRow = z.infer<typeof PriceMatrixRow>;

export const PriceMatrix = z
  .object({
    medicationId: z.string(),
    medicationName: z.string(),
    /** Column headings: the medication's dosages in its own order. */
    dosages: z.array(z.string()),
    /** Per column, the cheapest in-stock price (null when none), to mark the best cell. */
    lowest: z.array(z.number().positive().nullable()),
    /** One row per active pharmacy with at least one price, ordered by pharmacy name. */
    rows: z.array(PriceMatrixRow),
  })
  .describe(
    "A dosage × pharmacy price grid ready to draw as a table: `dosages` are the columns, each row is a " +
      "pharmacy whose `cells` line up with `dosages` (null where it has no price), and `lowest` gives " +
      "each column's cheapest in-stock price.",
  );
export type PriceMatrix = z.infer<typeof PriceMatrix>;

export const RecentPriceUpdate = Price.extend({ medicationName: z.string() }).describe(
  "A price record with the medication's name, for a recently-updated list.",
);
export type RecentPriceUpdate = z.infer<typeof RecentPriceUpdate>;

/**
 * The condition page's query (public site §2, §4): the medication by name, the dosage, and the
 * order of the prices (issue 11; by price when absent).
 */
export const ConditionPageQuery = z.object({
  medication: text().max(200).optional(),
  dosage: text().max(200).optional(),
  sort: ComparisonSort.optional(),
  /** The price compared where some row has an introductory price (decision 057): three months by default. */
  view: ComparisonView.optional(),
  /** A course plan's id and a horizon in months (3, 6 or 12); anything else is the default. */
  plan: text().max(100).optional(),
  horizon: text().max(10).optional(),
});
export type ConditionPageQuery = z.input<typeof ConditionPageQuery>;

export const SubcategoryIdParams = z.object({ subcategoryId: IdText });
