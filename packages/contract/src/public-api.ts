import { z } from "zod";
import { AdminMessage, Medication, Price, PricePharmacy } from "./entities.ts";
import { pathSegment } from "./path-segment.ts";
import { text } from "./text.ts";

/**
 * The public read API (public site §7): route patterns for the API, path helpers for the web
 * client, and the request and response schemas both validate against. Bodies are the entities
 * themselves, never wrapped in an envelope.
 */

/** Bounds of the public list endpoints and of search (public site §5, §9). */
export const PUBLIC_API_LIMITS = {
  medications: { default: 100, max: 1000 },
  topRatedPharmacies: { default: 5, max: 50 },
  recentPriceUpdates: { default: 20, max: 100 },
  search: { minLength: 2, maxLength: 100, maxResults: 10 },
} as const;

export const SEARCH_TOO_SHORT_MESSAGE = `Search term must be at least ${PUBLIC_API_LIMITS.search.minLength} characters`;

// ---------------------------------------------------------------- requests

/** Any id-shaped text: an unknown id is a 404, so the format is not checked here. */
const IdText = text().min(1).max(100);

function boundedInt(min: number, max: number, fallback: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce
    .number<number>({ error })
    .int({ error })
    .min(min, { error })
    .max(max, { error })
    .default(fallback);
}

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
  offset: z.coerce
    .number<number>({ error: "must be a whole number of 0 or more" })
    .int({ error: "must be a whole number of 0 or more" })
    .min(0, { error: "must be a whole number of 0 or more" })
    .default(0),
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

export const MedicationComparison = z
  .object({
    medication: Medication,
    dosage: z.string(),
    /** Every public price for the dosage, in stock or not, cheapest first. */
    prices: z.array(Price),
    /** The cheapest in-stock price; null when nothing is in stock. */
    lowest: Price.nullable(),
    /** Most expensive minus cheapest in-stock price, in pounds; 0 with fewer than two. */
    savings: z.number().nonnegative(),
  })
  .describe(
    "A medication and all public prices for one of its dosages, cheapest first. `lowest` is the cheapest " +
      "in-stock price (null when none is in stock); `savings` is the highest minus the lowest in-stock price.",
  );
export type MedicationComparison = z.infer<typeof MedicationComparison>;

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

/**
 * An admin message as visitors see it: what to show and where, without the back-office fields
 * (who wrote it, whether it is switched on, when it was created).
 */
export const PublicAdminMessage = AdminMessage.pick({
  _id: true,
  medicationId: true,
  medicationName: true,
  pharmacyId: true,
  pharmacyName: true,
  category: true,
  title: true,
  message: true,
  startDate: true,
  endDate: true,
  priority: true,
}).describe(
  "A message showing now on a medication's page: a page banner, or a note in one pharmacy's price row " +
    "when `pharmacyId` is set.",
);
export type PublicAdminMessage = z.infer<typeof PublicAdminMessage>;

export const RecentPriceUpdate = Price.extend({ medicationName: z.string() }).describe(
  "A price record with the medication's name, for a recently-updated list.",
);
export type RecentPriceUpdate = z.infer<typeof RecentPriceUpdate>;

// ---------------------------------------------------------------- paths

/** Route patterns as the API registers them. */
export const publicApiRoutes = {
  categories: "/api/categories",
  category: "/api/categories/:id",
  subcategory: "/api/categories/:id/:subId",
  medications: "/api/medications",
  medicationsBySubcategory: "/api/medications/by-subcategory/:id",
  medicationSearch: "/api/medications/search/:query",
  medication: "/api/medications/:id",
  medicationComparison: "/api/medications/:id/comparison",
  pharmacies: "/api/pharmacies",
  topRatedPharmacies: "/api/pharmacies/top/rated",
  pharmacy: "/api/pharmacies/:id",
  pricesForMedication: "/api/prices/medication/:id",
  lowestPrice: "/api/prices/lowest/:id",
  priceMatrix: "/api/prices/matrix/:id",
  recentPriceUpdates: "/api/prices/recent-updates",
  /** No /api prefix: the specification's path (public site §7). */
  adminMessagesForMedication: "/admin-messages/medication/:medicationId",
} as const;

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Paths the web client calls, built so they always match {@link publicApiRoutes}. */
export const publicApiPaths = {
  categories: () => publicApiRoutes.categories,
  category: (id: string) => `/api/categories/${pathSegment(id)}`,
  subcategory: (id: string, subId: string) => `/api/categories/${pathSegment(id)}/${pathSegment(subId)}`,
  medications: (query: MedicationListQuery = {}) => withQuery(publicApiRoutes.medications, query),
  medicationsBySubcategory: (id: string) => `/api/medications/by-subcategory/${pathSegment(id)}`,
  medicationSearch: (query: string) => `/api/medications/search/${pathSegment(query)}`,
  medication: (id: string) => `/api/medications/${pathSegment(id)}`,
  medicationComparison: (id: string, dosage: string) =>
    withQuery(`/api/medications/${pathSegment(id)}/comparison`, { dosage }),
  pharmacies: () => publicApiRoutes.pharmacies,
  topRatedPharmacies: (query: TopRatedPharmaciesQuery = {}) =>
    withQuery(publicApiRoutes.topRatedPharmacies, query),
  pharmacy: (id: string) => `/api/pharmacies/${pathSegment(id)}`,
  pricesForMedication: (id: string, query: OptionalDosageQuery = {}) =>
    withQuery(`/api/prices/medication/${pathSegment(id)}`, query),
  lowestPrice: (id: string, dosage: string) => withQuery(`/api/prices/lowest/${pathSegment(id)}`, { dosage }),
  priceMatrix: (id: string) => `/api/prices/matrix/${pathSegment(id)}`,
  recentPriceUpdates: (query: RecentPriceUpdatesQuery = {}) =>
    withQuery(publicApiRoutes.recentPriceUpdates, query),
  adminMessagesForMedication: (medicationId: string) =>
    `/admin-messages/medication/${pathSegment(medicationId)}`,
} as const;
