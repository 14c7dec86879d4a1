import { z } from "zod";
import { BlogCategory, BlogPost } from "./entities.ts";
import { pathSegment } from "./path-segment.ts";
import { text } from "./text.ts";

/** The public blog reads (public site §7): published posts only. */
export const blogApiRoutes = {
  posts: "/api/blog/posts",
  post: "/api/blog/posts/:slug",
  related: "/api/blog/posts/:slug/related",
} as const;

export const blogApiPaths = {
  posts: (query: { limit?: number; category?: string } = {}) => {
    const params = new URLSearchParams();
    if (query.limit !== undefined) params.set("limit", String(query.limit));
    if (query.category) params.set("category", query.category);
    const search = params.toString();
    return search ? `${blogApiRoutes.posts}?${search}` : blogApiRoutes.posts;
  },
  post: (slug: string) => `${blogApiRoutes.posts}/${pathSegment(slug)}`,
  related: (slug: string) => `${blogApiRoutes.posts}/${pathSegment(slug)}/related`,
} as const;

export const BLOG_LIMITS = { list: { default: 50, max: 100 }, related: 3 } as const;

const limitError = `must be a whole number from 1 to ${BLOG_LIMITS.list.max}`;

export const BlogPostListQuery = z.object({
  limit: z.coerce
    .number<number>({ error: limitError })
    .int({ error: limitError })
    .min(1, { error: limitError })
    .max(BLOG_LIMITS.list.max, { error: limitError })
    .default(BLOG_LIMITS.list.default),
  category: BlogCategory.optional(),
});
export type BlogPostListQuery = z.input<typeof BlogPostListQuery>;

export const BlogSlugParams = z.object({ slug: text().min(1).max(200) });

/** A card in a list: everything but the article body, which only the article page needs. */
export const BlogPostSummary = BlogPost.omit({ content: true });
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;
