import {
  BLOG_LIMITS,
  BlogPost,
  BlogPostListQuery,
  BlogPostSummary,
  BlogSlugParams,
  blogApiRoutes,
  ErrorBody,
} from "@pharmacompare/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../plugins/error-handler.ts";

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    blogApiRoutes.posts,
    {
      config: { cache: "public" },
      schema: {
        tags: ["blog"],
        summary: "Published blog posts, newest first (without their body)",
        querystring: BlogPostListQuery,
        response: { 200: z.array(BlogPostSummary), 400: ErrorBody },
      },
    },
    async (request) => app.services.blog.listPublished(request.query),
  );

  app.get(
    blogApiRoutes.post,
    {
      config: { cache: "public" },
      schema: {
        tags: ["blog"],
        summary: "One published post by its slug, with its markdown body",
        params: BlogSlugParams,
        response: { 200: BlogPost, 404: ErrorBody },
      },
    },
    async (request) => {
      const post = await app.services.blog.getPublishedBySlug(request.params.slug);
      if (!post) throw notFound(`Blog post "${request.params.slug}" not found`);
      return post;
    },
  );

  app.get(
    blogApiRoutes.related,
    {
      config: { cache: "public" },
      schema: {
        tags: ["blog"],
        summary: `Up to ${BLOG_LIMITS.related} other published posts in the same category`,
        params: BlogSlugParams,
        response: { 200: z.array(BlogPostSummary), 404: ErrorBody },
      },
    },
    async (request) => {
      const related = await app.services.blog.listRelated(request.params.slug, BLOG_LIMITS.related);
      if (!related) throw notFound(`Blog post "${request.params.slug}" not found`);
      return related;
    },
  );
};
