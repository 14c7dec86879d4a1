import { BLOG_LIMITS, type BlogPost, type BlogPostSummary, publicEndpoints } from "@pharmacompare/contract";
import { serverApi } from "./api.server.ts";
import { type ApiClient, refusedAddress } from "./api-client.ts";
import { RELATED_POSTS_LIMIT, sortNewestFirst } from "./blog.ts";
import { logServerError } from "./server-log.server.ts";

/** Every published post, newest first, or null when the API could not provide them. */
export async function loadBlogPosts(
  signal: AbortSignal,
  api: ApiClient = serverApi(),
): Promise<BlogPostSummary[] | null> {
  try {
    // The index lists all posts: ask for the most the API allows in one page.
    const query = { limit: BLOG_LIMITS.list.max };
    return sortNewestFirst(await api.call(publicEndpoints.listBlogPosts, { query }, { signal }));
  } catch (error) {
    if (!signal.aborted) logServerError("blog: posts unavailable", error);
    return null;
  }
}

export type BlogArticle =
  | { status: "found"; post: BlogPost; related: BlogPostSummary[] }
  | { status: "not-found" }
  | { status: "unavailable" };

/**
 * One article and its related posts, fetched together. An unknown slug is `not-found`; any other
 * failure of the article is `unavailable`; a failure of the related list only empties that list.
 */
export async function loadBlogArticle(
  slug: string,
  signal: AbortSignal,
  api: ApiClient = serverApi(),
): Promise<BlogArticle> {
  const init = { signal };
  const [post, related] = await Promise.allSettled([
    api.call(publicEndpoints.getBlogPost, { params: { slug } }, init),
    api.call(publicEndpoints.relatedBlogPosts, { params: { slug } }, init),
  ]);

  if (post.status === "rejected") {
    if (refusedAddress(post.reason)) return { status: "not-found" };
    if (!signal.aborted) logServerError(`blog: article "${slug}" unavailable`, post.reason);
    return { status: "unavailable" };
  }
  if (related.status === "rejected" && !signal.aborted) {
    logServerError(`blog: related articles for "${slug}" unavailable`, related.reason);
  }
  const others = related.status === "fulfilled" ? related.value : [];
  return {
    status: "found",
    post: post.value,
    related: others.filter((other) => other.slug !== slug).slice(0, RELATED_POSTS_LIMIT),
  };
}
