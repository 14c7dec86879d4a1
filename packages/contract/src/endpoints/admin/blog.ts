import { z } from "zod";
import { DEFAULT_FEATURED_IMAGE } from "../../blog-images.ts";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { AdminBlogPost } from "../../entities.ts";
import { BLOG_CATEGORIES } from "../../ids.ts";
import { text } from "../../text.ts";
import { hasInvisibleOrSpace, WEB_ADDRESS_CHARACTERS_RULE } from "../../web-address.ts";
import { MessageResponse } from "./auth.ts";
import { adminListPage, adminListQuery } from "./list-convention.ts";

/**
 * The back-office's blog (back-office §2 Blog list and Blog editor, §5, §7): every post, drafts
 * too. Only published posts are public (`/api/blog/posts…`). The server computes the read time,
 * the first publication date, the last change and the author (the signed-in admin's name).
 */

export const BLOG_POST_LIMITS = {
  titleMax: 200,
  slugMax: 120,
  excerptMax: 300,
  metaDescriptionMax: 160,
  contentMax: 100_000,
  /** Tags or meta keywords per post, and characters in each. */
  listMax: 30,
  itemMax: 60,
  featuredImageMax: 500,
} as const;

export const DEFAULT_BLOG_CATEGORY = "General Health" satisfies (typeof BLOG_CATEGORIES)[number];
/** Reading speed behind `readTime`. */
export const WORDS_PER_MINUTE = 200;

/**
 * The editor's Generate button (back-office §5): lowercase, each run of characters other than
 * letters and digits one hyphen, no hyphen at either end. Accents are dropped first ("Café" →
 * "cafe"), and the result is cut to the slug's 120 characters.
 */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, BLOG_POST_LIMITS.slugMax)
    .replace(/-+$/, "");
}

/** Minutes to read markdown: its words at {@link WORDS_PER_MINUTE}, rounded up, at least 1. */
export function readTimeOf(content: string): number {
  const words = content.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

const requiredText = (issue: { input: unknown }) =>
  issue.input === undefined ? "is required" : "must be text";

const required = (max: number) =>
  text({ error: requiredText })
    .trim()
    .min(1, { error: "is required" })
    .max(max, { error: `must be at most ${max} characters` });

/**
 * Tags or meta keywords: each trimmed, none blank, none repeated (ignoring case). A refusal names
 * the list's field (`tags`, `metaKeywords`), not an item, so the form shows it beside the field.
 */
function wordList(noun: string) {
  return z
    .array(text({ error: `each ${noun} must be text` }), { error: `must be a list of ${noun}s` })
    .max(BLOG_POST_LIMITS.listMax, { error: `must have at most ${BLOG_POST_LIMITS.listMax} ${noun}s` })
    .default([])
    .transform((items) => items.map((item) => item.trim()))
    .superRefine((items, context) => {
      if (items.some((item) => item === "")) {
        context.addIssue({ code: "custom", message: `must not contain a blank ${noun}` });
        return;
      }
      const long = items.find((item) => item.length > BLOG_POST_LIMITS.itemMax);
      if (long !== undefined) {
        context.addIssue({
          code: "custom",
          message: `each ${noun} must be at most ${BLOG_POST_LIMITS.itemMax} characters`,
        });
        return;
      }
      const seen = new Set<string>();
      for (const item of items) {
        const key = item.toLowerCase();
        if (seen.has(key)) {
          context.addIssue({ code: "custom", message: `must not repeat the ${noun} "${item}"` });
          return;
        }
        seen.add(key);
      }
    });
}

/** A site path ("/images/…") or an http(s) address: what an article's image may point at. */
const featuredImage = text({ error: "must be text" })
  .trim()
  .max(BLOG_POST_LIMITS.featuredImageMax, {
    error: `must be at most ${BLOG_POST_LIMITS.featuredImageMax} characters`,
  })
  // The one URL rule's characters (web-address.ts, issue 42); a site path is no absolute address, so kept as typed.
  .refine((value) => !hasInvisibleOrSpace(value), { error: WEB_ADDRESS_CHARACTERS_RULE, abort: true })
  .refine((value) => value === "" || /^(\/(?!\/)|https?:\/\/)\S+$/i.test(value), {
    error: "must be a path on this site (starting with /) or an http(s) address",
  })
  .nullable()
  .optional()
  .transform((value) => value || DEFAULT_FEATURED_IMAGE);

/**
 * A post as the editor sends it: every field, each time (back-office §5). Defaults: category
 * General Health, no tags or keywords, the placeholder image, not published.
 */
export const BlogPostInput = z.object({
  title: required(BLOG_POST_LIMITS.titleMax),
  slug: required(BLOG_POST_LIMITS.slugMax).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: "must be lowercase letters and digits in words joined by single hyphens",
  }),
  category: z
    .enum(BLOG_CATEGORIES, { error: `must be one of: ${BLOG_CATEGORIES.join(", ")}` })
    .default(DEFAULT_BLOG_CATEGORY),
  excerpt: required(BLOG_POST_LIMITS.excerptMax),
  metaDescription: required(BLOG_POST_LIMITS.metaDescriptionMax),
  content: required(BLOG_POST_LIMITS.contentMax),
  tags: wordList("tag"),
  metaKeywords: wordList("keyword"),
  featuredImage,
  published: z.boolean({ error: "must be true or false" }).default(false),
});
export type BlogPostInput = z.input<typeof BlogPostInput>;

