import {
  type BlogPostSummary,
  type CatalogueFigures,
  findMedicationByName,
  type Pharmacy,
  publicEndpoints,
} from "@pharmacompare/contract";
import { serverApi } from "./api.server.ts";
import type { ApiClient } from "./api-client.ts";
import { sortNewestFirst } from "./blog.ts";
import { searchMedications } from "./medication-search-request.ts";
import { logServerError } from "./server-log.server.ts";

/** How many blog posts the home page shows (public site §2, §9). */
export const LATEST_POSTS_COUNT = 3;

/** The hero's popular searches, in the order shown; each resolves to a medication in the catalogue. */
export const POPULAR_SEARCH_TERMS = [
  "Wegovy",
  "Mounjaro",
  "Viagra",
  "Sildenafil",
  "Finasteride",
  "Microgynon",
];

export interface PopularSearch {
  label: string;
  /** The catalogue's own name for the medication, passed to the condition page. */
  medicationName: string;
  subcategoryId: string;
}

/** A home-page section's data, or null when the API could not provide it (the section says so). */
export interface HomeData {
  pharmacies: Pharmacy[] | null;
  latestPosts: BlogPostSummary[] | null;
  popularSearches: PopularSearch[];
  /** The live figures behind the stats strip's claims. */
  figures: CatalogueFigures | null;
}

/** How long resolved popular searches are reused: the catalogue's names change rarely. */
export const POPULAR_SEARCHES_TTL_MS = 5 * 60 * 1000;

export interface PopularSearchCache {
  get(api: ApiClient, signal: AbortSignal): Promise<PopularSearch[]>;
}

/**
 * Keeps the resolved popular searches in this process for `ttlMs`, so a home page render costs three
 * API calls instead of nine. Only a complete resolution is kept: when any term fails, the next
 * render tries again rather than serving a short list for five minutes.
 */
export function createPopularSearchCache(
  ttlMs = POPULAR_SEARCHES_TTL_MS,
  now: () => number = Date.now,
): PopularSearchCache {
  let cached: { value: PopularSearch[]; expiresAt: number } | null = null;
  return {
    async get(api, signal) {
      if (cached && now() < cached.expiresAt) return cached.value;
      const { searches, complete } = await resolvePopularSearches(api, signal);
      if (complete) cached = { value: searches, expiresAt: now() + ttlMs };
      return searches;
    },
  };
}

const popularSearchCache = createPopularSearchCache();

/**
 * Everything the home page needs besides the root loader's category tree. The calls run in
 * parallel and each failure only empties its own section, so the page always renders.
 */
export async function loadHomeData(
  signal: AbortSignal,
  api: ApiClient = serverApi(),
  popularSearches: PopularSearchCache = popularSearchCache,
): Promise<HomeData> {
  const init = { signal };
  const [pharmacies, latestPosts, searches, figures] = await Promise.all([
    attempt("pharmacies", signal, () => api.call(publicEndpoints.listPharmacies, {}, init)),
    attempt("latest blog posts", signal, async () => {
      const latest = await api.call(
        publicEndpoints.listBlogPosts,
        { query: { limit: LATEST_POSTS_COUNT } },
        init,
      );
      return sortNewestFirst(latest).slice(0, LATEST_POSTS_COUNT);
    }),
    popularSearches.get(api, signal),
    attempt("catalogue figures", signal, () => api.call(publicEndpoints.catalogueFigures, {}, init)),
  ]);
  return { pharmacies, latestPosts, popularSearches: searches, figures };
}

async function resolvePopularSearches(
  api: ApiClient,
  signal: AbortSignal,
): Promise<{ searches: PopularSearch[]; complete: boolean }> {
  const settled = await Promise.allSettled(
    POPULAR_SEARCH_TERMS.map(async (label): Promise<PopularSearch | null> => {
      const medication = findMedicationByName(await searchMedications(api, label, { signal }), label);
      return medication
        ? { label, medicationName: medication.name, subcategoryId: medication.subcategory }
        : null;
    }),
  );
  const failed = settled.filter((result) => result.status === "rejected");
  // One line for the lot: when the API is down every term fails for the same reason.
  if (failed[0] && !signal.aborted) {
    logServerError(
      `home: ${failed.length} of ${settled.length} popular searches unavailable`,
      failed[0].reason,
    );
  }
  // A term that failed, or that the catalogue no longer has, is simply left out.
  const searches = settled.flatMap((result) =>
    result.status === "fulfilled" && result.value ? [result.value] : [],
  );
  return { searches, complete: failed.length === 0 };
}

async function attempt<T>(what: string, signal: AbortSignal, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (!signal.aborted) logServerError(`home: ${what} unavailable`, error);
    return null;
  }
}
