/*
 * The public reads' limits, without their schemas: the search box in every page's first
 * JavaScript reads these, and zod stays out of it (decision 025).
 */

/** Bounds of the public list endpoints and of search (public site §5, §9). */
export const PUBLIC_API_LIMITS = {
  medications: { default: 100, max: 1000 },
  topRatedPharmacies: { default: 5, max: 50 },
  recentPriceUpdates: { default: 20, max: 100 },
  search: { minLength: 2, maxLength: 100, maxResults: 10 },
} as const;

export const SEARCH_TOO_SHORT_MESSAGE = `Search term must be at least ${PUBLIC_API_LIMITS.search.minLength} characters`;
