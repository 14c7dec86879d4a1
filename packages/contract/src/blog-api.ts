import { z } from "zod";
import { BlogCategory, BlogPost } from "./entities.ts";
import { boundedInt } from "./query.ts";
import { text } from "./text.ts";

export const BLOG_LIMITS = { list: { default: 50, max: 100 }, related: 3 } as const;

/** Query of the public post list: published posts only. */
export const BlogPostListQuery = z.object({
  limit: boundedInt(1, BLOG_LIMITS.list.max, BLOG_LIMITS.list.default),
  category: BlogCategory.optional(),
  /**
   * Where the list is shown. `home` is a promoting surface: it leaves out posts whose title,
   * excerpt or tags name a prescription-only medicine (decision 040); the blog lists every post.
   */
  surface: z.enum(["blog", "home"], { error: "must be blog or home" }).default("blog"),
});
export type BlogPostListQuery = z.input<typeof BlogPostListQuery>;

export const BlogSlugParams = z.object({ slug: text().min(1).max(200) });

/** A card in a list: everything but the article body, which only the article page needs. */
export const BlogPostSummary = BlogPost.omit({ content: true });
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;
