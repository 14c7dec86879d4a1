import { type BlogPostSummary, londonDay } from "@pharmacompare/contract";

/** Blog cards show at most this many tags (public site §9). */
export const CARD_TAG_LIMIT = 3;

/** Related articles under a post (public site §9). */
export const RELATED_POSTS_LIMIT = 3;

/** The blog index's fixed popular-tags list, in the order shown (public site §2). */
export const POPULAR_TAGS = ["Wegovy", "Ozempic", "Weight Loss", "Viagra", "Savings", "Mounjaro"] as const;

/**
 * Whether an article shows an "Updated" date: only when it falls on another calendar day than the
 * publish date, so a same-day correction does not print the same date twice.
 */
export function showsUpdatedDate(publishDate: string, lastUpdated: string): boolean {
  const published = new Date(publishDate);
  const updated = new Date(lastUpdated);
  if (Number.isNaN(published.getTime()) || Number.isNaN(updated.getTime())) return false;
  // The UK calendar day: the day a reader sees printed, whatever the server's zone.
  return londonDay(published) !== londonDay(updated);
}

/** Newest first by publish date, whatever order the API used. */
export function sortNewestFirst<T extends Pick<BlogPostSummary, "publishDate">>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => Date.parse(b.publishDate) - Date.parse(a.publishDate));
}

export interface CategoryCount {
  category: string;
  count: number;
}

/** How many posts each category holds: most first, then by name. */
export function countCategories(posts: readonly { category: string }[]): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const post of posts) counts.set(post.category, (counts.get(post.category) ?? 0) + 1);
  return [...counts]
    .map(([category, count]) => ({ category, count }))
    .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category, "en-GB"));
}
