import { z } from "zod";
import { BLOG_LIMITS, BlogPostListQuery, BlogPostSummary, BlogSlugParams } from "../../blog-api.ts";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { BlogPost } from "../../entities.ts";

export const listBlogPosts = defineEndpoint({
  method: "GET",
  path: "/api/blog/posts",
  access: "public",
  tag: "blog",
  summary: "Published blog posts, newest first (without their body)",
  cache: "public",
  query: BlogPostListQuery,
  responses: { 200: z.array(BlogPostSummary), ...refusals(400) },
});

export const getBlogPost = defineEndpoint({
  method: "GET",
  path: "/api/blog/posts/:slug",
  access: "public",
  tag: "blog",
  summary: "One published post by its slug, with its markdown body",
  cache: "public",
  params: BlogSlugParams,
  responses: { 200: BlogPost, ...refusals(400, 404) },
});

export const relatedBlogPosts = defineEndpoint({
  method: "GET",
  path: "/api/blog/posts/:slug/related",
  access: "public",
  tag: "blog",
  summary: `Up to ${BLOG_LIMITS.related} other published posts in the same category`,
  cache: "public",
  params: BlogSlugParams,
  responses: { 200: z.array(BlogPostSummary), ...refusals(400, 404) },
});