export const BlogPostIdParams = z.object({ id: z.uuid({ error: "must be a blog post id" }) });

/**
 * `PATCH …/publish`: `published` sets the state; left out (or no body, which reaches the API as
 * null), the state is toggled.
 */
export const BlogPublishInput = z
  .object({ published: z.boolean({ error: "must be true or false" }).optional() })
  .nullish();
export type BlogPublishInput = z.input<typeof BlogPublishInput>;

export const BLOG_PAGE_LIMITS = { default: 20, max: 100 } as const;

/** `search`: a case-insensitive substring of the title or slug; `category` one of the blog's. */
export const AdminBlogListQuery = adminListQuery(BLOG_PAGE_LIMITS).extend({
  category: z.enum(BLOG_CATEGORIES, { error: `must be one of: ${BLOG_CATEGORIES.join(", ")}` }).optional(),
});
export type AdminBlogListQuery = z.input<typeof AdminBlogListQuery>;

export const AdminBlogPostList = adminListPage("posts", AdminBlogPost);
export type AdminBlogPostList = z.infer<typeof AdminBlogPostList>;
export const AdminBlogPostResponse = z.object({ post: AdminBlogPost });
export type AdminBlogPostResponse = z.infer<typeof AdminBlogPostResponse>;

export const listAdminBlogPosts = defineEndpoint({
  method: "GET",
  path: "/api/blog/admin/posts",
  access: "admin",
  tag: "blog admin",
  summary:
    "Blog posts, drafts too, most recently changed first: paged, searched by title or slug, filtered by category",
  query: AdminBlogListQuery,
  responses: { 200: AdminBlogPostList, ...refusals(400) },
});

export const getAdminBlogPost = defineEndpoint({
  method: "GET",
  path: "/api/blog/admin/posts/:id",
  access: "admin",
  tag: "blog admin",
  summary: "One post, published or not, for the editor",
  params: BlogPostIdParams,
  responses: { 200: AdminBlogPostResponse, ...refusals(400, 404) },
});

export const createBlogPost = defineEndpoint({
  method: "POST",
  path: "/api/blog/admin/posts",
  access: "admin",
  tag: "blog admin",
  summary: "Write a post (a draft unless `published`); the signed-in admin is its author",
  body: BlogPostInput,
  responses: { 201: AdminBlogPostResponse, ...refusals(400, 409) },
});

export const updateBlogPost = defineEndpoint({
  method: "PUT",
  path: "/api/blog/admin/posts/:id",
  access: "admin",
  tag: "blog admin",
  summary: "Replace a post's fields (the editor sends every field)",
  params: BlogPostIdParams,
  body: BlogPostInput,
  responses: { 200: AdminBlogPostResponse, ...refusals(400, 404, 409) },
});

export const deleteBlogPost = defineEndpoint({
  method: "DELETE",
  path: "/api/blog/admin/posts/:id",
  access: "admin",
  tag: "blog admin",
  summary: "Delete a post",
  params: BlogPostIdParams,
  responses: { 200: MessageResponse, ...refusals(400, 404) },
});

export const publishBlogPost = defineEndpoint({
  method: "PATCH",
  path: "/api/blog/admin/posts/:id/publish",
  access: "admin",
  tag: "blog admin",
  summary: "Publish or unpublish a post (toggled when `published` is left out)",
  description: "The first publication sets `publishDate`; unpublishing and publishing again keeps it.",
  params: BlogPostIdParams,
  body: BlogPublishInput,
  responses: { 200: AdminBlogPostResponse, ...refusals(400, 404) },
});
