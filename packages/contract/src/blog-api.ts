import { z } from "zod";
import { BlogCategory, BlogPost } from "./entities.ts";
import { boundedInt } from "./query.ts";
import { text } from "./text.ts";

export const BLOG_LIMITS = { list: { default: 50, max: 100 }, related: 3 } as const;

/** Query of the public post list: published posts only. */
export const BlogPostListQuery = z.object({
  limit: boundedInt(1, BLOG_LIMITS.list.max, BLOG_LIMITS.list.default),
  category: BlogCategory.optional(),
});
export type BlogPostListQuery = z.input<typeof BlogPostListQuery>;

export const BlogSlugParams = z.object({ slug: text().min(1).max(200) });

/** A card in a list: everything but the article body, which only the article page needs. */
export const BlogPostSummary = BlogPost.omit({ content: true });
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;
