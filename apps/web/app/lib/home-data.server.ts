import {
  type BlogPostSummary,
  type CatalogueFigures,
  type Pharmacy,
  publicEndpoints,
} from "@pharmacompare/contract";
import { serverApi } from "./api.server.ts";
import type { ApiClient } from "./api-client.ts";
import { sortNewestFirst } from "./blog.ts";
import { type PopularSearch, popularSearches } from "./popular-searches.ts";
import { logServerError } from "./server-log.server.ts";

/** How many blog posts the home page shows (public site §2, §9). */
const LATEST_POSTS_COUNT = 3;

/** A home-page section's data, or null when the API could not provide it (the section says so). */
export interface HomeData {
  pharmacies: Pharmacy[] | null;
  latestPosts: BlogPostSummary[] | null;
  popularSearches: PopularSearch[];
  /** The live figures behind the stats strip's claims. */
  figures: CatalogueFigures | null;
}

/**
 * Everything the home page needs besides the root loader's category tree. The calls run in
 * parallel and each failure only empties its own section, so the page always renders.
 */
export async function loadHomeData(signal: AbortSignal, api: ApiClient = serverApi()): Promise<HomeData> {
  const init = { signal };
  const [pharmacies, latestPosts, figures] = await Promise.all([
    attempt("pharmacies", signal, () => api.call(publicEndpoints.listPharmacies, {}, init)),
    attempt("latest blog posts", signal, async () => {
      const latest = await api.call(
        publicEndpoints.listBlogPosts,
        // The home page promotes: posts naming a prescription-only medicine stay on the blog (decision 040).
        { query: { limit: LATEST_POSTS_COUNT, surface: "home" } },
        init,
      );
      return sortNewestFirst(latest).slice(0, LATEST_POSTS_COUNT);
    }),
    attempt("catalogue figures", signal, () => api.call(publicEndpoints.catalogueFigures, {}, init)),
  ]);
  return { pharmacies, latestPosts, popularSearches: [...popularSearches], figures };
}

async function attempt<T>(what: string, signal: AbortSignal, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (!signal.aborted) logServerError(`home: ${what} unavailable`, error);
    return null;
  }
}
