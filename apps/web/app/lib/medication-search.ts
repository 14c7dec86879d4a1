import { PUBLIC_API_LIMITS } from "@pharmacompare/contract";
import type { NavCategory } from "./nav-categories.ts";

/**
 * The medication search rules shared by the suggestions combobox (browser) and the /search page
 * (server): the same term, the same limits and the same wording (public site §4, §5, §9).
 */
export const SEARCH_MIN_LENGTH = PUBLIC_API_LIMITS.search.minLength;
export const SEARCH_MAX_RESULTS = PUBLIC_API_LIMITS.search.maxResults;
export const SEARCH_MAX_LENGTH = PUBLIC_API_LIMITS.search.maxLength;

/** What the API searches for: the typed text without surrounding spaces. */
export function searchTerm(raw: string): string {
  return raw.trim();
}

/** Only terms of 2+ characters are searched; shorter ones show nothing at all. */
export function isSearchable(term: string): boolean {
  return term.length >= SEARCH_MIN_LENGTH;
}

export function noMatchMessage(term: string): string {
  return `No medications found for "${term}"`;
}

/** Subcategory id → name, to show which condition a medication treats. */
export function conditionNames(categories: readonly NavCategory[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const category of categories) {
    for (const subcategory of category.subcategories) names[subcategory.id] = subcategory.name;
  }
  return names;
}
